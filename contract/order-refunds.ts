import { z } from 'zod';
import { IdSchema, idempotencyHeaders, multilineText, TimestampSchema } from './common.ts';
import { MAX_ORDER_LINES } from './order-limits.ts';

/**
 * Where a refund's money stands: `pending` until the payment provider confirms it went back,
 * `succeeded` once it did, `failed` if the provider refused (nothing was refunded).
 */
const RefundStatusSchema = z.enum(['pending', 'succeeded', 'failed']);
export type RefundStatus = z.infer<typeof RefundStatusSchema>;

/** Units of one order line a refund gives back. */
const RefundLineSchema = z.object({
  toolId: IdSchema,
  productName: z.string(),
  sku: z.string(),
  quantity: z.int().min(1),
  /** The unit price paid times the quantity, in minor units. */
  amount: z.int().min(0),
});
export type RefundLine = z.infer<typeof RefundLineSchema>;

/**
 * A refund an admin made on a paid or shipped order, sent back through the provider the order was
 * paid with (`manual`: the order was paid outside the store, so the admin returns it by hand).
 */
export const OrderRefundSchema = z.object({
  id: IdSchema,
  /** Minor units of the order's currency. */
  amount: z.int().min(1),
  note: z.string(),
  status: RefundStatusSchema,
  provider: z.enum(['manual', 'test', 'stripe']),
  /** Why the provider refused it, in its words; null unless it failed. */
  failureReason: z.string().nullable(),
  /** A refund by lines: the units given back of each line, at the unit price paid; [] for an amount. */
  lines: z.array(RefundLineSchema),
  /** The units of its lines go back into stock when it succeeds. */
  returnToStock: z.boolean(),
  /**
   * The credit note the refund issued once its money went back (numbered without gaps, CN-000001);
   * null while it is on its way, when it failed, and for refunds noted before credit notes existed.
   * Its amount is the refund's: what the buyer no longer owes.
   */
  creditNote: z.object({ number: z.string(), issuedAt: TimestampSchema }).nullable(),
  createdAt: TimestampSchema,
  /** The admin who noted it, as they are named now; null once their account is gone. */
  recordedBy: z.string().nullable(),
  /**
   * Pending, and the payment provider never answered when it was sent (no answer, or the store
   * stopped before hearing it): its amount is held until an admin sends it again (at most once
   * at the provider) or the provider reports on it.
   */
  canSendAgain: z.boolean(),
});
export type OrderRefund = z.infer<typeof OrderRefundSchema>;

export function formatCreditNoteNumber(number: number): string {
  return `CN-${String(number).padStart(6, '0')}`;
}

/** The largest amount the store records (PostgreSQL `integer`), as for order totals. */
const MAX_REFUND = 2_147_483_647;

/** Units of one of the order's lines to refund, named by its tool. */
const RefundLineInputSchema = z.strictObject({
  toolId: IdSchema,
  quantity: z
    .int({ error: 'Must be a whole number of units.' })
    .min(1, { error: 'Must be at least 1.' })
    .max(MAX_REFUND, { error: 'Must be at most what was bought.' }),
});

export const NoteRefundBodySchema = z
  .strictObject({
    amount: z
      .int({ error: 'Must be a whole number of cents.' })
      .min(1, { error: 'Must be more than 0.' })
      .max(MAX_REFUND, { error: 'Must be at most the order total.' })
      .optional()
      .describe(
        "Minor units of the order's currency; with the refunds before that did not fail, at most the total. Send either it or `lines`.",
      ),
    lines: z
      .array(RefundLineInputSchema)
      .min(1, { error: 'Choose at least one line.' })
      .max(MAX_ORDER_LINES, { error: `An order has at most ${MAX_ORDER_LINES} lines.` })
      .superRefine(checkEachLineOnce)
      .optional()
      .describe(
        "Units of the order's lines to refund, each tool once: the amount is their unit prices paid times the units, and no line's units refunded pass what was bought. Send either it or `amount`.",
      ),
    returnToStock: z
      .boolean()
      .default(false)
      .describe('With `lines`: their units go back into stock once the refund succeeds.'),
    note: multilineText(1, 1000, { maxLines: 20 }).describe(
      'Why and how it was refunded, e.g. "Two saws arrived broken; refunded to the card."',
    ),
  })
  .superRefine(checkAmountOrLines);
export type NoteRefundBody = z.infer<typeof NoteRefundBodySchema>;

export const NoteRefundHeadersSchema = idempotencyHeaders('this refund');

/** One refund of one order. */
export const RefundParamsSchema = z.strictObject({ id: IdSchema, refundId: IdSchema });

/** Each line's tool once: raise its quantity instead of repeating it. */
function checkEachLineOnce(lines: { toolId: string }[], context: z.RefinementCtx): void {
  const seen = new Set<string>();
  for (const [index, line] of lines.entries()) {
    if (seen.has(line.toolId)) {
      context.addIssue({
        code: 'custom',
        path: [index, 'toolId'],
        message: 'This line is named twice; give its units once.',
      });
    }
    seen.add(line.toolId);
  }
}

/** A refund is an amount or lines, never both; stock goes back only for lines. */
function checkAmountOrLines(
  body: { amount?: number | undefined; lines?: unknown[] | undefined; returnToStock: boolean },
  context: z.RefinementCtx,
): void {
  if ((body.amount === undefined) === (body.lines === undefined)) {
    context.addIssue({
      code: 'custom',
      path: ['amount'],
      message: 'Give either an amount or the lines to refund.',
    });
  }
  if (body.returnToStock && body.lines === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['returnToStock'],
      message: 'Only units of lines go back into stock: choose the lines returned.',
    });
  }
}
