import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user } from '../db/schema.ts';
import { buildMailTestApp, type MailTestApp } from '../testing/mail-test-app.ts';
import { linkIn } from '../testing/smtp-sink.ts';
import { sessionCookie, TEST_ORIGIN, type TestContext } from '../testing/test-app.ts';

let smtp: MailTestApp['smtp'];
let t: TestContext;
let post: MailTestApp['post'];
let follow: MailTestApp['follow'];
let mail: MailTestApp;

beforeAll(async () => {
  mail = await buildMailTestApp();
  ({ t, smtp, post, follow } = mail);
});
afterAll(async () => {
  await mail.close();
});

const me = (cookie: string, email: string) =>
  t.app.inject({ url: `/api/userdetails/${encodeURIComponent(email)}`, headers: { cookie } });

describe('account pre-hijack', () => {
  it('verifying an email ends every session opened before, and signs no one in', async () => {
    const email = 'victim@example.com';
    // Someone who does not own the address signs up with it and keeps a session.
    expect(
      (
        await post('/api/auth/sign-up/email', {
          name: 'Not Victim',
          email,
          password: 'squat-squat-77',
        })
      ).statusCode,
    ).toBe(200);
    const squatter = sessionCookie(
      (await post('/api/auth/sign-in/email', { email, password: 'squat-squat-77' })).headers[
        'set-cookie'
      ],
    );
    expect((await me(squatter, email)).statusCode).toBe(200);

    // The owner follows the verification link from their inbox.
    const mail = await smtp.waitFor(email, 'Confirm your email');
    const verified = await follow(linkIn(mail.text, `${TEST_ORIGIN}/api/auth/verify-email`));
    expect(verified.statusCode).toBe(302);
    expect([verified.headers['set-cookie'] ?? []].flat().join(';')).not.toMatch(
      /session_token=[^;]/,
    );

    expect((await me(squatter, email)).statusCode).toBe(401);
    const [row] = await t.db.select().from(user).where(eq(user.email, email));
    expect(row?.emailVerified).toBe(true);
    expect(
      await t.db
        .select()
        .from(session)
        .where(eq(session.userId, row?.id ?? '')),
    ).toEqual([]);
  });
});

describe('sign-up tells no one who has an account', () => {
  it('answers a taken email exactly like a new one, makes no account, and mails the owner instead', async () => {
    const owner = await t.signUp({ name: 'Olga Owner', email: 'olga@example.com' });
    // Spaces of every kind: what the store keeps must be what it answers, either way.
    const name = 'Some\u00a0 one   Else\u2028Here';
    const fresh = await post('/api/auth/sign-up/email', {
      name,
      email: 'brand-new@example.com',
      password: 'gentle-lathe-31',
    });
    const taken = await post('/api/auth/sign-up/email', {
      name,
      email: 'Olga@Example.com',
      password: 'gentle-lathe-31',
    });
    for (const response of [fresh, taken]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
      token: body.token,
      user: Object.fromEntries(
        Object.entries(body.user).map(([key, value]) =>
          ['id', 'email', 'createdAt', 'updatedAt'].includes(key)
            ? [key, typeof value]
            : [key, value],
        ),
      ),
    });
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    expect(fresh.json().user.name).toBe('Some one Else Here');
    expect(
      Number(
        (
          await t.db.execute<{ n: string }>(
            sql`select count(*) as n from "user" where lower(email) = 'olga@example.com'`,
          )
        ).rows[0]?.n,
      ),
    ).toBe(1);

    const note = await smtp.waitFor(owner.email, 'You already have');
    expect(note.text).toContain('No second account was made');
    expect(note.text).toContain('Hello Olga Owner,');
    expect(note.text).not.toContain('Someone,');
  });
});

describe('signing up again with an address never confirmed', () => {
  it('mails its owner a fresh confirmation link that works', async () => {
    const email = 'twice@example.com';
    await post('/api/auth/sign-up/email', {
      name: 'First Try',
      email,
      password: 'gentle-lathe-31',
    });
    await smtp.waitFor(email, 'Confirm your email');
    const before = smtp.received.filter((m) => m.to.includes(email)).length;
    const again = await post('/api/auth/sign-up/email', {
      name: 'Second Try',
      email,
      password: 'other-lathe-42',
    });
    expect(again.statusCode).toBe(200);
    const mail = (await smtp.waitForMore(email, before)).at(-1);
    expect(mail?.subject).toBe('Confirm your email for Toolyard');
    expect(mail?.text).not.toContain('Try');
    const confirmed = await follow(
      linkIn(mail?.text ?? '', `${TEST_ORIGIN}/api/auth/verify-email`),
    );
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe(`${TEST_ORIGIN}/email-verified`);
    const [row] = await t.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ emailVerified: true, name: 'First Try' });
  });
});

describe('sign-ups racing for one new email', () => {
  it('all get the same answer, and one account is made', async () => {
    const email = 'racer@example.com';
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        post('/api/auth/sign-up/email', { name: 'Racer', email, password: 'gentle-lathe-31' }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([
      200, 200, 200, 200, 200, 200,
    ]);
    const keys = (body: { user: Record<string, unknown> }) => Object.keys(body.user).sort();
    const first = keys(responses[0]?.json() ?? { user: {} });
    for (const response of responses) expect(keys(response.json())).toEqual(first);
    expect(await t.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
  });
});

describe('mail to an unverified address carries no text the requester chose', () => {
  it('the verification email does not print the sign-up name', async () => {
    const email = 'phish-target@example.com';
    const name = 'Customer. URGENT: your order is held, call +1 555 0100';
    expect(
      (await post('/api/auth/sign-up/email', { name, email, password: 'sturdy-anvil-88' }))
        .statusCode,
    ).toBe(200);
    const mail = await smtp.waitFor(email, 'Confirm your email');
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toContain('URGENT');
      expect(body).not.toContain('555 0100');
    }
    expect(mail.text.startsWith('Hello,')).toBe(true);
  });

  it('a password reset for an unverified account does not print its name', async () => {
    const email = 'unverified-reset@example.com';
    await post('/api/auth/sign-up/email', {
      name: 'Call 555 0199 now',
      email,
      password: 'sturdy-anvil-88',
    });
    await post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    const mail = await smtp.waitFor(email, 'Reset your');
    expect(mail.text).not.toContain('555 0199');
  });
});
