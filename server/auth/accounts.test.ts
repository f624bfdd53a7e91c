import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, pendingSignUp, user } from '../db/schema.ts';
import { buildMailTestApp, type MailTestApp } from '../testing/mail-test-app.ts';
import { linkIn } from '../testing/smtp-sink.ts';
import { sessionCookie, TEST_ORIGIN, type TestContext } from '../testing/test-app.ts';

let smtp: MailTestApp['smtp'];
let t: TestContext;
let post: MailTestApp['post'];
let follow: MailTestApp['follow'];
let confirmWith: MailTestApp['confirmWith'];
let mail: MailTestApp;
const json = { origin: TEST_ORIGIN, 'content-type': 'application/json' };

beforeAll(async () => {
  mail = await buildMailTestApp();
  ({ t, smtp, post, follow, confirmWith } = mail);
});
afterAll(async () => {
  await mail.close();
});

/** Signs up (which signs no one in), then confirms with the emailed link and the password. */
async function signUpConfirmed(email: string, password = 'sturdy-hammer-42') {
  const response = await post('/api/auth/sign-up/email', { name: 'Vera Verify', email, password });
  expect(response.statusCode).toBe(200);
  const mail = await smtp.waitFor(email, 'Confirm your email');
  const confirmed = await confirmWith(mail.text, password);
  expect(confirmed.statusCode).toBe(200);
  return { cookie: sessionCookie(confirmed.headers['set-cookie']), password };
}

describe('email confirmation', () => {
  it('mails a link over SMTP; no account exists until its page confirms it', async () => {
    const email = 'vera@example.com';
    const password = 'sturdy-hammer-42';
    await post('/api/auth/sign-up/email', { name: 'Vera Verify', email, password });
    const mail = await smtp.waitFor(email, 'Confirm your email');
    expect(mail.subject).toBe('Confirm your email for Toolyard');
    expect(mail.from).toBe('no-reply@localhost');
    expect(mail.text).toContain('Toolyard');
    expect(mail.text).toMatch(/on \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/);
    expect(mail.html).toContain('Toolyard');

    expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    expect((await post('/api/auth/sign-in/email', { email, password })).statusCode).toBe(401);

    const confirmed = await confirmWith(mail.text, password);
    expect(confirmed.statusCode).toBe(200);
    // The link proved the mailbox and the password the sign-up: its owner is signed in.
    const session = await t.app.inject({
      url: '/api/auth/get-session',
      headers: { cookie: sessionCookie(confirmed.headers['set-cookie']) },
    });
    expect(session.json().user).toMatchObject({ email, emailVerified: true });
    const [after] = await t.db.select().from(user).where(eq(user.email, email));
    expect(after).toMatchObject({ emailVerified: true, name: 'Vera Verify', role: 'User' });
    expect(await t.db.select().from(pendingSignUp).where(eq(pendingSignUp.email, email))).toEqual(
      [],
    );

    // The link works once.
    const again = await confirmWith(mail.text, password);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_token' });
  });

  it('no GET confirms: the link opens a page whose button posts its token', async () => {
    const email = 'scanned@example.com';
    await post('/api/auth/sign-up/email', {
      name: 'Sc Anned',
      email,
      password: 'sturdy-hammer-42',
    });
    const mail = await smtp.waitFor(email, 'Confirm your email');
    const link = new URL(linkIn(mail.text, `${TEST_ORIGIN}/confirm-email?token=`));
    const token = link.searchParams.get('token') ?? '';
    for (const url of [
      `/api/auth/confirm-sign-up?token=${token}`,
      `/api/auth/verify-email?token=${token}`,
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
    expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    expect((await confirmWith(mail.text, 'sturdy-hammer-42')).statusCode).toBe(200);
  });

  it('a confirmed account signs in with its password and places orders', async () => {
    const email = 'olaf@example.com';
    const { cookie } = await signUpConfirmed(email);
    const tool = await t.addTool({ quantity: 100, minimumOrder: 5 });
    const order = await t.app.inject({
      method: 'POST',
      url: `/api/user?email=${email}`,
      headers: { ...json, cookie },
      payload: {
        toolId: tool.id,
        orderedNum: 5,
        phone: '+1 555 123 4567',
        address: '1 Forge Lane, Sheffield',
      },
    });
    expect(order.statusCode).toBe(201);
  });

  it('an expired link makes no account', async () => {
    const email = 'late@example.com';
    await post('/api/auth/sign-up/email', {
      name: 'Lou Late',
      email,
      password: 'sturdy-hammer-42',
    });
    const mail = await smtp.waitFor(email, 'Confirm your email');
    await t.db
      .update(pendingSignUp)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingSignUp.email, email));
    const confirmed = await confirmWith(mail.text, 'sturdy-hammer-42');
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json()).toMatchObject({ code: 'invalid_token' });
    expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });
});

describe('password reset', () => {
  it('mails a link that sets a new password and signs out every other session', async () => {
    const email = 'rita@example.com';
    const { cookie: oldSession, password } = await signUpConfirmed(email);
    const forgot = await post('/api/auth/request-password-reset', {
      email,
      redirectTo: `${TEST_ORIGIN}/reset-password`,
    });
    expect(forgot.statusCode).toBe(200);

    const mail = await smtp.waitFor(email, 'Reset your');
    const landing = await follow(linkIn(mail.text, `${TEST_ORIGIN}/api/auth/reset-password/`));
    expect(landing.statusCode).toBe(302);
    const location = new URL(String(landing.headers.location));
    expect(location.pathname).toBe('/reset-password');
    const token = location.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await post('/api/auth/reset-password', {
      newPassword: 'brand-new-chisel-77',
      token,
    });
    expect(reset.statusCode).toBe(200);

    const withOld = await post('/api/auth/sign-in/email', { email, password });
    expect(withOld.statusCode).toBe(401);
    const withNew = await post('/api/auth/sign-in/email', {
      email,
      password: 'brand-new-chisel-77',
    });
    expect(withNew.statusCode).toBe(200);

    const stale = await t.app.inject({
      url: `/api/userdetails/${email}`,
      headers: { cookie: oldSession },
    });
    expect(stale.statusCode).toBe(401);
  });

  it('answers the same whether or not the email has an account, and mails only real accounts', async () => {
    const known = await post('/api/auth/request-password-reset', {
      email: 'vera@example.com',
      redirectTo: '/reset-password',
    });
    const unknown = await post('/api/auth/request-password-reset', {
      email: 'nobody@example.com',
      redirectTo: '/reset-password',
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await t.app.mailer.drain();
    const queued = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'nobody@example.com'));
    expect(queued).toHaveLength(0);
  });
});

describe('passwords and sessions', () => {
  it('refuses common passwords and passwords outside 8 to 128 characters', async () => {
    const common = await post('/api/auth/sign-up/email', {
      name: 'P',
      email: 'p1@example.com',
      password: 'password123',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      code: 'password_too_common',
      errors: [{ field: 'password' }],
    });
    const short = await post('/api/auth/sign-up/email', {
      name: 'P',
      email: 'p2@example.com',
      password: 'x7#kq',
    });
    expect(short.statusCode).toBe(400);
    expect(short.headers['content-type']).toContain('application/problem+json');
    expect(short.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'password', message: 'Use at least 8 characters.' }],
    });
    const long = await post('/api/auth/sign-up/email', {
      name: 'P',
      email: 'p3@example.com',
      password: 'x'.repeat(129),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([
      { field: 'password', in: 'body', message: 'Use at most 128 characters.' },
    ]);
    for (const email of ['p1@example.com', 'p2@example.com', 'p3@example.com']) {
      expect(await t.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
    }
  });

  it('refuses an email whose domain has a label longer than 63 characters, and mails nothing', async () => {
    const email = `long@${'b'.repeat(64)}.example`;
    const refused = await post('/api/auth/sign-up/email', {
      name: 'L',
      email,
      password: 'sturdy-hammer-42',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({
      code: 'validation_failed',
      errors: [
        {
          field: 'email',
          in: 'body',
          message:
            'Must be a valid email address: each part of its domain, between dots, can be at most 63 characters.',
        },
      ],
    });
    expect(await t.db.select().from(pendingSignUp).where(eq(pendingSignUp.email, email))).toEqual(
      [],
    );
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).toEqual([]);
  });

  it('refuses one repeated character and obvious runs, with one sentence, and makes no account', async () => {
    const weak = ['aaaaaaaa', 'abababab', '12345678', '87654321', 'qwertyuiop', 'abcdefghij'];
    for (const [index, password] of weak.entries()) {
      const email = `weak${index}@example.com`;
      const answer = await post('/api/auth/sign-up/email', { name: 'W', email, password });
      expect(answer.statusCode, password).toBe(400);
      expect(answer.json().errors).toEqual([
        {
          field: 'password',
          in: 'body',
          message:
            'This password is too easy to guess: avoid one character repeated and runs such as 12345678 or qwertyui.',
        },
      ]);
      expect(await t.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
    }
  });

  it('changing the password ends the other sessions', async () => {
    const email = 'cora@example.com';
    const { cookie: first, password } = await signUpConfirmed(email);
    const second = sessionCookie(
      (await post('/api/auth/sign-in/email', { email, password })).headers['set-cookie'],
    );
    const change = await post(
      '/api/auth/change-password',
      { currentPassword: password, newPassword: 'fresh-spanner-93' },
      second,
    );
    expect(change.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/userdetails/${email}`, headers: { cookie: first } }))
        .statusCode,
    ).toBe(401);
  });

  it('sign-out ends the session on the server', async () => {
    const email = 'sid@example.com';
    const { cookie } = await signUpConfirmed(email);
    expect(
      (await t.app.inject({ url: `/api/userdetails/${email}`, headers: { cookie } })).statusCode,
    ).toBe(200);
    expect((await post('/api/auth/sign-out', {}, cookie)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/userdetails/${email}`, headers: { cookie } })).statusCode,
    ).toBe(401);
  });
});

describe('mail delivery', () => {
  it('retries a refused send and keeps the message until it is delivered', async () => {
    await t.app.mailer.drain(); // deliver what earlier tests queued, so the refusal hits ours
    smtp.refuseNext(1);
    await t.app.mailer.enqueue({
      kind: 'test',
      to: 'retry@example.com',
      subject: 'Retry me',
      text: 'Hello',
      html: '<p>Hello</p>',
    });
    await t.app.mailer.drain();
    const [pending] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'retry@example.com'));
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending?.lastError).toBeTruthy();

    await t.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.to, 'retry@example.com'));
    await t.app.mailer.drain();
    const [sent] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'retry@example.com'));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await smtp.waitFor('retry@example.com', 'Retry me')).text).toContain('Hello');
  });
});
