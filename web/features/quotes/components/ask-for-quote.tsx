import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { RequestQuoteBodySchema } from '#contract/quote-schemas.ts';
import { QUOTE_MESSAGE_MAX_CHARS, WANTED_BY_MAX_DAYS } from '#contract/quotes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitError, TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { emptyAsMissing } from '#web/lib/form-values.ts';
import * as paths from '#web/lib/paths.ts';
import { useRequestQuote } from '../api/quote-mutations.ts';
import { dayFromToday } from '../utils/quote-days.ts';

const AskSchema = RequestQuoteBodySchema.extend({
  wantedBy: z.preprocess(emptyAsMissing, RequestQuoteBodySchema.shape.wantedBy),
});
type AskInput = z.input<typeof AskSchema>;
type AskValues = z.output<typeof AskSchema>;
const FIELDS = ['message', 'wantedBy'] as const;
const OUTCOME = {
  notDone: 'No quote was asked for.',
  unknown: 'See your quotes to check whether it was asked for.',
};

/**
 * Instead of ordering: a quote of the whole cart as it is stored (quantities above stock too), with
 * what the buyer wants (a price, a date) in words. The cart stays as it is.
 */
export function AskForQuote({ blockedBy }: { blockedBy: string | null }) {
  const [isOpen, setIsOpen] = useState(false);
  // Opening the form takes its button away, and closing it the form's: focus goes to what comes
  // in their place (the request's first field, the button again), not to the page's start.
  const isToggled = useRef(false);
  const askId = useId();
  const toggle = (open: boolean) => {
    isToggled.current = true;
    setIsOpen(open);
  };
  const request = useRequestQuote();
  const navigate = useNavigate();
  const toast = useToast();
  const form = useForm<AskInput, unknown, AskValues>({
    resolver: zodResolver(AskSchema),
    defaultValues: { message: '', wantedBy: '' },
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const { errors } = form.formState;
  useEffect(() => {
    if (!isToggled.current) return;
    if (isOpen) form.setFocus('message');
    else document.getElementById(askId)?.focus();
  }, [isOpen, form, askId]);
  const onSubmit = form.handleSubmit((body) =>
    request.mutate(body, {
      onSuccess: (quote) => {
        clear();
        toast.success(`Quote ${quote.number} asked for: we will answer by email.`);
        navigate(paths.quote(quote._id));
      },
      onError: fail,
    }),
  );
  return (
    <section aria-labelledby="ask-for-quote" className="space-y-3 border-t border-stone-200 pt-6">
      <h3 id="ask-for-quote" className="text-lg font-bold text-navy-900">
        Need more, a better price or a date?
      </h3>
      <p className="text-sm text-stone-700">
        Ask us for a quote of this cart instead of ordering: quantities above our stock too.
      </p>
      {blockedBy && <p className="text-sm text-stone-700">{blockedBy}</p>}
      {!isOpen ? (
        <Button
          id={askId}
          variant="outline"
          disabled={blockedBy !== null}
          onClick={() => toggle(true)}
        >
          Ask for a quote
        </Button>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <TextAreaField
            label="What do you need?"
            hint="A price, a quantity, a delivery date: we answer on the quote and by email."
            rows={4}
            maxLength={QUOTE_MESSAGE_MAX_CHARS}
            error={errors.message?.message}
            {...form.register('message')}
          />
          <TextField
            label="Wanted by (optional)"
            type="date"
            min={dayFromToday()}
            max={dayFromToday(WANTED_BY_MAX_DAYS)}
            error={errors.wantedBy?.message}
            {...form.register('wantedBy')}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" isPending={request.isPending}>
              Send the request
            </Button>
            <Button variant="ghost" onClick={() => toggle(false)}>
              Not now
            </Button>
          </div>
          <SubmitError failure={failure} />
        </form>
      )}
    </section>
  );
}
