import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, pendingSignUp, user } from '../db/schema.ts';
import { buildMailTestApp, type MailTestApp } from '../testing/mail-test-app.ts';
import { sessionCookie, type TestContext } from '../testing/test-app.ts';

let smtp: MailTestApp['smtp'];
let t: TestContext;
let post: MailTestApp['post'];
let confirmWith: MailTestApp['confirmWith'];
let mail: MailTestApp;

beforeAll(async () => {
  mail = await buildMailTestApp({ adminEmails: ['boss@example.com', 'head@example.com'] });
  ({ t, smtp, post, confirmWith } = mail);
});
afterAll(async () => {
  await mail.close();
});

const signIn = (email: string, password: string) =>
  post('/api/auth/sign-in/email', { email, password });

/** The email of the account a response's session cookie is signed in to (null: none). */
async function sessionEmail(setCookie: string | string[] | undefined): Promise<string | null> {
  if (!setCookie) return null;
  const session = await t.app.inject({
    url: '/api/auth/get-session',
    headers: { cookie: sessionCookie(setCookie) },
  });
  return session.json()?.user?.email ?? null;
}

const signUp = (name: string, email: string, password: string) =>
  post('/api/auth/sign-up/email', { name, email, password });

/** The emails of the confirmation kind an address has received so far. */
const confirmationsTo = (email: string) =>
  smtp.received.filter((m) => m.to.includes(email) && m.subject.startsWith('Confirm your email'));

describe('account pre-hijack: a confirmation only confirms the sign-up it was mailed for', () => {
  it("the owner's link makes the owner's account; the squatter's password never signs in", async () => {
    const email = 'victim@example.com';
    // Someone who does not own the address signs up with it first, with a password of their own.
    const squat = await post('/api/auth/sign-up/email', {
      name: 'Not Victim',
      email,
      password: 'squat-squat-77',
    });
    expect(squat.statusCode).toBe(200);
    expect((await signIn(email, 'squat-squat-77')).statusCode).toBe(401);
    await smtp.waitFor(email, 'Confirm your email');

    // The owner signs up too and follows the link of their own sign-up.
    const own = await post('/api/auth/sign-up/email', {
      name: 'Vic Owner',
      email,
      password: 'owner-anvil-55',
    });
    expect(own.statusCode).toBe(200);
    const [squattersMail, ownersMail] = await smtp.waitForMore(email, 1);
    expect(confirmationsTo(email)).toHaveLength(2);
    const confirmed = await confirmWith(ownersMail?.text ?? '', 'owner-anvil-55');
    expect(confirmed.statusCode).toBe(200);
    expect(await sessionEmail(confirmed.headers['set-cookie'])).toBe(email);

    expect((await signIn(email, 'owner-anvil-55')).statusCode).toBe(200);
    expect((await signIn(email, 'squat-squat-77')).statusCode).toBe(401);
    const rows = await t.db.select().from(user).where(eq(user.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Vic Owner', emailVerified: true, role: 'User' });

    // The squatter's sign-up was discarded: its link (in the owner's inbox) confirms nothing now.
    const late = await confirmWith(squattersMail?.text ?? '', 'squat-squat-77');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'invalid_token' });
    expect((await signIn(email, 'squat-squat-77')).statusCode).toBe(401);

    // Reset mails greet the owner by the owner's name.
    await post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect((await smtp.waitFor(email, 'Reset your')).text).toContain('Hello Vic Owner,');
  });

  it('with ADMIN_EMAILS, the owner who confirms is admin and the squatter is nobody', async () => {
    const email = 'head@example.com';
    await post('/api/auth/sign-up/email', { name: 'Not Boss', email, password: 'squat-squat-77' });
    await smtp.waitFor(email, 'Confirm your email');
    expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    await post('/api/auth/sign-up/email', { name: 'Real Boss', email, password: 'owner-anvil-55' });
    const ownersMail = (await smtp.waitForMore(email, 1)).at(-1);
    expect((await confirmWith(ownersMail?.text ?? '', 'owner-anvil-55')).statusCode).toBe(200);

    const [row] = await t.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ name: 'Real Boss', role: 'Admin', emailVerified: true });
    expect((await signIn(email, 'squat-squat-77')).statusCode).toBe(401);
    const owner = await signIn(email, 'owner-anvil-55');
    expect(owner.statusCode).toBe(200);
    const session = await t.app.inject({
      url: '/api/auth/get-session',
      headers: { cookie: sessionCookie(owner.headers['set-cookie']) },
    });
    expect(session.json().user).toMatchObject({ email, role: 'Admin' });
  });
});

describe('a link proves the mailbox; the password picks whose sign-up it confirms', () => {
  it("the squatter's sign-up mailed again, confirmed by the owner, makes the owner admin (ADMIN_EMAILS)", async () => {
    const email = 'boss@example.com';
    expect((await signUp('Boss', email, 'boss-real-pass-1')).statusCode).toBe(200);
    expect((await signUp('Boss', email, 'squatter-pass-999')).statusCode).toBe(200);
    // Anyone may ask for the email again: it mails the address a new link.
    const resent = await post('/api/auth/send-verification-email', { email });
    expect(resent.json()).toEqual({ status: true });
    const newest = (await smtp.waitForMore(email, 2)).at(-1);
    expect(confirmationsTo(email)).toHaveLength(3);

    // The newest link alone confirms nothing (the password is required)...
    const token = new URL(
      /https?:\/\/\S+confirm-email\S+/.exec(newest?.text ?? '')?.[0] ?? '',
    ).searchParams.get('token');
    const alone = await post('/api/auth/confirm-sign-up', { token });
    expect(alone.statusCode).toBe(400);
    expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);

    // ...and with the owner's password it makes the owner's account, signed in, admin.
    const confirmed = await confirmWith(newest?.text ?? '', 'boss-real-pass-1');
    expect(confirmed.statusCode).toBe(200);
    expect(await sessionEmail(confirmed.headers['set-cookie'])).toBe(email);
    const [row] = await t.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ role: 'Admin', emailVerified: true });
    expect((await signIn(email, 'squatter-pass-999')).statusCode).toBe(401);
    expect((await signIn(email, 'boss-real-pass-1')).statusCode).toBe(200);
    expect(await t.db.select().from(pendingSignUp).where(eq(pendingSignUp.email, email))).toEqual(
      [],
    );
  });

  it("the owner following the squatter's earlier link with their own password gets their own account", async () => {
    const email = 'early-link@example.com';
    await signUp('Squatter Name', email, 'squatter-pass-999');
    const squattersMail = await smtp.waitFor(email, 'Confirm your email');
    await signUp('Owen Owner', email, 'owner-anvil-55');
    await smtp.waitForMore(email, 1);
    const confirmed = await confirmWith(squattersMail.text, 'owner-anvil-55');
    expect(confirmed.statusCode).toBe(200);
    expect(await sessionEmail(confirmed.headers['set-cookie'])).toBe(email);
    const rows = await t.db.select().from(user).where(eq(user.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Owen Owner', emailVerified: true });
    expect((await signIn(email, 'squatter-pass-999')).statusCode).toBe(401);
    expect((await signIn(email, 'owner-anvil-55')).statusCode).toBe(200);
  });

  it('a wrong password is refused with a sentence, makes nothing, and leaves the link usable', async () => {
    const email = 'wrong-pass@example.com';
    await signUp('Wes Wrong', email, 'owner-anvil-55');
    const mail = await smtp.waitFor(email, 'Confirm your email');
    const wrong = await confirmWith(mail.text, 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'wrong_sign_up_password' });
    expect(wrong.json().detail).toMatch(/^This is not the password this sign-up was made with/);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    expect((await confirmWith(mail.text, 'owner-anvil-55')).statusCode).toBe(200);
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
  it('each sign-up gets its own link; the first confirmed wins and the others are discarded', async () => {
    const email = 'twice@example.com';
    await post('/api/auth/sign-up/email', {
      name: 'First Try',
      email,
      password: 'gentle-lathe-31',
    });
    await smtp.waitFor(email, 'Confirm your email');
    const again = await post('/api/auth/sign-up/email', {
      name: 'Second Try',
      email,
      password: 'other-lathe-42',
    });
    expect(again.statusCode).toBe(200);
    const [first, second] = await smtp.waitForMore(email, 1);
    for (const mail of [first, second]) {
      expect(mail?.subject).toBe('Confirm your email for Toolyard');
      expect(mail?.text).not.toContain('Try');
    }
    expect((await confirmWith(second?.text ?? '', 'other-lathe-42')).statusCode).toBe(200);
    expect((await confirmWith(first?.text ?? '', 'gentle-lathe-31')).statusCode).toBe(400);
    const rows = await t.db.select().from(user).where(eq(user.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ emailVerified: true, name: 'Second Try' });
    expect((await signIn(email, 'other-lathe-42')).statusCode).toBe(200);
    expect((await signIn(email, 'gentle-lathe-31')).statusCode).toBe(401);
    expect(await t.db.select().from(pendingSignUp).where(eq(pendingSignUp.email, email))).toEqual(
      [],
    );
  });

  it('"send it again" mails a new link for the latest sign-up, and answers alike for any address', async () => {
    const email = 'resend@example.com';
    await post('/api/auth/sign-up/email', {
      name: 'Rae Resend',
      email,
      password: 'gentle-lathe-31',
    });
    await smtp.waitFor(email, 'Confirm your email');
    const asked = await post('/api/auth/send-verification-email', { email });
    const unknown = await post('/api/auth/send-verification-email', {
      email: 'no-one@example.com',
    });
    expect(asked.statusCode).toBe(200);
    expect(unknown.json()).toEqual(asked.json());
    const [first, resent] = await smtp.waitForMore(email, 1);
    expect((await confirmWith(resent?.text ?? '', 'gentle-lathe-31')).statusCode).toBe(200);
    expect((await confirmWith(first?.text ?? '', 'gentle-lathe-31')).statusCode).toBe(400);
    expect((await signIn(email, 'gentle-lathe-31')).statusCode).toBe(200);
  });

  it('links of one address confirmed at once make one account, and never fail', async () => {
    for (const round of [1, 2, 3]) {
      const email = `both-${round}@example.com`;
      for (const name of ['One', 'Two', 'Three']) {
        await post('/api/auth/sign-up/email', { name, email, password: 'gentle-lathe-31' });
      }
      await t.app.mailer.drain();
      const mails = await smtp.waitForMore(email, 2);
      const answers = await Promise.all(
        mails.map((mail) => confirmWith(mail.text, 'gentle-lathe-31')),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
      expect(await t.db.select().from(user).where(eq(user.email, email))).toHaveLength(1);
    }
  });
});

describe('sign-ups racing for one new email', () => {
  it('all get the same answer, and no account is made before a link is confirmed', async () => {
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
    expect(await t.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
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

  it('a password reset for an address with only a sign-up waiting mails nothing', async () => {
    const email = 'unverified-reset@example.com';
    await post('/api/auth/sign-up/email', {
      name: 'Call 555 0199 now',
      email,
      password: 'sturdy-anvil-88',
    });
    await post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    await t.app.mailer.drain();
    const queued = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(queued.map((row) => row.kind)).toEqual(['verification']);
  });
});
