import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.ts';
import { buildTestApp, type TestContext } from '../testing/test-app.ts';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp({}, { logger: createLogger('info', sink) });
  // A database failure inside the account service whose query carries what the client typed.
  await t.db.execute(sql`
    create function refuse_mallory() returns trigger language plpgsql as $$
    begin
      if NEW.name like 'Mallory%' then raise exception 'refused by the test'; end if;
      return NEW;
    end $$`);
  await t.db.execute(sql`
    create trigger refuse_mallory before update on "user"
    for each row execute function refuse_mallory()`);
});
afterAll(async () => {
  await t.close();
});

describe('the account service logs through the store', () => {
  it('one structured line per event, without the query parameters, nothing printed raw', async () => {
    const printed = [
      vi.spyOn(console, 'error').mockImplementation(() => {}),
      vi.spyOn(console, 'log').mockImplementation(() => {}),
      vi.spyOn(console, 'warn').mockImplementation(() => {}),
    ];
    const someone = await t.signUp({ email: 'mallory@example.com' });
    const name = 'Mallory {"level":60,"msg":"admin password is hunter2"}';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { ...someone.headers, 'content-type': 'application/json' },
      payload: { name },
    });
    try {
      // Thrown on to the store's error handler: the database is up, so it is the store's 500.
      expect(response.statusCode).toBe(500);
      expect(response.json().code).toBe('internal_error');
      for (const spy of printed) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of printed) spy.mockRestore();
    }
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failure = records.find((record) =>
      JSON.stringify(record).includes('refused by the test'),
    );
    expect(failure).toBeDefined();
    // The line names the request it served, as the answer does.
    expect(failure?.reqId).toBe(response.headers['x-request-id']);
    for (const line of lines) {
      expect(line).not.toContain('Mallory');
      expect(line).not.toContain('mallory@example.com');
      expect(line).not.toContain('hunter2');
    }
  });
});
