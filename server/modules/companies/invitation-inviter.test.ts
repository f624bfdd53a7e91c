import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCompany, invitationToken } from '../../testing/companies.ts';
import { client, expectProblem } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';

/** An invitation holds only while the owner who sent it still owns the company (decision 060). */

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function invite(owner: TestUser, email: string, role: string): Promise<string> {
  const before = t.sentMail.filter((m) => m.to === email).length;
  const response = await client(t.app, owner).post('/companies/mine/invitations', { email, role });
  expect(response.statusCode, response.body).toBe(201);
  const mail = await vi.waitFor(() => {
    const found = t.sentMail.filter((m) => m.to === email)[before];
    if (!found) throw new Error('no invitation mail yet');
    return found;
  });
  return invitationToken(mail.text);
}

describe('an invitation whose sender is no longer an owner', () => {
  for (const change of ['removed', 'demoted'] as const) {
    it(`no longer brings its invitee in once the sender is ${change}`, async () => {
      const [ana, bea, invitee] = [await t.signUp(), await t.signUp(), await t.signUp()];
      const company = await addCompany(t, ana, [{ user: bea, role: 'owner' }]);
      const token = await invite(bea, invitee.email.toLowerCase(), 'owner');
      const changed =
        change === 'removed'
          ? await client(t.app, ana).delete(`/companies/mine/members/${bea.id}`)
          : await client(t.app, ana).patch(`/companies/mine/members/${bea.id}`, {
              role: 'buyer',
            });
      expect(changed.statusCode, changed.body).toBeLessThan(300);
      // The remaining owner's list of open invitations agrees: it no longer shows it.
      const listed = await client(t.app, ana).get('/companies/mine/invitations');
      expect(listed.json()).toEqual([]);
      expect(listed.headers['x-total-count']).toBe('0');

      const opened = await client(t.app, invitee).post('/company-invitations/open', { token });
      expect(expectProblem(opened, 409, 'invitation_closed').detail).toBe(
        `Whoever sent this invitation is no longer an owner of ${company.name}, so it no longer holds. Ask one of its owners for a new one.`,
      );
      const accepted = await client(t.app, invitee).post('/company-invitations/accept', { token });
      expectProblem(accepted, 409, 'invitation_closed');
      expect((await client(t.app, invitee).get('/companies/mine')).json()).toBeNull();
      // A remaining owner may invite the same address again: the old one is replaced.
      await invite(ana, invitee.email.toLowerCase(), 'buyer');
      const again = await client(t.app, ana).get('/companies/mine/invitations');
      expect(again.json()).toEqual([
        expect.objectContaining({ email: invitee.email.toLowerCase(), role: 'buyer' }),
      ]);
    });
  }
});
