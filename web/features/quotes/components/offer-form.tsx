import { useState } from 'react';
import { formatCount } from '#contract/format.ts';
import { formatMoney, fromMinorUnits, toMinorUnits } from '#contract/money.ts';
import type { Quote } from '#contract/quote-schemas.ts';
import { OFFER_VALIDITY_MAX_DAYS, QUOTE_MESSAGE_MAX_CHARS } from '#contract/quotes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormError, SubmitError, TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useOfferQuote } from '../api/quote-mutations.ts';
import { dayFromToday } from '../utils/quote-days.ts';

const NO_FIELDS = [] as const;
const OUTCOME = {
  notDone: 'The offer was not sent.',
  unknown: 'Read the quote again to see whether it was sent.',
};

/**
 * The store's offer: a unit price per line (empty: the line is not offered), the last day it
 * holds, a note; sending it replaces any earlier offer and emails the buyer.
 */
export function OfferForm({ quote }: { quote: Quote }) {
  const offer = useOfferQuote();
  const toast = useToast();
  const [prices, setPrices] = useState<Record<number, string>>(() =>
    Object.fromEntries(
      quote.lines.map((line) => [
        line.position,
        fromMinorUnits(line.offeredUnitPrice ?? line.listUnitPrice, quote.currency),
      ]),
    ),
  );
  const [validUntil, setValidUntil] = useState(quote.validUntil?.slice(0, 10) ?? dayFromToday(14));
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const noForm = { setError: () => {} };
  const { failure, fail, clear } = useSubmitFailure(noForm.setError, NO_FIELDS, OUTCOME);

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    const lines = quote.lines.map((line) => {
      const typed = (prices[line.position] ?? '').trim();
      return {
        position: line.position,
        offeredUnitPrice: typed === '' ? null : (toMinorUnits(typed, quote.currency) ?? -1),
      };
    });
    if (lines.some((line) => line.offeredUnitPrice === -1)) {
      setProblem('Each price must be an amount such as 12.50, or empty to leave the line out.');
      return;
    }
    if (lines.every((line) => line.offeredUnitPrice === null)) {
      setProblem('Offer at least one line; to offer nothing, refuse the request.');
      return;
    }
    setProblem(null);
    offer.mutate(
      {
        id: quote._id,
        body: { lines, validUntil, ...(message.trim() ? { message: message.trim() } : {}) },
      },
      {
        onSuccess: () => {
          clear();
          setMessage('');
          toast.success(`The offer on ${quote.number} is sent.`);
        },
        onError: fail,
      },
    );
  };

  return (
    <form noValidate onSubmit={send} className="space-y-4" aria-labelledby="make-offer">
      <h2 id="make-offer" className="text-lg font-bold text-navy-900">
        {quote.status === 'offered' ? 'Change the offer' : 'Make an offer'}
      </h2>
      <p className="text-sm text-stone-700">
        Unit prices in {quote.currency}; leave a price empty to leave its line out of the offer.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {quote.lines.map((line) => (
          <li key={line.position}>
            <TextField
              label={`${line.productName} × ${formatCount(line.quantity)}`}
              hint={`Listed at ${formatMoney(line.listUnitPrice, quote.currency)} each.`}
              inputMode="decimal"
              value={prices[line.position] ?? ''}
              onChange={(event) =>
                setPrices((all) => ({ ...all, [line.position]: event.target.value }))
              }
            />
          </li>
        ))}
      </ul>
      <TextField
        label="Valid until (the last day, UTC)"
        type="date"
        required
        min={dayFromToday()}
        max={dayFromToday(OFFER_VALIDITY_MAX_DAYS)}
        value={validUntil}
        onChange={(event) => setValidUntil(event.target.value)}
      />
      <TextAreaField
        label="Note for the buyer (optional)"
        rows={3}
        maxLength={QUOTE_MESSAGE_MAX_CHARS}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
      />
      <Button type="submit" isPending={offer.isPending}>
        Send the offer
      </Button>
      <FormError>{problem}</FormError>
      <SubmitError failure={failure} />
    </form>
  );
}
