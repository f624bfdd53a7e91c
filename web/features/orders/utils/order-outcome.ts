import { explainReusedAttempt, type SubmitOutcome } from '#web/lib/form-errors.ts';

/** What a failed order's form says happened to the order. */
export const ORDER_OUTCOME: SubmitOutcome = {
  notDone: 'Nothing was ordered.',
  unknown:
    'We cannot tell whether your order was placed. Try again: if it was, you will see that order, not a second one.',
};

/** The store's refusal of an order said for the buyer (an earlier attempt's order included). */
export const explainOrderRefusal = explainReusedAttempt(
  'Your earlier attempt placed an order, with the details as they were before your change: it is in My orders. Nothing was ordered now; place the order again only if you want a second one.',
);
