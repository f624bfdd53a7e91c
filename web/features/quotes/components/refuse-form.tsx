import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type Quote,
  type RefuseQuoteBody,
  RefuseQuoteBodySchema,
} from '#contract/quote-schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitError, TextAreaField } from '#web/components/ui/field.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useRefuseQuote } from '../api/quote-mutations.ts';

const FIELDS = ['reason'] as const;
const OUTCOME = {
  notDone: 'The request was not refused.',
  unknown: 'Read the quote again to see whether it was refused.',
};

/** Declining to offer, with the reason the buyer reads (an open offer is withdrawn with it). */
export function RefuseForm({ quote }: { quote: Quote }) {
  const [isOpen, setIsOpen] = useState(false);
  const refuse = useRefuseQuote();
  const toast = useToast();
  const form = useForm<RefuseQuoteBody>({
    resolver: zodResolver(RefuseQuoteBodySchema),
    defaultValues: { reason: '' },
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  // The button and the form take each other's place: the keyboard goes with them, to the reason
  // when the form opens and back to the button when it is kept open.
  const openerId = useId();
  const wasOpen = useRef(isOpen);
  const { setFocus } = form;
  useEffect(() => {
    if (wasOpen.current === isOpen) return;
    wasOpen.current = isOpen;
    if (isOpen) setFocus('reason');
    else document.getElementById(openerId)?.focus();
  }, [isOpen, setFocus, openerId]);
  // Awaited: refused, the quote takes this form away, and a mutation's per-call callbacks never
  // run for a form that has gone.
  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await refuse.mutateAsync({ id: quote._id, reason });
    } catch (error) {
      fail(error);
      return;
    }
    clear();
    toast.success(`${quote.number} is refused; the buyer is told why.`);
  });
  if (!isOpen) {
    return (
      <Button id={openerId} variant="danger-outline" onClick={() => setIsOpen(true)}>
        Refuse the request
      </Button>
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3" aria-labelledby="refuse-quote">
      <h2 id="refuse-quote" className="text-lg font-bold text-navy-900">
        Refuse the request
      </h2>
      <TextAreaField
        label="Why (the buyer reads this)"
        rows={3}
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger" isPending={refuse.isPending}>
          Refuse
        </Button>
        <Button variant="ghost" onClick={() => setIsOpen(false)}>
          Keep it open
        </Button>
      </div>
      <SubmitError failure={failure} />
    </form>
  );
}
