import { z } from 'zod';

// Plain-English messages for the failures no schema words itself (shared by server and forms).
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type') {
      if (issue.input === undefined) return 'Required.';
      return issue.expected === 'int' || issue.expected === 'number'
        ? 'Must be a number.'
        : `Must be a ${issue.expected}.`;
    }
    return undefined;
  },
});

/** Who may call a route. Per-object rules (own orders, own email) are enforced by the server on top. */
export type Access = 'public' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API route, described once and used by the server (validation, serialization, OpenAPI,
 * access control) and by the web app (typed fetch helper).
 */
export interface RouteDescriptor<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  method: HttpMethod;
  /** Path below `/api`, Fastify style: `/purchase/:id`. */
  path: string;
  access: A;
  summary: string;
  tags: readonly string[];
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Success status; 200 unless stated. */
  status?: 200 | 201;
}

export function route<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
>(descriptor: RouteDescriptor<P, Q, B, R, A>): RouteDescriptor<P, Q, B, R, A> {
  return descriptor;
}

export const IdSchema = z.uuid({ error: 'Must be a valid id.' });
export const IdParamsSchema = z.strictObject({ id: IdSchema });
export const EmailSchema = z
  .email({ error: 'Must be a valid email address.' })
  .max(254, { error: 'Must be at most 254 characters.' });
export const EmailQuerySchema = z.strictObject({ email: EmailSchema });
export const EmailParamsSchema = z.strictObject({ email: EmailSchema });

/** Money travels as whole minor units (cents) in the store currency; see GET /api/config. */
export const MoneySchema = z.int().min(0).describe('Amount in minor units (e.g. cents).');
export const TimestampSchema = z.iso.datetime({ offset: true });

/** Plain text: trimmed, no control characters except new lines. */
export function plainText(min: number, max: number) {
  return z
    .string()
    .trim()
    .min(min, { error: min === 1 ? 'Required.' : `Must be at least ${min} characters.` })
    .max(max, { error: `Must be at most ${max} characters.` })
    .refine((value) => !hasControlCharacters(value), {
      error: 'Must not contain control characters.',
    });
}

export const DeletedCountSchema = z.object({ deletedCount: z.int().min(0) });

/** True for C0 control characters other than tab, line feed and carriage return, and DEL. */
function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f)
      return true;
  }
  return false;
}
