// First: the settings every schema is made under (see the module).
import './zod-config.ts';
import { z } from 'zod';
import type { ApiTag, OperationDocs } from './operation-docs.ts';

/** Who may call a route. Per-object rules (own orders, own email) are enforced by the server on top. */
export type Access = 'public' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API route, described once and used by the server (validation, serialization, the API
 * description, access control) and by the web app (typed fetch helper).
 */
export interface RouteDescriptor<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
  H extends z.ZodType = z.ZodType,
> extends OperationDocs {
  method: HttpMethod;
  /** Path below `/api`, Fastify style: `/purchase/:id`. */
  path: string;
  access: A;
  tags: readonly ApiTag[];
  params?: P;
  query?: Q;
  body?: B;
  /**
   * Request headers the route reads (names in lower case). A loose object: every other header
   * passes through untouched.
   */
  headers?: H;
  response: R;
  /**
   * A route that takes another body than JSON names its type: an image upload's form (the server
   * lets this type through its cross-site rule on such a route only, and only from its own
   * Origin) or a CSV file (read as a stream by the route).
   */
  consumes?: 'multipart/form-data' | 'text/csv';
  /** That body, as the API description shows it (the route reads it itself). */
  form?: z.ZodType;
  /** Success status; 200 unless stated. */
  status?: 200 | 201;
}

/** What the API description needs of an operation: a route of the table, or an account action. */
export type DescribedOperation = OperationDocs &
  Pick<RouteDescriptor, 'method' | 'path' | 'access' | 'tags' | 'status' | 'consumes' | 'form'>;

export function route<
  P extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
  H extends z.ZodType = z.ZodNever,
>(descriptor: RouteDescriptor<P, Q, B, R, A, H>): RouteDescriptor<P, Q, B, R, A, H> {
  return descriptor;
}

/** A UUID, read in lower case as the database writes it: `502EFC19-…` names the same row. */
export const IdSchema = z.uuid({ error: 'Must be a valid id.' }).toLowerCase();
export const IdParamsSchema = z.strictObject({ id: IdSchema });
/** The most characters one label of a domain name (between two dots) may have: RFC 1035's 63. */
const MAX_DOMAIN_LABEL = 63;

/** Whether every label of the address's domain fits RFC 1035 (`a@b.c` has the labels b and c). */
function hasShortDomainLabels(email: string): boolean {
  return email
    .slice(email.lastIndexOf('@') + 1)
    .split('.')
    .every((label) => label.length <= MAX_DOMAIN_LABEL);
}

/**
 * An email address, the one rule wherever one is read (sign-up, sign-in, invitations, a buyer's
 * details, the admin's lists, the settings): zod's address format, at most 254 characters in all
 * (RFC 5321) and at most 63 in each label of its domain (RFC 1035), so that mail can be sent to
 * it. Anything but a string is refused as such ("Must be a string."), as for any text field.
 */
export const EmailSchema = z
  .email({
    error: (issue) =>
      issue.code === 'invalid_type' ? undefined : 'Must be a valid email address.',
  })
  .max(254, { error: 'Must be at most 254 characters.' })
  .refine(hasShortDomainLabels, {
    error: `Must be a valid email address: each part of its domain, between dots, can be at most ${MAX_DOMAIN_LABEL} characters.`,
    // One sentence at a time: an address already refused is not told this too.
    when: (payload) => payload.issues.length === 0,
  });
/**
 * An email as someone types it for an account: compared and stored trimmed and in lower case (a
 * space pasted along with it is not an error); the schema describes the email it becomes.
 */
export const TypedEmailSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  EmailSchema,
);
export const EmailQuerySchema = z.strictObject({ email: EmailSchema });
export const EmailParamsSchema = z.strictObject({ email: EmailSchema });

/**
 * Phone numbers as people type them: digits with spaces, dashes, dots, brackets, a leading +, and
 * at least 7 digits.
 */
export const PhoneSchema = z
  .string()
  .trim()
  .min(1, { error: 'Required.' })
  .max(32, { error: 'Must be at most 32 characters.' })
  .regex(/^(?=(?:\D*\d){7})\+?[0-9][0-9 ().-]{5,30}$/, {
    error: 'Must be a phone number (7 or more digits).',
  });

/** Money travels as whole minor units (cents) in the store currency; see GET /api/config. */
export const MoneySchema = z.int().min(0).describe('Amount in minor units (e.g. cents).');
export const TimestampSchema = z.iso.datetime({ offset: true });

/**
 * Patterns for text fields, written so that they mean the same with or without the `u` flag (a
 * JSON Schema pattern carries none): C0 controls, DEL and C1 (`CONTROLS`, the same less tab, line
 * feed and carriage return), the bidirectional embedding, override and isolate characters, and
 * whole characters (a half of a surrogate pair without the other is not one, and would be stored
 * as U+FFFD).
 */
const CONTROLS = '\\x00-\\x1f\\x7f-\\x9f';
const CONTROLS_BUT_LINE_BREAKS = '\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f';
const BIDI_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069';
/** The line and paragraph separators, which break a line wherever text is shown. */
const LINE_SEPARATORS = '\\u2028\\u2029';
export const ONE_LINE = new RegExp(`^[^${CONTROLS}${BIDI_CONTROLS}${LINE_SEPARATORS}]*$`);
/**
 * Spaces and the characters that show nothing (zero-width spaces and joiners, the word joiner, the
 * soft hyphen, variation selectors, Hangul fillers): a name of only these reads as no name.
 */
const INVISIBLE =
  '\\s\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180e\\u200b-\\u200f\\u2060-\\u2064\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0';
const SOMETHING_VISIBLE = new RegExp(`^$|[^${INVISIBLE}]`);
/** Runs of spaces of any kind (the line and paragraph separators among them), not controls. */
const SPACES = new RegExp(`[^\\S${CONTROLS}]+`, 'g');
const NO_CONTROLS_BUT_LINE_BREAKS = new RegExp(`^[^${CONTROLS_BUT_LINE_BREAKS}]*$`);
const NO_BIDI_CONTROLS = new RegExp(`^[^${BIDI_CONTROLS}]*$`);
const WHOLE_CHARACTERS = /^(?:[^\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;
/** One character of a URL or a site path: no whitespace, backslash or control character. */
export const URL_CHARACTER = `[^\\s\\\\${CONTROLS}]`;

/**
 * One line of plain text (names, titles): trimmed, with no control characters at all (C0, DEL, C1)
 * and no bidirectional overrides, which could make a name read as something else.
 */
export function plainText(min: number, max: number, options: { oneSpace?: boolean } = {}) {
  return boundedText(min, max, options.oneSpace).regex(ONE_LINE, {
    error: 'Must be one line of text without control characters.',
  });
}

/**
 * Plain text that may run over several lines (addresses, reviews, descriptions), without
 * direction overrides (which could make an address read as another), and at most `maxLines`
 * lines when given (an address printed on an invoice).
 */
export function multilineText(min: number, max: number, options: { maxLines?: number } = {}) {
  const { maxLines } = options;
  const text = boundedText(min, max)
    .regex(NO_CONTROLS_BUT_LINE_BREAKS, { error: 'Must not contain control characters.' })
    .regex(NO_BIDI_CONTROLS, {
      error: 'Must not contain text-direction override characters.',
    });
  if (maxLines === undefined) return text;
  return text.regex(new RegExp(`^[^\\n]*(?:\\n[^\\n]*){0,${maxLines - 1}}$`), {
    error: `Must be at most ${maxLines} lines.`,
  });
}

/** `oneSpace`: every run of spaces becomes one space before the text is checked (a name). */
function boundedText(min: number, max: number, oneSpace = false) {
  const text = z.string().trim();
  return (oneSpace ? text.overwrite((value) => value.replace(SPACES, ' ')) : text)
    .min(min, { error: min === 1 ? 'Required.' : `Must be at least ${min} characters.` })
    .max(max, { error: `Must be at most ${max} characters.` })
    .regex(WHOLE_CHARACTERS, { error: 'Must be text without broken characters.' })
    .regex(SOMETHING_VISIBLE, { error: 'Must have visible text, not only invisible characters.' });
}

export const DeletedCountSchema = z.object({ deletedCount: z.int().min(0) });

/** True for C0 controls (but tab, line feed and carriage return when `allowLineBreaks`), DEL and C1. */
export function hasControlCharacters(value: string, allowLineBreaks = false): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20) {
      if (allowLineBreaks && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
      return true;
    }
    if (code >= 0x7f && code <= 0x9f) return true;
  }
  return false;
}

/** True for the bidirectional embedding, override and isolate characters (U+202A-E, U+2066-9). */
export function hasBidiControls(value: string): boolean {
  return /[\u202a-\u202e\u2066-\u2069]/.test(value);
}

const SITE = 'https://site.invalid';

/** A path on this site (see isSitePath) as a pattern, for the schemas that take one. */
export const SITE_PATH = `/[^/\\s\\\\${CONTROLS}]${URL_CHARACTER}*`;

/**
 * A path on this site, such as `/images/tools/saw.svg`. Browsers drop tabs and line breaks from
 * URLs and read `\` as `/`, so `/\t/evil.example/x.png` would become `//evil.example/x.png`, another
 * host: such characters are refused, and the path must resolve to this site.
 */
export function isSitePath(value: string): boolean {
  if (!/^\/[^/\\]/.test(value) || /[\s\\]/.test(value) || hasControlCharacters(value)) return false;
  try {
    return new URL(value, SITE).origin === SITE;
  } catch {
    return false;
  }
}

/** `text` as a pattern that matches it in any letter case (a JSON Schema pattern has no flags). */
export function anyCase(text: string): string {
  return text
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/[a-z]/gi, (letter) => `[${letter.toLowerCase()}${letter.toUpperCase()}]`);
}

/** The deepest a list may be paged (its `offset`). */
const MAX_OFFSET = 1_000_000;

/**
 * The bound comes before the whole-number check and ends the checks when it fails, so a huge
 * number (`1e308`) is told the bound alone, not also the largest whole number JavaScript holds.
 */
const pageLimit = (max: number) =>
  z.coerce
    .number()
    .min(1)
    .max(max, { error: `Must be at most ${max}.`, abort: true })
    .int();
const pageOffset = () => z.coerce.number().min(0).max(MAX_OFFSET, { abort: true }).int().default(0);

/**
 * A page of a list in the query: `limit` (1 to `max`; `fallback` unless asked, or, without one,
 * every row the route allows) and `offset` (0 unless asked).
 */
export function pageFields(page: { max: number; fallback: number }): {
  limit: z.ZodDefault<ReturnType<typeof pageLimit>>;
  offset: ReturnType<typeof pageOffset>;
};
export function pageFields(page: { max: number }): {
  limit: z.ZodOptional<ReturnType<typeof pageLimit>>;
  offset: ReturnType<typeof pageOffset>;
};
export function pageFields({ max, fallback }: { max: number; fallback?: number }) {
  const limit = pageLimit(max);
  return {
    limit: fallback === undefined ? limit.optional() : limit.default(fallback),
    offset: pageOffset(),
  };
}

/**
 * A name the client gives one change it means to make (RFC draft "The Idempotency-Key HTTP Header
 * Field"): asking again with the same key, after an answer was lost, returns what the first
 * attempt did instead of doing it a second time.
 */
const IdempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{8,255}$/, { error: 'Must be 8 to 255 visible ASCII characters.' });

/** The headers of a route that takes an Idempotency-Key, for `what` it makes ("this refund"). */
export const idempotencyHeaders = (what: string) =>
  z.looseObject({
    'idempotency-key': IdempotencyKeySchema.describe(
      `A unique name for ${what}, e.g. a random UUID; reuse it only to ask again.`,
    ).optional(),
  });
