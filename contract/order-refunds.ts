import { z } from 'zod';
import { multilineText, TimestampSchema } from './common.ts';

/**
 * Where a refund's money stands: `pending` until the payment provider confirms it went back,
 * `succeeded` once it did, `failed` if the provider refused (nothing was refunded).
 */
const RefundStatusSchema = z.enum(['pending', 'succeeded', 'failed']);
export type RefundStatus = z.infer<typeof RefundStatusSchema>;

/**
 * A refund an admin made on a paid or shipped order, sent back through the provider the order was
 * paid with (`manual`: the order was paid outside the store, so the admin returns it by hand).
 */
export const OrderRefundSchema = z.object({
  /** Minor units of the order's currency. */
  amount: z.int().min(1),
  note: z.string(),
  status: RefundStatusSchema,
  provider: z.enum(['manual', 'test', 'stripe']),
  /** Why the provider refused it, in its words; null unless it failed. */
  failureReason: z.string().nullable(),
  /**
   * The credit note the refund issued once its money went back (numbered without gaps, CN-000001);
   * null while it is on its way, when it failed, and for refunds noted before credit notes existed.
   * Its amount is the refund's: what the buyer no longer owes.
   */
  creditNote: z.object({ number: z.string(), issuedAt: TimestampSchema }).nullable(),
  createdAt: TimestampSchema,
  /** The admin who noted it, as they are named now; null once their account is gone. */
  recordedBy: z.string().nullable(),
});
export type OrderRefund = z.infer<typeof OrderRefundSchema>;

export function formatCreditNoteNumber(number: number): string {
  return `CN-${String(number).padStart(6, '0')}`;
}

/** The largest amount the store records (PostgreSQL `integer`), as for order totals. */
const MAX_REFUND = 2_147_483_647;

export const NoteRefundBodySchema = z.strictObject({
  amount: z
    .int({ error: 'Must be a whole number of cents.' })
    .min(1, { error: 'Must be more than 0.' })
    .max(MAX_REFUND, { error: 'Must be at most the order total.' })
    .describe(
      "Minor units of the order's currency; with the refunds before that did not fail, at most the total.",
    ),
  note: multilineText(1, 1000, { maxLines: 20 }).describe(
    'Why and how it was refunded, e.g. "Two saws arrived broken; refunded to the card."',
  ),
});
export type NoteRefundBody = z.infer<typeof NoteRefundBodySchema>;
