import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, user } from '../db/schema.ts';
import { buildMailTestApp, type MailTestApp } from '../testing/mail-test-app.ts';
import { linkIn } from '../testing/smtp-sink.ts';
import { sessionCookie, TEST_ORIGIN, type TestContext } from '../testing/test-app.ts';

let smtp: MailTestApp['smtp'];
let t: TestContext;
let post: MailTestApp['post'];
let follow: MailTestApp['follow'];
let mail: MailTestApp;
const json = { origin: TEST_ORIGIN, 'content-type': 'application/json' };

beforeAll(async () => {
  mail = await buildMailTestApp();
  ({ t, smtp, post, follow } = mail);
});
afterAll(async () => {
  await mail.close();
});

/** Signs up (which signs no one in), then signs in with the new password, still unverified. */
async function signUpUnverified(email: string, password = 'sturdy-hammer-42') {
  const response = await post('/api/auth/sign-up/email', { name: 'Vera Verify', email, password });
  expect(response.statusCode).toBe(200);
  const signIn = await post('/api/auth/sign-in/email', { email, password });
  expect(signIn.statusCode).toBe(200);
  return { cookie: sessionCookie(signIn.headers['set-cookie']), password };
}

describe('email verification', () => {
  it('sends a verification email over SMTP whose link verifies the account', async () => {
    const email = 'vera@example.com';
    await signUpUnverified(email);
    const mail = await smtp.waitFor(email, 'Confirm your email');
    expect(mail.subject).toBe('Confirm your email for Toolyard');
    expect(mail.from).toBe('no-reply@localhost');
    expect(mail.text).toContain('Toolyard');
    expect(mail.html).toContain('Toolyard');

    const [before] = await t.db.select().from(user).where(eq(user.email, email));
    expect(before?.emailVerified).toBe(false);

    const response = await follow(linkIn(mail.text, `${TEST_ORIGIN}/api/auth/verify-email`));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${TEST_ORIGIN}/email-verified`);
    const [after] = await t.db.select().from(user).where(eq(user.email, email));
    expect(after?.emailVerified).toBe(true);
  });

  it('refuses orders until the email is verified, then accepts them (after signing in again)', async () => {
    const email = 'olaf@example.com';
    const { cookie, password } = await signUpUnverified(email);
    const tool = await t.addTool({ quantity: 100, minimumOrder: 5 });
    const order = (session = cookie) =>
      t.app.inject({
        method: 'POST',
        url: `/api/user?email=${email}`,
        headers: { ...json, cookie: session },
        payload: {
          toolId: tool.id,
          orderedNum: 5,
          phone: '+1 555 123 4567',
          address: '1 Forge Lane, Sheffield',
        },
      });

    const refused = await order();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'email_not_verified' });

    const resend = await post('/api/auth/send-verification-email', { email }, cookie);
    expect(resend.statusCode).toBe(200);
    const mail = await smtp.waitFor(email, 'Confirm your email');
    expect(
      (await follow(linkIn(mail.text, `${TEST_ORIGIN}/api/auth/verify-email`))).statusCode,
    ).toBe(302);

    // Verifying ended the session opened before it; signing in again opens a verified one.
    expect((await order()).statusCode).toBe(401);
    const signIn = await post('/api/auth/sign-in/email', { email, password });
    const accepted = await order(sessionCookie(signIn.headers['set-cookie']));
    expect(accepted.statusCode).toBe(201);
  });
});

describe('password reset', () => {
  it('mails a link that sets a new password and signs out every other session', async () => {
    const email = 'rita@example.com';
    const { cookie: oldSession, password } = await signUpUnverified(email);
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
    const { cookie: first, password } = await signUpUnverified(email);
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
    const { cookie } = await signUpUnverified(email);
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
