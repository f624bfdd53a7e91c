import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { formatCount } from '#contract/format.ts';
import { formatMoney, fractionDigits, fromMinorUnits, toMinorUnits } from '#contract/money.ts';
import { OfferQuoteBodySchema, type Quote } from '#contract/quote-schemas.ts';
import { OFFER_VALIDITY_MAX_DAYS, QUOTE_MESSAGE_MAX_CHARS } from '#contract/quotes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormError, SubmitError, TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useOfferQuote } from '../api/quote-mutations.ts';
import { dayFromToday } from '../utils/quote-days.ts';

const OUTCOME = {
  notDone: 'The offer was not sent.',
  unknown: 'Read the quote again to see whether it was sent.',
};

/** The form's fields are named as the API names them, so its refusals land under them. */
type OfferInput = { lines: { offeredUnitPrice: string }[]; validUntil: string; message: string };
type OfferValues = {
  lines: { offeredUnitPrice: number | null }[];
  validUntil: string;
  message: string;
};

/**
 * A price per line, typed in currency units (empty: the line is left out), at least one of them;
 * the last day, checked as the store checks it; the note.
 */
function offerSchema(currency: string) {
  const example = fractionDigits(currency) > 0 ? '12.50' : '1250';
  const price = z.string().transform((typed, context) => {
    if (typed.trim() === '') return null;
    const minor = toMinorUnits(typed, currency);
    if (minor === undefined) {
      context.addIssue({
        code: 'custom',
        message: `Enter a price such as ${example}, or leave it empty to leave the line out.`,
      });
      return z.NEVER;
    }
    return minor;
  });
  return z.object({
    lines: z
      .array(z.object({ offeredUnitPrice: price }))
      .refine((lines) => lines.some((line) => line.offeredUnitPrice !== null), {
        error: 'Offer at least one line; to offer nothing, refuse the request.',
      }),
    validUntil: z
      .string()
      .min(1, { error: 'Enter the last day the offer holds.' })
      .pipe(OfferQuoteBodySchema.shape.validUntil),
    message: z.string(),
  });
}

/**
 * The store's offer: a unit price per line (empty: the line is not offered), the last day it
 * holds, a note; sending it replaces any earlier offer and emails the buyer.
 */
export function OfferForm({ quote }: { quote: Quote }) {
  const offer = useOfferQuote();
  const toast = useToast();
  const form = useForm<OfferInput, unknown, OfferValues>({
    resolver: zodResolver(offerSchema(quote.currency)),
    defaultValues: {
      lines: quote.lines.map((line) => ({
        offeredUnitPrice: fromMinorUnits(
          line.offeredUnitPrice ?? line.listUnitPrice,
          quote.currency,
        ),
      })),
      validUntil: quote.validUntil?.slice(0, 10) ?? dayFromToday(14),
      message: '',
    },
  });
  const fields = [
    'validUntil',
    'message',
    'lines',
    ...quote.lines.map((_, index) => `lines.${index}.offeredUnitPrice` as const),
  ] as const;
  const { failure, fail, clear } = useSubmitFailure(form.setError, fields, OUTCOME);
  const { errors } = form.formState;
  // Every line left out is the whole list's fault: the keyboard goes to its first price.
  const linesError = errors.lines?.root?.message ?? errors.lines?.message;

  const onSubmit = form.handleSubmit(
    async ({ lines, validUntil, message }) => {
      const body = {
        lines: quote.lines.map((line, index) => ({
          position: line.position,
          offeredUnitPrice: lines[index]?.offeredUnitPrice ?? null,
        })),
        validUntil,
        ...(message.trim() ? { message: message.trim() } : {}),
      };
      try {
        await offer.mutateAsync({ id: quote._id, body });
      } catch (error) {
        fail(error);
        return;
      }
      clear();
      form.setValue('message', '');
      toast.success(`The offer on ${quote.number} is sent.`);
    },
    (invalid) => {
      if (invalid.lines?.root) form.setFocus('lines.0.offeredUnitPrice');
    },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby="make-offer">
      <h2 id="make-offer" className="text-lg font-bold text-navy-900">
        {quote.status === 'offered' ? 'Change the offer' : 'Make an offer'}
      </h2>
      <p className="text-sm text-stone-700">
        Unit prices in {quote.currency}; leave a price empty to leave its line out of the offer.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {quote.lines.map((line, index) => (
          <li key={line.position}>
            <TextField
              label={`${line.productName} × ${formatCount(line.quantity)}`}
              hint={`Listed at ${formatMoney(line.listUnitPrice, quote.currency)} each.`}
              inputMode="decimal"
              autoComplete="off"
              error={errors.lines?.[index]?.offeredUnitPrice?.message}
              {...form.register(`lines.${index}.offeredUnitPrice`)}
            />
          </li>
        ))}
      </ul>
      <FormError>{linesError}</FormError>
      <TextField
        label="Valid until (the last day, UTC)"
        type="date"
        required
        min={dayFromToday()}
        max={dayFromToday(OFFER_VALIDITY_MAX_DAYS)}
        error={errors.validUntil?.message}
        {...form.register('validUntil')}
      />
      <TextAreaField
        label="Note for the buyer (optional)"
        rows={3}
        maxLength={QUOTE_MESSAGE_MAX_CHARS}
        error={errors.message?.message}
        {...form.register('message')}
      />
      <Button type="submit" isPending={offer.isPending}>
        Send the offer
      </Button>
      <SubmitError failure={failure} />
    </form>
  );
}
