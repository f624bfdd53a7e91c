import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressRoutes } from '../../contract/addresses.ts';
import type { RouteDescriptor } from '../../contract/common.ts';
import { savedListRoutes } from '../../contract/saved-lists.ts';
import { savedListLines, savedLists } from '../db/schema.ts';
import {
  COMPANY_CALLERS,
  COMPANY_MATRIX,
  type CompanyCaller,
  type CompanyObjects,
} from '../testing/book-authorization-table.ts';
import { addCompany } from '../testing/company-rows.ts';
import { asSessionUser } from '../testing/session-user.ts';
import { databaseChecksum } from '../testing/store-snapshot.ts';
import { buildTestApp, TEST_ORIGIN, type TestContext, type TestUser } from '../testing/test-app.ts';
import { bookAddress } from '../testing/valid-requests.ts';

/**
 * The address book and saved lists, route by route, for every kind of caller: each role of one
 * company, the owner of another, a customer in no company, an admin and a visitor. A refused
 * request changes nothing anywhere, and no one outside the company sees its objects.
 */

let t: TestContext;
let companyId: string;
let callers: Record<Exclude<CompanyCaller, 'visitor'>, TestUser>;

beforeAll(async () => {
  t = await buildTestApp();
  const signUp = (name: string) => t.signUp({ name });
  callers = {
    owner: await signUp('Ona Owner'),
    buyer: await signUp('Bo Buyer'),
    approver: await signUp('Ari Approver'),
    viewer: await signUp('Vi Viewer'),
    otherCompany: await signUp('Otto Other'),
    noCompany: await signUp('Nell Nobody'),
    admin: await t.signUp({ role: 'Admin', name: 'Ada Admin' }),
  };
  ({ id: companyId } = await addCompany(t.db, 'Matrix Builders', [
    { id: callers.owner.id, role: 'owner' },
    { id: callers.buyer.id, role: 'buyer' },
    { id: callers.approver.id, role: 'approver' },
    { id: callers.viewer.id, role: 'viewer' },
  ]));
  await addCompany(t.db, 'Elsewhere Ltd', [{ id: callers.otherCompany.id, role: 'owner' }]);
});
afterAll(async () => {
  await t.close();
});

/** Fresh objects of the company for every request. */
async function objects(): Promise<CompanyObjects> {
  const tool = await t.addTool({ quantity: 1000, minimumOrder: 1 });
  const address = await t.app.services.addresses.create(asSessionUser(callers.owner), {
    ...bookAddress,
    label: 'Company depot',
  });
  // The buyer's earlier lists go, or they would reach the cap on lists one person makes.
  await t.db.delete(savedLists).where(eq(savedLists.userId, callers.buyer.id));
  const [list] = await t.db
    .insert(savedLists)
    .values({ userId: callers.buyer.id, companyId, name: 'Crew kit' })
    .returning();
  if (!list) throw new Error('no list');
  await t.db
    .insert(savedListLines)
    .values({ listId: list.id, toolId: tool.id, quantity: 10, position: 1 });
  return { toolId: tool.id, addressId: address._id, listId: list.id };
}

const routes = [
  ...Object.values(addressRoutes),
  ...Object.values(savedListRoutes),
] as RouteDescriptor[];
const key = (route: RouteDescriptor) => `${route.method} ${route.path}`;

describe('the company authorization matrix', () => {
  it('has an entry for every route of the address book and saved lists', () => {
    expect(Object.keys(COMPANY_MATRIX).sort()).toEqual(routes.map(key).sort());
  });

  describe.each(routes.map((route) => [key(route), route] as const))('%s', (name, route) => {
    it.each(COMPANY_CALLERS)('as %s', async (role) => {
      const entry = COMPANY_MATRIX[name];
      if (!entry) throw new Error(`no entry for ${name}`);
      const o = await objects();
      const caller = role === 'visitor' ? undefined : callers[role];
      const { url, body } = entry.request(o);
      const before = await databaseChecksum(t);
      const response = await t.app.inject({
        method: route.method,
        url,
        headers: { origin: TEST_ORIGIN, ...(caller ? { cookie: caller.cookie } : {}) },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      expect(response.statusCode, response.body).toBe(entry.expect[role]);
      if (response.statusCode >= 400) expect(await databaseChecksum(t)).toEqual(before);
      // Outside the company, its address and list never show, even in a list of one's own.
      if (['otherCompany', 'noCompany', 'admin'].includes(role)) {
        expect(response.body).not.toContain(o.addressId);
        expect(response.body).not.toContain(o.listId);
        expect(response.body).not.toContain('Company depot');
      }
    });
  });
});
