import { useId, useRef, useState } from 'react';
import { formatLongDateTime } from '#contract/dates.ts';
import { formatMoney } from '#contract/money.ts';
import type { OrderRefund } from '#contract/order-refunds.ts';
import type { Order } from '#contract/orders.ts';
import { Button } from '#web/components/ui/button.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import { useSendRefundAgain } from '../api/order-mutations.ts';

/** What sending `sentRefund` again came to, in a sentence, from the order the store answered. */
function sentAgainOutcome(order: Order, sentRefund: OrderRefund): string {
  const refund = order.refunds.find((each) => each.id === sentRefund.id);
  const amount = formatMoney(sentRefund.amount, order.currency);
  if (refund?.status === 'succeeded') {
    return `The refund of ${amount} was sent again and went through${refund.creditNote ? `: credit note ${refund.creditNote.number}` : ''}.`;
  }
  return `The refund of ${amount} was sent again: the payment provider has it now and confirms it shortly.`;
}

/**
 * For admins, beside the order's credit notes: its refunds the payment provider never answered for
 * (no answer came, and no one asked again), whose amount stays held. "Send again" sends one under
 * its own key, so the provider makes it at most once. What came of it is said in a live region;
 * once the refund leaves the list, focus goes to the list's title, else it stays on its button.
 */
export function UnansweredRefunds({ order }: { order: Order }) {
  const sendAgain = useSendRefundAgain();
  const [outcome, setOutcome] = useState<{ text: string; isError: boolean } | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const unanswered = order.refunds.filter((refund) => refund.canSendAgain);
  // Kept while it has something to say, so the sentence is heard after the last one leaves.
  if (unanswered.length === 0 && !outcome) return null;

  const send = (refund: OrderRefund) => {
    setOutcome(null);
    sendAgain.mutate(
      { order, refundId: refund.id },
      {
        onSuccess: (sent) => {
          setOutcome({ text: sentAgainOutcome(sent, refund), isError: false });
          titleRef.current?.focus();
        },
        onError: (error) => setOutcome({ text: errorMessage(error), isError: true }),
      },
    );
  };

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl border border-amber-300 bg-amber-50 p-5 shadow-sm"
    >
      <h2
        id={titleId}
        ref={titleRef}
        tabIndex={-1}
        className="text-lg font-bold text-navy-900 outline-none"
      >
        Refunds the payment provider has not answered
      </h2>
      {unanswered.length > 0 ? (
        <ul className="mt-2 space-y-3">
          {unanswered.map((refund) => (
            <UnansweredRefund
              key={refund.id}
              order={order}
              refund={refund}
              isSending={sendAgain.isPending && sendAgain.variables?.refundId === refund.id}
              isBusy={sendAgain.isPending}
              onSend={() => send(refund)}
            />
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-stone-800">None left: every refund has its provider's answer.</p>
      )}
      <p
        role="status"
        className={outcome?.isError ? 'mt-3 font-medium text-red-800' : 'mt-3 text-emerald-900'}
      >
        {outcome?.text}
      </p>
    </section>
  );
}

function UnansweredRefund({
  order,
  refund,
  isSending,
  isBusy,
  onSend,
}: {
  order: Order;
  refund: OrderRefund;
  isSending: boolean;
  isBusy: boolean;
  onSend: () => void;
}) {
  const textId = useId();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 text-stone-800">
      <span id={textId}>
        The refund of {formatMoney(refund.amount, order.currency)} made on{' '}
        <time dateTime={refund.createdAt}>{formatLongDateTime(refund.createdAt)}</time> got no
        answer from the payment provider, so we cannot tell whether the money went back: its amount
        stays held until it is sent again or the provider reports on it.
      </span>
      <Button
        variant="outline"
        aria-describedby={textId}
        onClick={onSend}
        isPending={isSending}
        disabled={isBusy}
      >
        Send again
      </Button>
    </li>
  );
}
