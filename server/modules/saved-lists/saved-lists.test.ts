import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MergedCartSchema } from '../../../contract/cart.ts';
import {
  MAX_LIST_LINES,
  MAX_LISTS_PER_PERSON,
  SavedListSchema,
  SavedListSummarySchema,
} from '../../../contract/saved-lists.ts';
import { savedLists } from '../../db/schema.ts';
import { addCompany } from '../../testing/company-rows.ts';
import { client, expectFieldError, expectProblem } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';

/** Saved lists: /api/lists and a list's lines, sharing, and putting a whole list in the cart. */

let t: TestContext;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function make(who: TestUser, name = 'Site kit', isShared?: boolean) {
  const response = await client(t.app, who).post('/lists', {
    name,
    ...(isShared === undefined ? {} : { isShared }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return SavedListSchema.parse(response.json());
}

const addLines = (who: TestUser, id: string, body: unknown) =>
  client(t.app, who).post(`/lists/${id}/lines`, body);

describe('a person’s own lists', () => {
  it('are made, filled from a tool page, the cart and an order, renamed, changed and deleted', async () => {
    const buyer = await t.signUp();
    const [saw, drill, tape] = [await t.addTool(), await t.addTool(), await t.addTool()];
    const list = await make(buyer);
    expect(list).toMatchObject({ isShared: false, canChange: true, lines: [], lineCount: 0 });
    expect(list.maker.isCaller).toBe(true);

    const fromPage = await addLines(buyer, list._id, {
      from: 'lines',
      lines: [{ toolId: saw.id, quantity: 4 }],
    });
    expect(fromPage.statusCode, fromPage.body).toBe(200);

    await client(t.app, buyer).put('/cart', {
      lines: [
        { toolId: saw.id, quantity: 2 },
        { toolId: drill.id, quantity: 3 },
      ],
    });
    // Adding from nowhere, or from a place the list does not know, names the places it does.
    for (const body of [{}, { from: 'wishlist' }]) {
      expect(expectFieldError(await addLines(buyer, list._id, body), 'from').errors).toEqual([
        { field: 'from', in: 'body', message: 'Must be one of: lines, cart, order.' },
      ]);
    }
    const fromCart = await addLines(buyer, list._id, { from: 'cart' });
    expect(fromCart.json().list.lines.map((l: { quantity: number }) => l.quantity)).toEqual([6, 3]);

    const order = await client(t.app, buyer).post('/orders', {
      lines: [{ toolId: tape.id, quantity: tape.minimumOrder }],
      ...delivery,
    });
    const fromOrder = await addLines(buyer, list._id, { from: 'order', orderId: order.json()._id });
    const filled = SavedListSchema.parse(fromOrder.json().list);
    expect(filled.lines.map((line) => [line.toolId, line.quantity])).toEqual([
      [saw.id, 6],
      [drill.id, 3],
      [tape.id, tape.minimumOrder],
    ]);
    expect(filled.lines[0]?.tool).toMatchObject({ name: saw.name, isListed: true });

    const renamed = await client(t.app, buyer).patch(`/lists/${list._id}`, { name: 'Restock' });
    expect(SavedListSchema.parse(renamed.json()).name).toBe('Restock');
    const changed = await client(t.app, buyer).put(`/lists/${list._id}/lines`, {
      lines: [{ toolId: drill.id, quantity: 10 }],
    });
    expect(SavedListSchema.parse(changed.json()).lines.map((line) => line.quantity)).toEqual([10]);

    const page = await client(t.app, buyer).get('/lists?limit=1');
    expect(page.headers['x-total-count']).toBe('1');
    expect(SavedListSummarySchema.array().parse(page.json())[0]).toMatchObject({ lineCount: 1 });

    expect((await client(t.app, buyer).delete(`/lists/${list._id}`)).json()).toEqual({
      deletedCount: 1,
    });
    expectProblem(await client(t.app, buyer).get(`/lists/${list._id}`), 404, 'not_found');
  });

  it('puts a whole list in the cart, explaining lines no longer sold or short of stock', async () => {
    const buyer = await t.signUp();
    const plenty = await t.addTool({ quantity: 100, minimumOrder: 1 });
    const short = await t.addTool({ quantity: 3, minimumOrder: 1 });
    const gone = await t.addTool({ quantity: 50, minimumOrder: 1 });
    const list = await make(buyer);
    await addLines(buyer, list._id, {
      from: 'lines',
      lines: [
        { toolId: plenty.id, quantity: 5 },
        { toolId: short.id, quantity: 10 },
        { toolId: gone.id, quantity: 2 },
      ],
    });
    await t.removeTool(gone.id);
    const read = SavedListSchema.parse(
      (await client(t.app, buyer).get(`/lists/${list._id}`)).json(),
    );
    expect(read.lines.map((line) => line.tool.isListed)).toEqual([true, true, false]);
    // Its quantities still change with the removed tool on it.
    const kept = await client(t.app, buyer).put(`/lists/${list._id}/lines`, {
      lines: read.lines.map(({ toolId, quantity }) => ({ toolId, quantity })),
    });
    expect(kept.statusCode, kept.body).toBe(200);

    const response = await client(t.app, buyer).post(`/lists/${list._id}/cart`);
    expect(response.statusCode, response.body).toBe(200);
    const { cart, merged } = MergedCartSchema.parse(response.json());
    expect(merged.map((line) => [line.toolId, line.outcome, line.after])).toEqual([
      [plenty.id, 'added', 5],
      [short.id, 'added', 10],
      [gone.id, 'unavailable', 0],
    ]);
    // The line short of stock goes in as the list has it, and the cart says what is wrong with it.
    expect(
      cart.lines.map((line) => [line.toolId, line.quantity, line.problem?.code ?? null]),
    ).toEqual([
      [plenty.id, 5, null],
      [short.id, 10, 'over_stock'],
    ]);
    expect(cart.lines[1]?.problem?.message).toContain('3');
  });

  it('refuses a name that shows nothing or breaks the line, and makes no list', async () => {
    const buyer = await t.signUp();
    const lists = client(t.app, buyer);
    for (const name of ['\u200b', '\u200b\u200d\u2060', '\u3164', 'Site\u2028kit']) {
      expectFieldError(await lists.post('/lists', { name }), 'name');
    }
    const list = await make(buyer, 'Site\u200bkit');
    expectFieldError(await lists.patch(`/lists/${list._id}`, { name: '\u2060\u00ad' }), 'name');
    const mine = await lists.get('/lists');
    expect(mine.json().map((row: { name: string }) => row.name)).toEqual(['Site\u200bkit']);
  });

  it('refuses a removed tool, other people’s orders, and lists or lines past their caps', async () => {
    const buyer = await t.signUp();
    const other = await t.signUp();
    const gone = await t.addTool();
    await t.removeTool(gone.id);
    const list = await make(buyer);
    const notAdded = await addLines(buyer, list._id, {
      from: 'lines',
      lines: [{ toolId: gone.id, quantity: 1 }],
    });
    expect(notAdded.json().notAdded).toEqual([{ toolId: gone.id, name: gone.name }]);
    // An id of no tool at all is an error of its line, and nothing is added beside it.
    const kept = await t.addTool();
    const unknown = expectFieldError(
      await addLines(buyer, list._id, {
        from: 'lines',
        lines: [
          { toolId: kept.id, quantity: 1 },
          { toolId: '00000000-0000-4000-8000-000000000000', quantity: 1 },
        ],
      }),
      'lines.1.toolId',
    );
    expect(unknown.errors).toHaveLength(1);
    expect(unknown.errors?.[0]?.message).toBe('No tool has this id.');
    expect((await client(t.app, buyer).get(`/lists/${list._id}`)).json().lines).toEqual([]);
    expectFieldError(
      await client(t.app, buyer).put(`/lists/${list._id}/lines`, {
        lines: [{ toolId: gone.id, quantity: 1 }],
      }),
      'lines.0.toolId',
    );
    const tool = await t.addTool({ minimumOrder: 1 });
    const theirs = await client(t.app, other).post('/orders', {
      lines: [{ toolId: tool.id, quantity: 1 }],
      ...delivery,
    });
    expectProblem(
      await addLines(buyer, list._id, { from: 'order', orderId: theirs.json()._id }),
      404,
      'not_found',
    );

    const many = await Promise.all(Array.from({ length: MAX_LIST_LINES + 1 }, () => t.addTool()));
    await client(t.app, buyer).put(`/lists/${list._id}/lines`, {
      lines: many.slice(0, MAX_LIST_LINES).map((m) => ({ toolId: m.id, quantity: 1 })),
    });
    const full = expectProblem(
      await addLines(buyer, list._id, {
        from: 'lines',
        lines: [{ toolId: many.at(-1)?.id, quantity: 1 }],
      }),
      409,
      'list_full',
    );
    expect(full.detail).toContain('Nothing was added');

    await t.db.insert(savedLists).values(
      Array.from({ length: MAX_LISTS_PER_PERSON - 1 }, (_, i) => ({
        userId: buyer.id,
        name: `L${i}`,
      })),
    );
    expectProblem(
      await client(t.app, buyer).post('/lists', { name: 'One more' }),
      409,
      'lists_full',
    );
    expectFieldError(
      await client(t.app, other).post('/lists', { name: 'Shared', isShared: true }),
      'isShared',
    );
  });
});

describe('lists shared with a company', () => {
  it('every member reads them; only the maker or the owner changes them; strangers see none', async () => {
    const [owner, buyer, approver, viewer] = [
      await t.signUp(),
      await t.signUp(),
      await t.signUp(),
      await t.signUp(),
    ];
    await addCompany(t.db, 'Kit Co', [
      { id: owner.id, role: 'owner' },
      { id: buyer.id, role: 'buyer' },
      { id: approver.id, role: 'approver' },
      { id: viewer.id, role: 'viewer' },
    ]);
    const [outsider, loner] = [await t.signUp(), await t.signUp()];
    await addCompany(t.db, 'Other Co', [{ id: outsider.id, role: 'owner' }]);
    const shared = await make(buyer, 'Crew kit', true);
    const own = await make(buyer, 'My kit');
    const tool = await t.addTool({ minimumOrder: 1 });

    for (const member of [owner, approver, viewer]) {
      const seen = SavedListSummarySchema.array().parse(
        (await client(t.app, member).get('/lists')).json(),
      );
      expect(seen.map((list) => list.name)).toEqual(['Crew kit']);
      expectProblem(await client(t.app, member).get(`/lists/${own._id}`), 404, 'not_found');
    }
    for (const reader of [approver, viewer]) {
      expectProblem(
        await client(t.app, reader).patch(`/lists/${shared._id}`, { name: 'Mine now' }),
        403,
        'forbidden',
      );
      expectProblem(await client(t.app, reader).delete(`/lists/${shared._id}`), 403, 'forbidden');
      // Reading members may still put it in their own cart.
      expect((await client(t.app, reader).post(`/lists/${shared._id}/cart`)).statusCode).toBe(200);
    }
    const byOwner = await addLines(owner, shared._id, {
      from: 'lines',
      lines: [{ toolId: tool.id, quantity: 2 }],
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    for (const stranger of [outsider, loner]) {
      expect((await client(t.app, stranger).get('/lists')).json()).toEqual([]);
      expectProblem(await client(t.app, stranger).get(`/lists/${shared._id}`), 404, 'not_found');
      expectProblem(
        await client(t.app, stranger).post(`/lists/${shared._id}/cart`),
        404,
        'not_found',
      );
      expectProblem(await client(t.app, stranger).delete(`/lists/${shared._id}`), 404, 'not_found');
    }
    const unshared = await client(t.app, buyer).patch(`/lists/${shared._id}`, { isShared: false });
    expect(SavedListSchema.parse(unshared.json()).isShared).toBe(false);
    expectProblem(await client(t.app, viewer).get(`/lists/${shared._id}`), 404, 'not_found');
  });
});

describe('a shared list whose maker left the company', () => {
  it('stays the company’s: the maker reads it but no longer changes it; the owner still does', async () => {
    const [owner, buyer] = [await t.signUp(), await t.signUp()];
    await addCompany(t.db, 'Left Co', [
      { id: owner.id, role: 'owner' },
      { id: buyer.id, role: 'buyer' },
    ]);
    const shared = await make(buyer, 'Crew kit', true);
    const removed = await client(t.app, owner).delete(`/companies/mine/members/${buyer.id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);

    const read = await client(t.app, buyer).get(`/lists/${shared._id}`);
    expect(SavedListSchema.parse(read.json()).canChange).toBe(false);
    expectProblem(
      await client(t.app, buyer).patch(`/lists/${shared._id}`, { isShared: false }),
      403,
      'forbidden',
    );
    expectProblem(await client(t.app, buyer).delete(`/lists/${shared._id}`), 403, 'forbidden');
    const byOwner = await client(t.app, owner).patch(`/lists/${shared._id}`, { name: 'Ours' });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
  });

  it('a stranger’s change is refused at once, without waiting for a list someone is changing', async () => {
    const maker = await t.signUp();
    const stranger = await t.signUp();
    const list = await make(maker, 'Busy kit');
    const busy = await t.database.pool.connect();
    try {
      await busy.query('begin');
      await busy.query('select 1 from saved_lists where id = $1 for update', [list._id]);
      const answer = await Promise.race([
        client(t.app, stranger).patch(`/lists/${list._id}`, { name: 'Mine' }),
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 3_000)),
      ]);
      expect(answer === 'waited' ? answer : answer.statusCode).toBe(404);
    } finally {
      await busy.query('rollback');
      busy.release();
    }
  });
});
