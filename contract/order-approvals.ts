import { z } from 'zod';
import { IdParamsSchema, multilineText, route } from './common.ts';
import { OrderSchema } from './orders.ts';

/** Approving and rejecting a company's orders placed above a buyer's or the company's limits. */

export const RejectOrderBodySchema = z.strictObject({
  reason: multilineText(1, 500, { maxLines: 10 }).describe(
    'Why the order is rejected, for the buyer, e.g. "Order the 18 V drills instead: we have batteries for them."',
  ),
});
export type RejectOrderBody = z.infer<typeof RejectOrderBodySchema>;

const DECIDERS =
  "Only the owner or an approver of the buyer's company decides, never the buyer who placed it.";
const ERRORS = {
  403: `forbidden: the caller may not decide on this order. ${DECIDERS}`,
  404: 'No order with this id.',
  409: 'order_not_awaiting_approval: the order no longer waits for approval (approved, rejected, or cancelled by its buyer or the payment window); buyer_left_company (approve only): the buyer who placed it no longer orders for the company.',
} as const;

export const orderApprovalRoutes = {
  approve: route({
    method: 'POST',
    path: '/orders/:id/approve',
    access: 'user',
    summary: 'Approve an order',
    description: `Approves an order that waits for approval: it becomes unpaid, with a whole payment window from now, and the buyer is emailed to pay. ${DECIDERS} Written to the audit log.`,
    returns: 'The order, approved (unpaid).',
    tags: ['orders'],
    params: IdParamsSchema,
    response: OrderSchema,
    errors: ERRORS,
  }),
  reject: route({
    method: 'POST',
    path: '/orders/:id/reject',
    access: 'user',
    summary: 'Reject an order',
    description: `Rejects an order that waits for approval, with a reason: its stock returns and the buyer is emailed the reason. ${DECIDERS} Written to the audit log.`,
    returns: 'The order, rejected.',
    tags: ['orders'],
    params: IdParamsSchema,
    body: RejectOrderBodySchema,
    response: OrderSchema,
    errors: { ...ERRORS, 400: 'validation_failed: the reason is missing or too long.' },
  }),
} as const;
