import { z } from 'zod';
import { EmailSchema, IdSchema, pageFields, plainText, route, TimestampSchema } from './common.ts';

/** Every change the audit log records; the entry's `details` say what changed. */
export const AUDIT_ACTIONS = [
  'user.role_changed',
  'tool.created',
  'tool.updated',
  'tool.deleted',
  'catalogue.imported',
  'category.created',
  'category.updated',
  'category.deleted',
  'order.cancelled',
  'order.shipped',
  'order.shipments_updated',
  'order.refund_noted',
  'order.refund_sent_again',
  'quote.requested',
  'quote.offered',
  'quote.refused',
  'quote.accepted',
  'quote.declined',
  'quote.withdrawn',
  'quote.message_written',
  'order.approved',
  'order.rejected',
  'review.hidden',
  'review.shown',
  'review.deleted',
  'company.created',
  'company.updated',
  'company.invited',
  'company.invitation_revoked',
  'company.member_joined',
  'company.member_changed',
  'company.member_removed',
  'company.member_left',
  'payment_terms.set',
  'payment_terms.cleared',
  'order.payment_recorded',
  'order.payout_recorded',
  'delivery_method.created',
  'delivery_method.updated',
  'delivery_method.deleted',
  'tax_rate.created',
  'tax_rate.updated',
  'tax_rate.deleted',
  'tax_exemption.set',
  'tax_exemption.cleared',
  'tax_vat_number.verified',
  'tax_vat_number.withdrawn',
] as const;
const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const AUDIT_TARGET_TYPES = [
  'user',
  'tool',
  'category',
  'order',
  'quote',
  'review',
  'catalogue',
  'company',
  'delivery_method',
  'tax_rate',
] as const;
const AuditTargetTypeSchema = z.enum(AUDIT_TARGET_TYPES);
export type AuditTargetType = z.infer<typeof AuditTargetTypeSchema>;

export const AuditEntrySchema = z.object({
  _id: IdSchema,
  /** Who made the change, as they were named then; null id once their account is gone. */
  actor: z.object({ id: z.string().nullable(), name: z.string(), email: z.string() }),
  action: AuditActionSchema,
  target: z.object({ type: AuditTargetTypeSchema, id: z.string(), label: z.string() }),
  details: z.record(z.string(), z.unknown()),
  createdAt: TimestampSchema,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** The most entries one page of the audit log holds. */
const AUDIT_PAGE_MAX = 100;
const DEFAULT_AUDIT_PAGE = 50;

/** The audit log, newest first: by action, by what it changed, by who changed it; a page. */
export const ListAuditQuerySchema = z.strictObject({
  action: AuditActionSchema.optional(),
  targetType: AuditTargetTypeSchema.optional(),
  /** One thing's entries: a tool's, an order's, a review's id, or a person's account id. */
  targetId: plainText(1, 100).optional(),
  /** The email of whoever made the changes, in any case. */
  actor: EmailSchema.optional(),
  ...pageFields({ max: AUDIT_PAGE_MAX, fallback: DEFAULT_AUDIT_PAGE }),
});
export type ListAuditQuery = z.output<typeof ListAuditQuerySchema>;

export const auditRoutes = {
  list: route({
    method: 'GET',
    path: '/audit',
    access: 'admin',
    summary: 'Read the audit log',
    description: `Who changed what and when, for admins, newest first, a page at a time (limit ${DEFAULT_AUDIT_PAGE} unless given, at most ${AUDIT_PAGE_MAX}; offset), by action, by target (targetType, targetId) and by the actor's email. The total that match is in X-Total-Count.`,
    returns: 'A page of audit entries.',
    tags: ['audit'],
    query: ListAuditQuerySchema,
    response: z.array(AuditEntrySchema),
    responseHeaders: ['X-Total-Count'],
  }),
} as const;
