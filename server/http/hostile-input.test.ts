import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteDescriptor } from '../../contract/common.ts';
import { allRoutes } from '../../contract/routes.ts';
import * as schema from '../db/schema.ts';
import { buildTestApp, TEST_ORIGIN, type TestContext, type TestUser } from '../testing/test-app.ts';
import { makeFixture, VALID_REQUESTS } from '../testing/valid-requests.ts';

let t: TestContext;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin', name: 'Hostile Tester' });
});
afterAll(async () => {
  await t.close();
});

/** A digest of every row of every table: any write anywhere changes it. */
async function databaseChecksum(): Promise<string> {
  const tables = (Object.values(schema) as unknown[]).filter(
    (value): value is PgTable =>
      typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value,
  );
  const parts: string[] = [];
  for (const table of tables) {
    const name = getTableName(table);
    const result = await t.db.execute<{ digest: string }>(
      sql`select md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as digest from ${sql.identifier(name)} r`,
    );
    parts.push(`${name}:${result.rows[0]?.digest}`);
  }
  return parts.join(',');
}

interface BadRequest {
  label: string;
  method: string;
  url: string;
  payload?: string;
  contentType?: string;
}

const SQL_AND_HTML = [
  "1' OR '1'='1",
  "'; drop table orders; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
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
  '\u0000abc',
  `\u202e\u200b${'y'.repeat(5000)}`,
  `${"'".repeat(4100)}; drop table orders; --`,
  `<script>alert(1)</script>${'z'.repeat(5000)}`,
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
  '\u202erole',
  '\ud800',
  '$where',
  'constructor',
];

/** The kinds of field a body schema has, to pick values of the wrong kind. */
function fieldKinds(body: z.ZodType | undefined): Record<string, 'number' | 'string' | 'other'> {
  const shape = body && 'shape' in body ? (body.shape as Record<string, z.ZodType>) : {};
  const kinds: Record<string, 'number' | 'string' | 'other'> = {};
  for (const [key, field] of Object.entries(shape)) {
    const json = z.toJSONSchema(field, { unrepresentable: 'any', io: 'input' }) as {
      type?: string;
    };
    kinds[key] =
      json.type === 'integer' || json.type === 'number'
        ? 'number'
        : json.type === 'string'
          ? 'string'
          : 'other';
  }
  return kinds;
}

function isRequired(body: z.ZodType | undefined, key: string): boolean {
  const shape = body && 'shape' in body ? (body.shape as Record<string, z.ZodType>) : {};
  return shape[key] ? !shape[key].safeParse(undefined).success : false;
}

function badRequestsFor(
  route: RouteDescriptor,
  good: { url: string; body?: Record<string, unknown> },
): BadRequest[] {
  const name = `${route.method} ${route.path}`;
  const out: BadRequest[] = [];
  const add = (label: string, url: string, payload?: unknown, contentType = 'application/json') =>
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
  const goodPayload = good.body;

  // Path parameters that are not what they claim to be.
  if (route.path.includes(':id')) {
    for (const id of [
      'not-a-uuid',
      '12345',
      'x'.repeat(200),
      '00000000-0000-0000-0000-00000000000Z',
      ...SQL_AND_HTML,
    ]) {
      add(
        `bad id ${id.slice(0, 20)}`,
        `/api${route.path.replace(':id', encodeURIComponent(id))}`,
        goodPayload,
      );
    }
  }
  if (route.path.includes(':email')) {
    for (const email of [
      'not-an-email',
      'a@',
      '@b.com',
      `${'x'.repeat(300)}@example.com`,
      ...SQL_AND_HTML,
    ]) {
      add(
        `bad email param ${email.slice(0, 20)}`,
        `/api${route.path.replace(':email', encodeURIComponent(email))}`,
        goodPayload,
      );
    }
  }
  // Query strings.
  const base = good.url.split('?')[0] ?? good.url;
  const query = new URLSearchParams(good.url.split('?')[1] ?? '');
  if (query.has('email')) {
    for (const email of [
      '',
      'nobody',
      'a@@b.com',
      `${'x'.repeat(300)}@example.com`,
      ...SQL_AND_HTML,
    ]) {
      const q = new URLSearchParams(query);
      q.set('email', email);
      add(`bad email query ${email.slice(0, 20)}`, `${base}?${q}`, goodPayload);
    }
    const noEmail = new URLSearchParams(query);
    noEmail.delete('email');
    add('email query missing', `${base}?${noEmail}`, goodPayload);
  }
  if (route.query && 'shape' in route.query) {
    const shape = route.query.shape as Record<string, unknown>;
    add(
      'unknown query parameter',
      `${good.url}${good.url.includes('?') ? '&' : '?'}debug=1`,
      goodPayload,
    );
    for (const [key, values] of Object.entries({
      limit: ['-1', '0', '1.5', 'abc', '100000000', "1' OR '1'='1"],
      offset: ['-5', '2.5', 'x', '99999999999'],
      sort: ['drop table', 'price; --', '', 'NEWEST'],
      q: ['x'.repeat(101), `${SQL_AND_HTML[1]}${'z'.repeat(100)}`],
    })) {
      if (!(key in shape)) continue;
      for (const value of values)
        add(`${key}=${value.slice(0, 20)}`, `${base}?${key}=${encodeURIComponent(value)}`);
    }
  }
  // Bodies.
  if (route.body && goodPayload) {
    const kinds = fieldKinds(route.body);
    for (const key of Object.keys(goodPayload)) {
      if (isRequired(route.body, key)) {
        const { [key]: _dropped, ...rest } = goodPayload;
        add(`missing ${key}`, good.url, rest);
      }
      const values = kinds[key] === 'number' ? BAD_NUMBERS : BAD_STRINGS;
      for (const value of values)
        add(`${key}=${JSON.stringify(value)?.slice(0, 20)}`, good.url, {
          ...goodPayload,
          [key]: value,
        });
    }
    for (const key of ODD_KEYS) {
      if (key in goodPayload) continue;
      add(`extra key ${key}`, good.url, { ...goodPayload, [key]: key === 'role' ? 'Admin' : 1 });
    }
    add('an array instead of an object', good.url, [goodPayload]);
    add('a string instead of an object', good.url, '"just a string"');
    add('null body', good.url, 'null');
    for (const payload of INVALID_JSON)
      add(`invalid JSON ${payload.slice(0, 10)}`, good.url, payload);
    add('JSON with a comment', good.url, `/* hi */${JSON.stringify(goodPayload)}`);
    add(
      'a duplicate key turning a field bad',
      good.url,
      `${JSON.stringify(goodPayload).slice(0, -1)},"${Object.keys(goodPayload)[0]}":[]}`,
    );
    for (const type of ['application/xml', 'image/png', 'application/octet-stream', 'text/html']) {
      add(`content type ${type}`, good.url, JSON.stringify(goodPayload), type);
    }
    add('body over the size limit', good.url, { ...goodPayload, padding: 'p'.repeat(70 * 1024) });
    add('deeply nested', good.url, {
      ...goodPayload,
      nested: JSON.parse(`${'{"a":'.repeat(500)}1${'}'.repeat(500)}`),
    });
  }
  return out;
}

describe('hostile input', () => {
  it('at least 1,000 generated bad requests across every route: each a 4xx problem, none a 5xx, nothing changed', async () => {
    const requests: BadRequest[] = [];
    const fixture = await makeFixture(t, admin);
    for (const route of allRoutes()) {
      const name = `${route.method} ${route.path}`;
      const good = VALID_REQUESTS[name]?.(fixture) ?? {
        url: `/api${route.path.replace(':id', fixture.unpaidOrder._id).replace(':email', encodeURIComponent(admin.email))}${
          route.path === '/user' ? `?email=${encodeURIComponent(admin.email)}` : ''
        }`,
      };
      requests.push(...badRequestsFor(route, good));
    }
    expect(requests.length).toBeGreaterThanOrEqual(800);

    const before = await databaseChecksum();
    const failures: string[] = [];
    // Every request as an admin (who passes every access check, so validation is what stops it)
    // and again as a visitor.
    const attempts = [
      ...requests.map((r) => ({ ...r, cookie: admin.cookie })),
      ...requests.map((r) => ({ ...r, cookie: '' })),
    ];
    expect(attempts.length).toBeGreaterThanOrEqual(1000);
    for (const request of attempts) {
      const response = await t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: {
          origin: TEST_ORIGIN,
          ...(request.cookie ? { cookie: request.cookie } : {}),
          ...(request.contentType ? { 'content-type': request.contentType } : {}),
        },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      const isProblem = String(response.headers['content-type']).startsWith(
        'application/problem+json',
      );
      if (response.statusCode < 400 || response.statusCode >= 500 || !isProblem) {
        failures.push(`${request.label} -> ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await databaseChecksum()).toBe(before);
  });
});
