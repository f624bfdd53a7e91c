import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggableUrl } from '../http/request-log.ts';
import { createLogger } from '../logger.ts';
import { buildTestApp, TEST_ORIGIN, type TestContext } from '../testing/test-app.ts';
import { within } from '../testing/within.ts';
import { type OutgoingMail, outboxTransport } from './transport.ts';

// Whoever reads a confirmation or reset link in the log can take over the account: the store logs
// neither the links it mails nor the tokens in the addresses people then open, at any level.

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const mailed: OutgoingMail[] = [];
let outboxDir: string;
let t: TestContext;

beforeAll(async () => {
  outboxDir = await mkdtemp(path.join(os.tmpdir(), 'toolyard-outbox-'));
  const logger = createLogger('trace', sink);
  const outbox = outboxTransport(outboxDir, logger);
  t = await buildTestApp(
    {},
    {
      logger,
      mailTransport: {
        send: async (mail) => {
          await outbox.send(mail);
          mailed.push(mail);
        },
        close: () => outbox.close(),
      },
    },
  );
});
afterAll(async () => {
  await t.close();
  await rm(outboxDir, { recursive: true, force: true });
});

const json = { origin: TEST_ORIGIN, 'content-type': 'application/json' };

/** The links of the first mail to `email` whose subject matches, once it has left. */
async function linksMailed(email: string, subject: RegExp): Promise<URL[]> {
  let links: URL[] = [];
  await within(10_000, () => {
    const mail = mailed.find((sent) => sent.to.includes(email) && subject.test(sent.subject));
    links = (mail?.text.match(/https?:\/\/\S+/g) ?? []).map((link) => new URL(link));
    expect(links.length).toBeGreaterThan(0);
  });
  return links;
}

/** Whatever in a link is long and opaque: its query values and path segments of 16+ characters. */
function secretsOf(link: URL): string[] {
  return [...link.searchParams.values(), ...link.pathname.split('/')].filter(
    (part) => part.length >= 16 && !part.includes('/'),
  );
}

describe('the log keeps no link and no token', () => {
  it('from sign-up, confirmation and password reset through the outbox, at trace level', async () => {
    const email = `lena-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: json,
      payload: { name: 'Lena Log', email, password: 'sturdy-anvil-88' },
    });
    expect(signUp.statusCode).toBe(200);
    const confirmation = await linksMailed(email, /confirm/i);
    for (const link of confirmation) {
      // The page the link opens, then its button; a mistyped token fails, which logs at info.
      await t.app.inject({ url: `${link.pathname}${link.search}` });
      await t.app.inject({ url: `${link.pathname}${link.search}x` });
      const token = link.searchParams.get('token');
      if (!token) continue;
      for (const sent of [`${token}x`, token]) {
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/confirm-sign-up',
          headers: json,
          payload: { token: sent, password: 'sturdy-anvil-88' },
        });
      }
    }

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: json,
      payload: { email, redirectTo: '/reset-password' },
    });
    expect(asked.statusCode).toBe(200);
    const reset = await linksMailed(email, /password/i);
    const secrets = [...confirmation, ...reset].flatMap(secretsOf);
    expect(secrets.length).toBeGreaterThanOrEqual(2);
    for (const link of reset) {
      const opened = await t.app.inject({ url: `${link.pathname}${link.search}` });
      const page = opened.headers.location;
      if (typeof page === 'string')
        await t.app.inject({ url: page.replace(/^https?:\/\/[^/]+/, '') });
    }
    const token = reset.flatMap(secretsOf)[0];
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: json,
      payload: { token, newPassword: 'sturdier-anvil-99' },
    });

    // The outbox names the file the mail is in, and the file holds the links.
    const written = lines.filter((line) => line.includes('mail written to the outbox'));
    expect(written.length).toBeGreaterThanOrEqual(2);
    const file = (JSON.parse(written[0] as string) as { file: string }).file;
    expect(await readFile(file, 'utf8')).toContain(`To: ${email}`);
    expect(lines.some((line) => line.includes('request completed'))).toBe(true);
    for (const line of lines) {
      for (const secret of secrets) expect(line).not.toContain(secret);
      expect(line).not.toMatch(/https?:\/\/\S*\/api\/auth\//);
    }
  });

  it('logs addresses without query values and without the token of a reset path', () => {
    expect(loggableUrl('/api/tools?sort=newest&q=drill')).toBe('/api/tools?sort=…&q=…');
    expect(loggableUrl('/api/auth/reset-password/abcDEF123456789xyz?callbackURL=%2Freset')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=…',
    );
    expect(loggableUrl('/api/orders/42')).toBe('/api/orders/42');
    expect(loggableUrl('/api/auth/sign-in/email')).toBe('/api/auth/sign-in/email');
    expect(loggableUrl('/api/auth/callback/google?code=x&state=y')).toBe(
      '/api/auth/callback/google?code=…&state=…',
    );
  });

  it('cuts a token off however the address is written', () => {
    const token = 'abcDEF123456789xyzQRS456'; // 24 characters, as Better Auth's reset tokens
    for (const written of [
      `/api/auth/reset-password%2F${token}`,
      `/api/auth/reset-password%252F${token}`,
      `/api/auth/Reset-Password/${token}`,
      `/api/auth/RESET-PASSWORD%2f${token}?callbackURL=%2F`,
      `/api/auth//reset-password//${token}`,
      `/api/auth/reset%2Dpassword/${token}`,
      `/api/auth\\reset-password\\${token}`,
      `/Reset-Password/${token}`,
      `/api/auth/${token}`,
      `/api/auth/reset-password;${token}`,
      `/api/auth/verify-email?${token}`,
    ]) {
      expect(loggableUrl(written), written).not.toContain(token);
      expect(loggableUrl(written), written).not.toContain(token.toLowerCase());
    }
    expect(loggableUrl(`/api/auth/Reset-Password/${token}`)).toBe('/api/auth/[redacted]');
    expect(loggableUrl(`/api/auth/reset-password%2F${token}`)).toBe(
      '/api/auth/reset-password/[redacted]',
    );
    expect(loggableUrl('/tools?')).toBe('/tools');
  });
});
