import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  CompanyInvitation,
  CompanyMember,
  MyCompany,
} from '../../../contract/company-details.ts';
import { auditLog, companyInvitations, mailOutbox } from '../../db/schema.ts';
import { invitationToken } from '../../testing/companies.ts';
import { client, expectFieldError, expectProblem, json } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const details = {
  name: 'Harbour Builders',
  vatNumber: 'GB123456789',
  billingAddress: '1 Quay Street\nPortsmouth PO1 2AB',
};

async function createCompany(owner: TestUser, body: object = details): Promise<MyCompany> {
  const response = await client(t.app, owner).post('/companies', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The caller's company's open invitations (the first page). */
async function openInvitations(owner: TestUser): Promise<CompanyInvitation[]> {
  const response = await client(t.app, owner).get('/companies/mine/invitations');
  expect(response.statusCode, response.body).toBe(200);
  return json<CompanyInvitation[]>(response);
}

/** The caller's company's members (the first page). */
async function membersOf(member: TestUser): Promise<CompanyMember[]> {
  const response = await client(t.app, member).get('/companies/mine/members');
  expect(response.statusCode, response.body).toBe(200);
  return json<CompanyMember[]>(response);
}

/** Invites `email` as `role` and answers the token the mailed link carries. */
async function invite(owner: TestUser, email: string, role = 'buyer'): Promise<string> {
  const to = email.trim().toLowerCase();
  const before = t.sentMail.filter((m) => m.to === to).length;
  const response = await client(t.app, owner).post('/companies/mine/invitations', { email, role });
  expect(response.statusCode, response.body).toBe(201);
  const mail = await vi.waitFor(() => {
    const mails = t.sentMail.filter((m) => m.to === to);
    const found = mails[before];
    if (!found) throw new Error('no invitation mail yet');
    return found;
  });
  return invitationToken(mail.text);
}

describe('a company', () => {
  it('is created by a customer without one, who becomes its owner; a second is refused', async () => {
    const owner = await t.signUp({ name: 'Olga Owner' });
    const company = await createCompany(owner);
    expect(company).toMatchObject({
      name: 'Harbour Builders',
      vatNumber: 'GB123456789',
      role: 'owner',
      monthlyLimit: null,
    });
    expect(await membersOf(owner)).toMatchObject([
      { userId: owner.id, role: 'owner', email: owner.email },
    ]);
    expect(await openInvitations(owner)).toEqual([]);
    expect((await client(t.app, owner).get('/companies/mine')).json()).toEqual(company);
    const again = await client(t.app, owner).post('/companies', { name: 'Second Ltd' });
    expect(expectProblem(again, 409, 'already_in_company').detail).toContain('Harbour Builders');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, company._id));
    expect(audit.map((entry) => entry.action)).toEqual(['company.created']);
  });

  it('is null for a customer without one', async () => {
    const loner = await t.signUp();
    const response = await client(t.app, loner).get('/companies/mine');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  it('lets its owner change the details and budget, and no one else', async () => {
    const owner = await t.signUp();
    const buyer = await t.signUp();
    await createCompany(owner);
    await client(t.app, buyer).post('/company-invitations/accept', {
      token: await invite(owner, buyer.email),
    });
    const changed = await client(t.app, owner).patch('/companies/mine', {
      monthlyLimit: 500_000,
      vatNumber: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Harbour Builders',
      vatNumber: null,
      monthlyLimit: 500_000,
    });
    const refused = await client(t.app, buyer).patch('/companies/mine', { name: 'Mine Now' });
    expect(expectProblem(refused, 403, 'forbidden').detail).toBe(
      "Only the company's owners may change the company's details.",
    );
    const negative = await client(t.app, owner).patch('/companies/mine', { monthlyLimit: -1 });
    expectProblem(negative, 400, 'validation_failed');
    const loner = await t.signUp();
    expectProblem(
      await client(t.app, loner).patch('/companies/mine', { name: 'Nope Ltd' }),
      404,
      'not_found',
    );
  });
});

describe('invitations', () => {
  it('are mailed with a link; the invitee sees the company and role, and accepts', async () => {
    const owner = await t.signUp({ name: 'Ivy Owner' });
    await createCompany(owner);
    const invitee = await t.signUp({ name: 'Ben Buyer' });
    // Typed in capitals, with the spaces a pasted address brings along.
    const token = await invite(owner, ` ${invitee.email.toUpperCase()} `, 'approver');
    const mail = t.sentMail.findLast((m) => m.to === invitee.email);
    expect(mail?.subject).toBe('You are invited to join a company on Toolyard');
    // Sent through the outbox like every email, and never with the token stored in the clear.
    const queued = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, invitee.email));
    expect(queued).toMatchObject([{ kind: 'company_invitation', status: 'sent' }]);
    const stored = await t.db.select().from(companyInvitations);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(mail?.text).toContain(
      `${owner.email} invited this email address to join the company “Harbour Builders” on Toolyard as an approver`,
    );

    expect(await openInvitations(owner)).toMatchObject([
      { email: invitee.email, role: 'approver', invitedBy: 'Ivy Owner' },
    ]);

    const preview = await client(t.app, invitee).post('/company-invitations/open', { token });
    expect(preview.json()).toMatchObject({
      companyName: 'Harbour Builders',
      role: 'approver',
      invitedBy: 'Ivy Owner',
      currentCompany: null,
    });
    const accepted = await client(t.app, invitee).post('/company-invitations/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ name: 'Harbour Builders', role: 'approver' });
    const used = await client(t.app, invitee).post('/company-invitations/accept', { token });
    expect(expectProblem(used, 409, 'invitation_closed').detail).toBe(
      'This invitation was accepted already.',
    );
    expect(await openInvitations(owner)).toEqual([]);
    expect((await membersOf(invitee)).map((m) => m.role)).toEqual(['owner', 'approver']);
  });

  it('are accepted only by the invited address, and never by someone in a company', async () => {
    const owner = await t.signUp();
    await createCompany(owner);
    const invitee = await t.signUp();
    const token = await invite(owner, invitee.email);
    const stranger = await t.signUp();
    const wrong = await client(t.app, stranger).post('/company-invitations/accept', { token });
    expect(expectProblem(wrong, 403, 'wrong_invitee').detail).toContain('another email address');
    expectProblem(
      await client(t.app, stranger).post('/company-invitations/open', { token }),
      403,
      'wrong_invitee',
    );
    // The invitee owns a company of their own meanwhile.
    await createCompany(invitee, { name: 'Invitee Ltd' });
    const preview = await client(t.app, invitee).post('/company-invitations/open', { token });
    expect(preview.json()).toMatchObject({ currentCompany: 'Invitee Ltd' });
    const inOne = await client(t.app, invitee).post('/company-invitations/accept', { token });
    expect(expectProblem(inOne, 409, 'already_in_company').detail).toContain('Invitee Ltd');
    const bogus = await client(t.app, invitee).post('/company-invitations/accept', {
      token: 'x'.repeat(43),
    });
    expectProblem(bogus, 404, 'invalid_token');
  });

  it('stop working once revoked, replaced or expired, each with its sentence', async () => {
    const owner = await t.signUp();
    await createCompany(owner);
    const invitee = await t.signUp();
    const first = await invite(owner, invitee.email);
    const second = await invite(owner, invitee.email, 'viewer');
    const replaced = await client(t.app, invitee).post('/company-invitations/accept', {
      token: first,
    });
    expect(expectProblem(replaced, 409, 'invitation_closed').detail).toContain('withdrawn');
    const open = await openInvitations(owner);
    expect(open).toHaveLength(1);
    const id = open[0]?._id ?? '';
    const revoked = await client(t.app, owner).delete(`/companies/mine/invitations/${id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(await openInvitations(owner)).toEqual([]);
    expectProblem(
      await client(t.app, owner).delete(`/companies/mine/invitations/${id}`),
      404,
      'not_found',
    );
    const afterRevoke = await client(t.app, invitee).post('/company-invitations/accept', {
      token: second,
    });
    expectProblem(afterRevoke, 409, 'invitation_closed');

    const third = await invite(owner, invitee.email);
    await t.db
      .update(companyInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(and(isNull(companyInvitations.acceptedAt), isNull(companyInvitations.revokedAt)));
    const expired = await client(t.app, invitee).post('/company-invitations/accept', {
      token: third,
    });
    expect(expectProblem(expired, 409, 'invitation_closed').detail).toMatch(
      /^This invitation expired on /,
    );
  });

  it('refuse an address whose domain has a label longer than 63 characters, and invite none', async () => {
    const owner = await t.signUp();
    await createCompany(owner);
    const mailsBefore = t.sentMail.length;
    const email = `buyer@${'a'.repeat(64)}.com`;
    const refused = await client(t.app, owner).post('/companies/mine/invitations', {
      email,
      role: 'buyer',
    });
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(expectFieldError(refused, 'email').errors).toEqual([
      {
        field: 'email',
        in: 'body',
        message:
          'Must be a valid email address: each part of its domain, between dots, can be at most 63 characters.',
      },
    ]);
    expect(await openInvitations(owner)).toEqual([]);
    expect(t.sentMail.length).toBe(mailsBefore);
    // 63 characters is the limit, and it is taken.
    await invite(owner, `buyer@${'a'.repeat(63)}.com`);
    expect((await openInvitations(owner)).map((i) => i.email)).toEqual([
      `buyer@${'a'.repeat(63)}.com`,
    ]);
  });

  it('are sent only by owners with a confirmed email, never to a member', async () => {
    const owner = await t.signUp();
    await createCompany(owner);
    const buyerAccount = await t.signUp();
    await client(t.app, buyerAccount).post('/company-invitations/accept', {
      token: await invite(owner, buyerAccount.email),
    });
    const byBuyer = await client(t.app, buyerAccount).post('/companies/mine/invitations', {
      email: 'new@example.com',
      role: 'buyer',
    });
    expectProblem(byBuyer, 403, 'forbidden');
    const member = await client(t.app, owner).post('/companies/mine/invitations', {
      email: buyerAccount.email,
      role: 'viewer',
    });
    expectProblem(member, 409, 'already_member');
    expect(await membersOf(owner)).toHaveLength(2);
  });
});

describe("a company's lists", () => {
  it('are paged on the server: members owners first, then by name; invitations newest first', async () => {
    const owner = await t.signUp({ name: 'Zoe Owner' });
    await createCompany(owner);
    const names = ['Cleo Buyer', 'Abe Buyer', 'Bea Buyer'];
    for (const name of names) {
      const person = await t.signUp({ name });
      await client(t.app, person).post('/company-invitations/accept', {
        token: await invite(owner, person.email),
      });
    }
    for (const n of [1, 2, 3]) await invite(owner, `waiting-${n}@example.com`);

    const first = await client(t.app, owner).get('/companies/mine/members?limit=2');
    expect(first.headers['x-total-count']).toBe('4');
    expect(json<CompanyMember[]>(first).map((m) => m.name)).toEqual(['Zoe Owner', 'Abe Buyer']);
    const second = await client(t.app, owner).get('/companies/mine/members?limit=2&offset=2');
    expect(json<CompanyMember[]>(second).map((m) => m.name)).toEqual(['Bea Buyer', 'Cleo Buyer']);
    // Found by any part of a name or an email, in any case, with how many match.
    const found = await client(t.app, owner).get('/companies/mine/members?q=BUYER&limit=2');
    expect(found.headers['x-total-count']).toBe('3');
    expect(json<CompanyMember[]>(found).map((m) => m.name)).toEqual(['Abe Buyer', 'Bea Buyer']);
    const cleo = await client(t.app, owner).get('/companies/mine/members?q=cleo%20b');
    expect(json<CompanyMember[]>(cleo).map((m) => m.name)).toEqual(['Cleo Buyer']);
    expect(json(await client(t.app, owner).get('/companies/mine/members?q=%25'))).toEqual([]);
    expectFieldError(
      await client(t.app, owner).get(`/companies/mine/members?q=${'x'.repeat(101)}`),
      'q',
      'query',
    );

    const invited = await client(t.app, owner).get('/companies/mine/invitations?limit=2&offset=1');
    expect(invited.headers['x-total-count']).toBe('3');
    expect(json<CompanyInvitation[]>(invited).map((i) => i.email)).toEqual([
      'waiting-2@example.com',
      'waiting-1@example.com',
    ]);
    expectFieldError(
      await client(t.app, owner).get('/companies/mine/members?limit=101'),
      'limit',
      'query',
    );
  });

  it('are read by members only, the invitations by owners only', async () => {
    const owner = await t.signUp();
    await createCompany(owner);
    const buyer = await t.signUp();
    await client(t.app, buyer).post('/company-invitations/accept', {
      token: await invite(owner, buyer.email),
    });
    expect(await membersOf(buyer)).toHaveLength(2);
    expectProblem(await client(t.app, buyer).get('/companies/mine/invitations'), 403, 'forbidden');
    const stranger = await t.signUp();
    expectProblem(await client(t.app, stranger).get('/companies/mine/members'), 404, 'not_found');
    expectProblem(
      await client(t.app, stranger).get('/companies/mine/invitations'),
      404,
      'not_found',
    );
  });

  it('name each unknown field on its own, in the query and in the body', async () => {
    const owner = await t.signUp();
    await createCompany(owner);
    const query = await client(t.app, owner).get('/companies/mine/members?sort=name&page=2');
    expect(expectProblem(query, 400, 'validation_failed').errors).toEqual([
      { field: 'sort', in: 'query', message: 'Unknown field: sort.' },
      { field: 'page', in: 'query', message: 'Unknown field: page.' },
    ]);
    const body = await client(t.app, owner).patch('/companies/mine', {
      name: 'Renamed Ltd',
      plan: 'gold',
      isVerified: true,
    });
    expect(expectProblem(body, 400, 'validation_failed').errors).toEqual([
      { field: 'plan', in: 'body', message: 'Unknown field: plan.' },
      { field: 'isVerified', in: 'body', message: 'Unknown field: isVerified.' },
    ]);
  });

  it('refuse a bad page or role in a sentence, never in the words of the validation library', async () => {
    const owner = await t.signUp();
    await createCompany(owner);
    const deep = await client(t.app, owner).get('/companies/mine/members?offset=1000001');
    expect(expectProblem(deep, 400, 'validation_failed').errors).toEqual([
      { field: 'offset', in: 'query', message: 'Must be at most 1000000.' },
    ]);
    const negative = await client(t.app, owner).get('/companies/mine/members?offset=-1');
    expect(expectProblem(negative, 400, 'validation_failed').errors).toEqual([
      { field: 'offset', in: 'query', message: 'Must be at least 0.' },
    ]);
    const role = await client(t.app, owner).post('/companies/mine/invitations', {
      email: 'someone@example.com',
      role: 'Admin',
    });
    expect(expectProblem(role, 400, 'validation_failed').errors).toEqual([
      { field: 'role', in: 'body', message: 'Must be one of: owner, buyer, approver, viewer.' },
    ]);
  });

  it('of every company are paged for admins, found by part of a name', async () => {
    const admin = await t.signUp({ role: 'Admin' });
    for (const name of ['Quarry Tools 100%', 'Quarry Works', 'Mill Supplies']) {
      await createCompany(await t.signUp(), { name });
    }
    const found = await client(t.app, admin).get('/companies?q=quarry&limit=1');
    expect(found.headers['x-total-count']).toBe('2');
    expect(found.json()).toEqual([
      { _id: expect.any(String), name: 'Quarry Tools 100%', memberCount: 1 },
    ]);
    const next = await client(t.app, admin).get('/companies?q=quarry&limit=1&offset=1');
    expect(next.json()).toMatchObject([{ name: 'Quarry Works' }]);
    // % and _ are taken as written.
    const literal = await client(t.app, admin).get(`/companies?q=${encodeURIComponent('0%')}`);
    expect(literal.json()).toMatchObject([{ name: 'Quarry Tools 100%' }]);
    const all = await client(t.app, admin).get('/companies');
    expect(Number(all.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    expect(json<unknown[]>(all).length).toBeLessThanOrEqual(20);
  });
});

describe('members', () => {
  async function companyOf(roles: string[]) {
    const owner = await t.signUp();
    await createCompany(owner);
    const members: TestUser[] = [];
    for (const role of roles) {
      const person = await t.signUp();
      const token = await invite(owner, person.email, role);
      await client(t.app, person).post('/company-invitations/accept', { token });
      members.push(person);
    }
    return { owner, members };
  }

  it('get roles and limits from an owner, at once', async () => {
    const { owner, members } = await companyOf(['buyer']);
    const buyer = members[0] as TestUser;
    const changed = await client(t.app, owner).patch(`/companies/mine/members/${buyer.id}`, {
      role: 'approver',
      orderLimit: 50_000,
      monthlyLimit: 200_000,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const seen = (await client(t.app, buyer).get('/companies/mine')).json() as MyCompany;
    expect(seen).toMatchObject({
      role: 'approver',
      orderLimit: 50_000,
      memberMonthlyLimit: 200_000,
    });
    const stranger = await t.signUp();
    const notMember = await client(t.app, owner).patch(`/companies/mine/members/${stranger.id}`, {
      role: 'viewer',
    });
    expectProblem(notMember, 404, 'not_found');
    // A limit past what the store holds is said as an amount, as the payment terms' is.
    const tooHigh = await client(t.app, owner).patch(`/companies/mine/members/${buyer.id}`, {
      orderLimit: 2 ** 31,
    });
    expect(expectProblem(tooHigh, 400, 'validation_failed').errors).toEqual([
      { field: 'orderLimit', in: 'body', message: 'Must be at most 10,000,000.00.' },
    ]);
    const byMember = await client(t.app, buyer).patch(`/companies/mine/members/${owner.id}`, {
      role: 'viewer',
    });
    expectProblem(byMember, 403, 'forbidden');
  });

  it('are removed at once; the last owner can neither leave, be demoted nor removed', async () => {
    const { owner, members } = await companyOf(['viewer', 'owner']);
    const [viewer, coOwner] = members as [TestUser, TestUser];
    const removed = await client(t.app, owner).delete(`/companies/mine/members/${viewer.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await client(t.app, viewer).get('/companies/mine')).json()).toBeNull();

    expect((await client(t.app, coOwner).post('/companies/mine/leave')).statusCode).toBe(200);
    const leave = await client(t.app, owner).post('/companies/mine/leave');
    expect(expectProblem(leave, 409, 'last_owner').detail).toBe(
      "You are the company's last owner: make someone else owner before you leave.",
    );
    const demote = await client(t.app, owner).patch(`/companies/mine/members/${owner.id}`, {
      role: 'buyer',
    });
    expectProblem(demote, 409, 'last_owner');
    const remove = await client(t.app, owner).delete(`/companies/mine/members/${owner.id}`);
    expectProblem(remove, 409, 'last_owner');
    expectProblem(await client(t.app, viewer).post('/companies/mine/leave'), 404, 'not_found');
  });

  it('leave, and every change is in the audit log', async () => {
    const { owner, members } = await companyOf(['buyer']);
    const buyer = members[0] as TestUser;
    const left = await client(t.app, buyer).post('/companies/mine/leave');
    expect(left.statusCode).toBe(200);
    expect(left.json()).toBeNull();
    const company = json<MyCompany>(await client(t.app, owner).get('/companies/mine'));
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, company._id));
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'company.created',
      'company.invited',
      'company.member_joined',
      'company.member_left',
    ]);
  });
});
