import { z } from 'zod';
import { pageFields, route, TimestampSchema } from './common.ts';

/** A credit note's number as shown and asked for: CN- and at least six digits. */
const CreditNoteNumberSchema = z
  .string()
  .regex(/^CN-\d{6,12}$/i, { error: 'Must be a credit note number such as CN-000042.' })
  .transform((value) => Number(value.slice(3)));

const CreditNoteParamsSchema = z.strictObject({ number: CreditNoteNumberSchema });

const CREDIT_NOTE_PAGE_DEFAULT = 20;
const CREDIT_NOTE_PAGE_MAX = 100;

const ListCreditNotesQuerySchema = z.strictObject({
  ...pageFields({ max: CREDIT_NOTE_PAGE_MAX, fallback: CREDIT_NOTE_PAGE_DEFAULT }),
});
export type ListCreditNotesQuery = z.output<typeof ListCreditNotesQuerySchema>;

/** A credit note in a buyer's list: what it credits, on which invoice of which order. */
const CreditNoteSummarySchema = z.object({
  number: z.string(),
  issuedAt: TimestampSchema,
  /** Minor units of `currency`, tax included. */
  amount: z.int().min(1),
  currency: z.string(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  /** The invoice it corrects. */
  invoiceNumber: z.string(),
  /** Who placed the order, as it was placed (a company's readers see their colleagues' notes). */
  orderedBy: z.string(),
});
export type CreditNoteSummary = z.infer<typeof CreditNoteSummarySchema>;

export const creditNoteRoutes = {
  listMine: route({
    method: 'GET',
    path: '/credit-notes',
    access: 'user',
    summary: "List a customer's (or their company's) credit notes",
    description:
      "The credit notes (one per refund whose money went back) of the signed-in customer's own orders and, for the owners, approvers and viewers of a company, of every order placed for it (as they read its orders and invoices; a buyer of a company lists their own), newest first, a page at a time (limit, offset). The total is in X-Total-Count.",
    returns: 'A page of credit notes.',
    tags: ['orders'],
    query: ListCreditNotesQuerySchema,
    response: z.array(CreditNoteSummarySchema),
    responseHeaders: ['X-Total-Count'],
  }),
  pdf: route({
    method: 'GET',
    path: '/credit-notes/:number',
    access: 'user',
    summary: 'Download a credit note',
    description:
      'A credit note as a PDF: its number, the invoice it corrects, the lines or amount credited with their tax, and the seller and buyer; for the customer whose order it is, the owners, approvers and viewers of the company the order was placed for, and admins.',
    returns: 'The credit note, as an attachment named by its number (CN-000042.pdf).',
    tags: ['orders'],
    params: CreditNoteParamsSchema,
    response: z.string().meta({ contentMediaType: 'application/pdf' }),
    file: 'application/pdf',
    responseHeaders: ['Content-Disposition', 'Cache-Control'],
    // A note the caller may not read is answered as one never issued, so no one counts them.
    errors: {
      404: "No credit note has this number, or it is for another customer's order (admins may read any).",
    },
  }),
} as const;
