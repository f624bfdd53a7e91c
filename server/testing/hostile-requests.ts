import { z } from 'zod';

/**
 * Generates bad requests for one route from its schemas and one good request: every variation
 * should be refused with a 4xx problem and change nothing. Used by server/http/hostile-input.test.ts
 * over the whole API, Better Auth's account routes included.
 */

export interface HostileRoute {
  method: string;
  /** Below /api, Fastify style. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

export interface BadRequest {
  label: string;
  method: string;
  url: string;
  payload?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface GoodRequest {
  url: string;
  body?: Record<string, unknown>;
}

const SQL_AND_HTML = [
  "1' OR '1'='1",
  "'; drop table orders; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
];

/** C0 and C1 controls, NUL, DEL and a terminal escape, alone and inside ordinary text. */
const CONTROL_CHARACTERS = [
  '\u0000',
  'abc\u0000def',
  'a\u0001b',
  'bell\u0007',
  '\u001b[31mred\u001b[0m',
  'del\u007f',
  'next\u0085line',
  'csi\u009b31m',
  '\u0090dcs',
];

const BAD_NUMBERS: unknown[] = [
  1.5,
  -1,
  1e12,
  -1e12,
  '10',
  null,
  true,
  [],
  {},
  2 ** 53,
  0.1,
  -0.5,
  '1e3',
  'Infinity',
  '',
  { $gt: 0 },
  [1],
];
const BAD_STRINGS: unknown[] = [
  123,
  null,
  true,
  [],
  {},
  { $ne: null },
  ['a'],
  'x'.repeat(5000),
  `\u202e\u200b${'y'.repeat(5000)}`,
  `${"'".repeat(4100)}; drop table orders; --`,
  `<script>alert(1)</script>${'z'.repeat(5000)}`,
  ...CONTROL_CHARACTERS,
];
const INVALID_JSON = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}}',
  "{'single':'quotes'}",
  '{"a":1,}',
  '\u0000',
];
const ODD_KEYS = [
  '__extra',
  'role',
  'price',
  'totalAmount',
  'status',
  'userName',
  'emailVerified',
  '\u202erole',
  '\ud800',
  '$where',
  'constructor',
  'a\u0000b',
  'k\u0085',
  'k'.repeat(10_000),
];
const BAD_PARAMS = [
  'not-a-uuid',
  '12345',
  'x'.repeat(200),
  '00000000-0000-0000-0000-00000000000Z',
  'a\u0000b',
  '\u001b[31m',
  'x\u0085',
  ...SQL_AND_HTML,
];
/** Link tokens are opaque: a well-formed wrong one is a failed link (a redirect), not bad input. */
const BAD_TOKENS = ['x'.repeat(600), 'a\u0000b', '\u001b[31m', 'x\u0085', 'a b', ...SQL_AND_HTML];
const BAD_EMAILS = [
  'not-an-email',
  'a@',
  '@b.com',
  `${'x'.repeat(300)}@example.com`,
  'nul\u0000@example.com',
  'c1\u0085@example.com',
  ...SQL_AND_HTML,
];
const BAD_QUERY_VALUES: Record<string, string[]> = {
  limit: ['-1', '0', '1.5', 'abc', '100000000', "1' OR '1'='1"],
  offset: ['-5', '2.5', 'x', '99999999999'],
  sort: ['drop table', 'price; --', '', 'NEWEST'],
  q: ['x'.repeat(101), `${SQL_AND_HTML[1]}${'z'.repeat(100)}`],
  category: [
    'Power-Tools',
    'a--b',
    '-a',
    'x'.repeat(61),
    "drills' OR '1'='1",
    '../etc',
    'no-such-category',
  ],
  token: ['x'.repeat(600), "1' OR '1'='1", 'a b'],
  lowStock: ['yes', '1', 'TRUE', '', "true' OR '1'='1"],
  below: ['0', '-1', '1.5', 'abc', '10000001', '99999999999999999999', '1; drop table tools'],
};

/** Headers a client chooses freely, at sizes no browser sends. */
export const OVERSIZED_HEADERS: Record<string, string>[] = [
  { 'x-forwarded-for': `${'203.0.113.9, '.repeat(700)}x` },
  { 'user-agent': `Mozilla/5.0 ${'A'.repeat(9000)}` },
  { cookie: `toolyard.session_token=${'c'.repeat(8000)}` },
  { 'x-forwarded-for': 'a\u0000b' },
  { accept: 'x'.repeat(9000), 'accept-language': 'y'.repeat(9000) },
];

/** `depth` levels of nested objects, as JSON text (built flat: no recursion here either). */
export function nestedJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  const unwrapped =
    schema && 'unwrap' in schema && typeof schema.unwrap === 'function'
      ? (schema.unwrap() as z.ZodType)
      : schema;
  return unwrapped && 'shape' in unwrapped ? (unwrapped.shape as Record<string, z.ZodType>) : {};
}

/** The kinds of field a body schema has, to pick values of the wrong kind. */
function fieldKind(field: z.ZodType): 'number' | 'string' | 'other' {
  const json = z.toJSONSchema(field, { unrepresentable: 'any', io: 'input' }) as { type?: string };
  if (json.type === 'integer' || json.type === 'number') return 'number';
  return json.type === 'string' ? 'string' : 'other';
}

const isRequired = (field: z.ZodType | undefined) =>
  field ? !field.safeParse(undefined).success : false;

export function badRequestsFor(route: HostileRoute, good: GoodRequest): BadRequest[] {
  const name = `${route.method} ${route.path}`;
  const out: BadRequest[] = [];
  const add = (label: string, url: string, payload?: unknown, contentType = 'application/json') => {
    // A variation the route's own schema accepts is not a bad request: skip it.
    if (
      typeof payload === 'object' &&
      payload !== null &&
      route.body?.safeParse(payload).success &&
      url === good.url
    ) {
      return;
    }
    out.push({
      label: `${name}: ${label}`,
      method: route.method,
      url,
      ...(payload === undefined
        ? {}
        : {
            payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
            contentType,
          }),
    });
  };
  const goodPayload = good.body;
  const [base = good.url, search = ''] = good.url.split('?');

  // Path parameters that are not what they claim to be (no route has more than one).
  for (const param of route.path.match(/:\w+/g) ?? []) {
    const values = param === ':email' ? BAD_EMAILS : param === ':token' ? BAD_TOKENS : BAD_PARAMS;
    for (const value of values) {
      const url = `/api${route.path.replace(param, encodeURIComponent(value))}`;
      const label = `bad ${param} ${JSON.stringify(value).slice(0, 20)}`;
      add(label, `${url}${search ? `?${search}` : ''}`, goodPayload);
    }
  }
  // Query strings.
  const query = new URLSearchParams(search);
  const queryShape = shapeOf(route.query);
  if (query.has('email')) {
    for (const email of ['', 'nobody', 'a@@b.com', ...BAD_EMAILS]) {
      const q = new URLSearchParams(query);
      q.set('email', email);
      add(`bad email query ${JSON.stringify(email).slice(0, 20)}`, `${base}?${q}`, goodPayload);
    }
    const noEmail = new URLSearchParams(query);
    noEmail.delete('email');
    add('email query missing', `${base}?${noEmail}`, goodPayload);
  }
  if (route.query && 'shape' in route.query) {
    add('unknown query parameter', `${good.url}${search ? '&' : '?'}debug=1`, goodPayload);
  }
  for (const key of Object.keys(queryShape)) {
    for (const value of [...(BAD_QUERY_VALUES[key] ?? []), ...CONTROL_CHARACTERS]) {
      const q = new URLSearchParams(query);
      q.set(key, value);
      add(`${key}=${JSON.stringify(value).slice(0, 20)}`, `${base}?${q}`, goodPayload);
    }
  }
  if (!route.body || !goodPayload) return out;

  // Bodies.
  const shape = shapeOf(route.body);
  for (const key of Object.keys(goodPayload)) {
    if (isRequired(shape[key])) {
      const { [key]: _dropped, ...rest } = goodPayload;
      add(`missing ${key}`, good.url, rest);
    }
    const values = shape[key] && fieldKind(shape[key]) === 'number' ? BAD_NUMBERS : BAD_STRINGS;
    for (const value of values) {
      add(`${key}=${JSON.stringify(value)?.slice(0, 20)}`, good.url, {
        ...goodPayload,
        [key]: value,
      });
    }
  }
  for (const key of ODD_KEYS) {
    if (key in goodPayload) continue;
    add(`extra key ${JSON.stringify(key).slice(0, 20)}`, good.url, {
      ...goodPayload,
      [key]: key === 'role' ? 'Admin' : 1,
    });
  }
  add('an array instead of an object', good.url, [goodPayload]);
  add('a string instead of an object', good.url, '"just a string"');
  if (!route.body.safeParse(null).success) add('null body', good.url, 'null');
  for (const payload of INVALID_JSON)
    add(`invalid JSON ${payload.slice(0, 10)}`, good.url, payload);
  add('JSON with a comment', good.url, `/* hi */${JSON.stringify(goodPayload)}`);
  // The last of two equal keys wins: a list where the field wants anything else, a string where
  // it wants a list.
  const firstKey = Object.keys(goodPayload)[0] ?? '';
  const turned = Array.isArray((goodPayload as Record<string, unknown>)[firstKey]) ? '"x"' : '[]';
  add(
    'a duplicate key turning a field bad',
    good.url,
    `${JSON.stringify(goodPayload).slice(0, -1)},"${firstKey}":${turned}}`,
  );
  for (const type of ['application/xml', 'image/png', 'application/octet-stream', 'text/html']) {
    add(`content type ${type}`, good.url, JSON.stringify(goodPayload), type);
  }
  add('body over the size limit', good.url, { ...goodPayload, padding: 'p'.repeat(70 * 1024) });
  add('nested 500 deep', good.url, { ...goodPayload, nested: JSON.parse(nestedJson(500)) });
  // Parsed by nothing recursive before the depth check: 30,000 levels overflowed the stack once.
  add('nested 30,000 deep', good.url, `{"nested":${nestedJson(30_000)}}`);
  add('arrays nested 30,000 deep', good.url, `${'['.repeat(30_000)}${']'.repeat(30_000)}`);
  add(
    'a control character escaped in a nested string',
    good.url,
    `${JSON.stringify(goodPayload).slice(0, -1)},"deep":{"list":["ok","\\u0000"]}}`,
  );
  return out;
}
