import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { formatDateTime } from '#contract/dates.ts';
import type { Quote } from '#contract/quote-schemas.ts';
import { type QuoteMessageBody, QuoteMessageBodySchema } from '#contract/quote-schemas.ts';
import { QUOTE_MESSAGE_MAX_CHARS } from '#contract/quotes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SubmitError, TextAreaField } from '#web/components/ui/field.tsx';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { useWriteQuoteMessage } from '../api/quote-mutations.ts';

const FIELDS = ['body'] as const;
const OUTCOME = {
  notDone: 'The message was not sent.',
  unknown: 'Read the quote again to see whether it was sent.',
};

/** The conversation, oldest first, and (while the quote is open) a message to add to it. */
export function QuoteMessages({
  quote,
  side,
  canWrite,
}: {
  quote: Quote;
  /** Who writes from this page: the buyer's side or the store. */
  side: 'customer' | 'store';
  canWrite: boolean;
}) {
  return (
    <section aria-labelledby="quote-messages" className="space-y-4">
      <h2 id="quote-messages" className="text-lg font-bold text-navy-900">
        Messages
      </h2>
      <ol className="space-y-3">
        {quote.messages.map((message) => {
          const isMine = message.authorSide === side;
          return (
            <li
              key={message._id}
              className={`rounded-lg border px-4 py-3 ${isMine ? 'border-navy-200 bg-navy-50 sm:ml-10' : 'border-stone-200 bg-white sm:mr-10'}`}
            >
              <p className="text-xs text-stone-600">
                <span className="font-semibold text-stone-800">
                  {message.authorSide === 'store'
                    ? `${message.authorName} (the store)`
                    : message.authorName}
                </span>{' '}
                · {formatDateTime(message.createdAt)}
              </p>
              <p className="mt-1 text-sm whitespace-pre-line break-words text-stone-900">
                {message.body}
              </p>
            </li>
          );
        })}
      </ol>
      {canWrite && <MessageForm quoteId={quote._id} side={side} />}
    </section>
  );
}

function MessageForm({ quoteId, side }: { quoteId: string; side: 'customer' | 'store' }) {
  const write = useWriteQuoteMessage(side);
  const form = useForm<QuoteMessageBody>({
    resolver: zodResolver(QuoteMessageBodySchema),
    defaultValues: { body: '' },
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const onSubmit = form.handleSubmit((values) =>
    write.mutate(
      { id: quoteId, body: values.body },
      {
        onSuccess: () => {
          clear();
          form.reset({ body: '' });
        },
        onError: fail,
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-3">
      <TextAreaField
        label="Write a message"
        rows={3}
        maxLength={QUOTE_MESSAGE_MAX_CHARS}
        error={form.formState.errors.body?.message}
        {...form.register('body')}
      />
      <Button type="submit" variant="secondary" isPending={write.isPending}>
        Send message
      </Button>
      <SubmitError failure={failure} />
    </form>
  );
}
