import { z } from 'zod';
import { OrderNumberSchema } from './orders.ts';

/** Stable error codes: clients branch on these, never on the human sentence. */
const ProblemCodeSchema = z.enum([
  'validation_failed',
  'import_running',
  'progress_id_taken',
  'invalid_json',
  'unsupported_media_type',
  'payload_too_large',
  'uri_too_long',
  'headers_too_large',
  'malformed_request',
  'request_timeout',
  'unauthenticated',
  'forbidden',
  'origin_not_allowed',
  'not_found',
  'method_not_allowed',
  'out_of_stock',
  'price_changed',
  'cart_changed',
  'cart_checked_out',
  'cart_empty',
  'address_book_full',
  'lists_full',
  'list_full',
  'order_not_cancellable',
  'order_not_shippable',
  'order_not_shipped',
  'order_not_payable',
  'order_not_refundable',
  'order_not_awaiting_approval',
  'buyer_left_company',
  'role_cannot_order',
  'refund_exceeds_total',
  'refund_refused',
  'refund_being_sent',
  'refund_not_resendable',
  'refund_line_unknown',
  'refund_exceeds_line',
  'refund_nothing_paid',
  'idempotency_key_reused',
  'unpaid_limit',
  'quote_closed',
  'quote_expired',
  'quote_not_offered',
  'quote_offered',
  'quote_limit',
  'invitation_limit',
  'card_declined',
  'payment_provider_error',
  'email_not_verified',
  'paid_order_required',
  'password_too_common',
  'invalid_token',
  'wrong_sign_up_password',
  'last_admin',
  'already_in_company',
  'already_member',
  'last_owner',
  'wrong_invitee',
  'invitation_closed',
  'in_company',
  'no_payment_terms',
  'credit_limit_exceeded',
  'delivery_method_unavailable',
  'tax_rate_exists',
  'too_many_tax_rates',
  'vat_number_changed',
  'postcode_prefix_taken',
  'payment_exceeds_balance',
  'payout_exceeds_owed',
  'not_on_account',
  'statement_too_long',
  'conflict',
  'confirmation_required',
  'sku_taken',
  'category_too_deep',
  'category_not_empty',
  'attribute_key_taken',
  'rate_limited',
  'service_unavailable',
  'not_ready',
  'internal_error',
]);
export type ProblemCode = z.infer<typeof ProblemCodeSchema>;

export const FieldErrorSchema = z.object({
  /** Dotted path of the failing field inside its location, e.g. `orderedNum`. */
  field: z.string(),
  in: z.enum(['body', 'query', 'params', 'headers']),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ShortLineSchema = z.object({
  /** The line's position in the request, from 0. */
  line: z.int().min(0),
  toolId: z.string(),
  productName: z.string(),
  /** Units in stock now (0 when the tool left the catalogue). */
  available: z.int().min(0),
});
export type ShortLine = z.infer<typeof ShortLineSchema>;

/** RFC 9457 problem details, served as `application/problem+json`. */
export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  /** One of ProblemCodeSchema, or for /api/auth/* the account service's code in lower case. */
  code: z.string(),
  detail: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
  /** With `out_of_stock` for an order of several lines: each line short, with what is left. */
  lines: z.array(ShortLineSchema).optional(),
  /**
   * With `confirmation_required`: what to acknowledge, as sent back in the request's `confirm`
   * (a tool's `free`, `minimum_above_stock`).
   */
  confirm: z.array(z.string()).optional(),
  /** With `cart_checked_out`: the order that version of the cart became. */
  order: z.object({ id: z.string(), number: OrderNumberSchema }).optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;
