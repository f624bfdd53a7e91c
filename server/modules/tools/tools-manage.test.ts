import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenOrders, Tool } from '../../../contract/tools.ts';
import {
  type Client,
  client,
  expectFieldError,
  expectProblem,
  json,
  UNKNOWN_ID,
} from '../../testing/http.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';

let t: TestContext;
let asAdmin: Client;
let asCustomer: Client;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await t.signUp({ role: 'Admin' });
  adminCookie = admin.cookie;
  asAdmin = client(t.app, admin);
  const customer = await t.signUp();
  asCustomer = client(t.app, customer);
});
afterAll(async () => {
  await t.close();
});

async function manage(query: string): Promise<{ names: string[]; total: number }> {
  const response = await asAdmin.get(`/tools/manage?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toMatch(/no-store|private/);
  return {
    names: json<Tool[]>(response).map((tool) => tool.name),
    total: Number(response.headers['x-total-count']),
  };
}

describe('GET /api/tools/manage', () => {
  it('pages 50 at a time by default, newest first, with every match counted in X-Total-Count', async () => {
    for (let i = 0; i < 53; i += 1)
      await t.addTool({ name: `Paging Chisel ${String(i).padStart(2, '0')}` });
    const first = await manage('q=Paging%20Chisel');
    expect(first.total).toBe(53);
    expect(first.names).toHaveLength(50);
    expect(first.names[0]).toBe('Paging Chisel 52');
    const last = await manage('q=Paging%20Chisel&offset=50');
    expect(last.names).toEqual(['Paging Chisel 02', 'Paging Chisel 01', 'Paging Chisel 00']);
    expect((await manage('q=Paging%20Chisel&limit=2&sort=name_asc')).names).toEqual([
      'Paging Chisel 00',
      'Paging Chisel 01',
    ]);
  });

  it('finds tools by words of the name or description, part of a name, or the whole id', async () => {
    const plane = await t.addTool({
      name: 'Findme Block Plane',
      description: 'A low-angle block plane for end grain, with an adjustable mouth.',
    });
    await t.addTool({ name: 'Findme Spokeshave' });
    expect((await manage('q=findme')).names.sort()).toEqual([
      'Findme Block Plane',
      'Findme Spokeshave',
    ]);
    expect((await manage('q=end%20grain')).names).toEqual(['Findme Block Plane']);
    expect((await manage('q=ock%20Pla')).names).toEqual(['Findme Block Plane']);
    expect((await manage(`q=${plane.id.toUpperCase()}`)).names).toEqual(['Findme Block Plane']);
    expect(await manage('q=%25%25%25')).toEqual({ names: [], total: 0 });
  });

  it('filters low stock: below the minimum order, or below a number given', async () => {
    await t.addTool({ name: 'Lowstock Sold Out', quantity: 0, minimumOrder: 5 });
    await t.addTool({ name: 'Lowstock Short', quantity: 9, minimumOrder: 10 });
    await t.addTool({ name: 'Lowstock Exactly', quantity: 10, minimumOrder: 10 });
    await t.addTool({ name: 'Lowstock Plenty', quantity: 80, minimumOrder: 10 });
    expect(await manage('q=lowstock&lowStock=true&sort=stock_asc')).toEqual({
      names: ['Lowstock Sold Out', 'Lowstock Short'],
      total: 2,
    });
    expect((await manage('q=lowstock&lowStock=false')).total).toBe(4);
    expect((await manage('q=lowstock&below=11&sort=stock_desc')).names).toEqual([
      'Lowstock Exactly',
      'Lowstock Short',
      'Lowstock Sold Out',
    ]);
    // A threshold given wins over the minimum order.
    expect((await manage('q=lowstock&lowStock=true&below=81')).total).toBe(4);
  });

  it('leaves deleted tools out of the page and the count', async () => {
    const gone = await t.addTool({ name: 'Vanishing Rasp' });
    await t.addTool({ name: 'Vanishing File' });
    await t.removeTool(gone.id);
    expect(await manage('q=vanishing')).toEqual({ names: ['Vanishing File'], total: 1 });
  });

  it('names the failing query field and never answers 500 for nonsense', async () => {
    expectFieldError(await asAdmin.get('/tools/manage?limit=101'), 'limit', 'query');
    expectFieldError(await asAdmin.get('/tools/manage?below=0'), 'below', 'query');
    expectFieldError(await asAdmin.get('/tools/manage?below=1e400'), 'below', 'query');
    expectFieldError(
      await asAdmin.get('/tools/manage?below=99999999999999999999'),
      'below',
      'query',
    );
    expectFieldError(await asAdmin.get('/tools/manage?lowStock=yes'), 'lowStock', 'query');
    expectFieldError(await asAdmin.get('/tools/manage?sort=relevance'), 'sort', 'query');
    expectFieldError(await asAdmin.get('/tools/manage?offset=-1'), 'offset', 'query');
    expectProblem(await asAdmin.get('/tools/manage?debug=1'), 400, 'validation_failed');
  });

  it('is for admins only', async () => {
    expectProblem(await asCustomer.get('/tools/manage'), 403, 'forbidden');
    expectProblem(await client(t.app).get('/tools/manage'), 401, 'unauthenticated');
  });
});

describe('GET /api/tools/:id/open-orders', () => {
  const place = async (lines: { toolId: string; quantity: number }[]) => {
    const response = await asCustomer.post('/orders', { lines, ...delivery });
    expect(response.statusCode, response.body).toBe(201);
    return json<{ _id: string }>(response)._id;
  };

  it('counts unpaid orders and paid ones not yet shipped, whichever line holds the tool', async () => {
    const tool = await t.addTool({ name: 'Open Orders Level', minimumOrder: 1, quantity: 1000 });
    const other = await t.addTool({ name: 'Open Orders Square', minimumOrder: 1 });
    const count = async () => {
      const response = await asAdmin.get(`/tools/${tool.id}/open-orders`);
      expect(response.statusCode, response.body).toBe(200);
      return json<OpenOrders>(response);
    };
    expect(await count()).toEqual({ openOrders: 0, unpaid: 0, paidNotShipped: 0 });

    await place([{ toolId: tool.id, quantity: 2 }]);
    // Not the order's first line: still an order containing the tool.
    await place([
      { toolId: other.id, quantity: 1 },
      { toolId: tool.id, quantity: 1 },
    ]);
    const paid = await place([{ toolId: tool.id, quantity: 3 }]);
    await t.markPaid(paid, 'txn_open_1');
    const shipped = await place([{ toolId: tool.id, quantity: 1 }]);
    await t.markPaid(shipped, 'txn_open_2');
    expect(
      (await asAdmin.put(`/order/${shipped}`, { status: 'shipped', noTracking: true })).statusCode,
    ).toBe(200);
    const cancelled = await place([{ toolId: tool.id, quantity: 1 }]);
    expect((await asCustomer.delete(`/user/${cancelled}`)).statusCode).toBe(200);
    await place([{ toolId: other.id, quantity: 1 }]);

    expect(await count()).toEqual({ openOrders: 3, unpaid: 2, paidNotShipped: 1 });
  });

  it('answers 404 for an unknown or deleted tool and 400 for a malformed id', async () => {
    const gone = await t.addTool();
    await t.removeTool(gone.id);
    expectProblem(await asAdmin.get(`/tools/${gone.id}/open-orders`), 404, 'not_found');
    expectProblem(await asAdmin.get(`/tools/${UNKNOWN_ID}/open-orders`), 404, 'not_found');
    expectFieldError(await asAdmin.get('/tools/not-an-id/open-orders'), 'id', 'params');
    expectFieldError(await asAdmin.get(`/tools/${'9'.repeat(40)}/open-orders`), 'id', 'params');
    expectFieldError(await asAdmin.get(`/tools/${UNKNOWN_ID}'--/open-orders`), 'id', 'params');
  });

  it('is for admins only, and another site may not read it (no CORS, same-origin resource)', async () => {
    const tool = await t.addTool();
    expectProblem(await asCustomer.get(`/tools/${tool.id}/open-orders`), 403, 'forbidden');
    for (const url of [`/api/tools/${tool.id}/open-orders`, '/api/tools/manage']) {
      const foreign = await t.app.inject({
        url,
        headers: { origin: 'https://evil.example', cookie: adminCookie },
      });
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
      expect(foreign.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(foreign.headers['cache-control']).toBe('no-store');
    }
  });
});
