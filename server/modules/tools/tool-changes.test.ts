import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '../../../contract/tools.ts';
import { auditLog, tools } from '../../db/schema.ts';
import { type Client, client, expectFieldError, expectProblem, json } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { delivery } from '../../testing/valid-requests.ts';

let t: TestContext;
let admin: TestUser;
let asAdmin: Client;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin', name: 'Audit Admin' });
  asAdmin = client(t.app, admin);
});
afterAll(async () => {
  await t.close();
});

const newTool = {
  name: 'Changes Mitre Saw',
  img: '/images/tools/saw.svg',
  description: 'A compound mitre saw with a 254 mm blade and a laser guide.',
  quantity: 40,
  minimumOrder: 2,
  price: 18900,
};

async function toolRow(id: string) {
  const [row] = await t.db.select().from(tools).where(eq(tools.id, id));
  return row;
}

async function auditOf(id: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, id))
    .orderBy(desc(auditLog.createdAt));
}

describe('nonsense is refused unless confirmed', () => {
  it('a new tool priced 0 answers 409 naming the price, and is added when confirmed', async () => {
    const refused = await asAdmin.post('/tools', { ...newTool, name: 'Free Sample', price: 0 });
    const problem = expectProblem(refused, 409, 'confirmation_required');
    expect(problem.confirm).toEqual(['free']);
    expect(problem.errors?.map((error) => error.field)).toEqual(['price']);
    expect(await t.db.select().from(tools).where(eq(tools.name, 'Free Sample'))).toHaveLength(0);

    const added = await asAdmin.post('/tools', {
      ...newTool,
      name: 'Free Sample',
      price: 0,
      confirm: ['free'],
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(json<Tool>(added).price).toBe(0);
  });

  it('a minimum order above the stock, on adding and on editing, needs its own confirmation', async () => {
    const both = expectProblem(
      await asAdmin.post('/tools', { ...newTool, price: 0, quantity: 5, minimumOrder: 10 }),
      409,
      'confirmation_required',
    );
    expect(both.confirm).toEqual(['free', 'minimum_above_stock']);
    // Confirming one is not confirming the other.
    const half = expectProblem(
      await asAdmin.post('/tools', {
        ...newTool,
        price: 0,
        quantity: 5,
        minimumOrder: 10,
        confirm: ['free'],
      }),
      409,
      'confirmation_required',
    );
    expect(half.confirm).toEqual(['minimum_above_stock']);
    expect(half.errors?.[0]).toMatchObject({ field: 'minimumOrder', in: 'body' });

    const tool = await t.addTool({ quantity: 20, minimumOrder: 5 });
    expectProblem(
      await asAdmin.patch(`/tools/${tool.id}`, { minimumOrder: 21 }),
      409,
      'confirmation_required',
    );
    expectProblem(
      await asAdmin.patch(`/tools/${tool.id}`, { quantity: 4 }),
      409,
      'confirmation_required',
    );
    expectProblem(
      await asAdmin.patch(`/tools/${tool.id}`, { price: 0 }),
      409,
      'confirmation_required',
    );
    expect(await toolRow(tool.id)).toEqual(tool);
    expect(await auditOf(tool.id)).toEqual([]);

    const saved = await asAdmin.patch(`/tools/${tool.id}`, {
      quantity: 4,
      confirm: ['minimum_above_stock'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<Tool>(saved).quantity).toBe(4);
  });

  it('asks only about what the request changes: a sold-down tool can still be renamed', async () => {
    const tool = await t.addTool({ quantity: 3, minimumOrder: 10, price: 0 });
    const response = await asAdmin.patch(`/tools/${tool.id}`, { name: 'Renamed Sold Down' });
    expect(response.statusCode, response.body).toBe(200);
    // A restock that still leaves it short is progress, not a mistake.
    expect((await asAdmin.patch(`/tools/${tool.id}`, { restock: 2 })).statusCode).toBe(200);
  });

  it('price breaks that make no sense stay refused with 400, confirmation or not', async () => {
    const tool = await t.addTool({ price: 1000, minimumOrder: 10 });
    expectFieldError(
      await asAdmin.patch(`/tools/${tool.id}`, {
        priceTiers: [{ minQuantity: 50, price: 1200 }],
        confirm: ['free', 'minimum_above_stock'],
      }),
      'priceTiers.0.price',
    );
    expectFieldError(
      await asAdmin.patch(`/tools/${tool.id}`, { confirm: ['unknown'] }),
      'confirm.0',
    );
    expectProblem(
      await asAdmin.patch(`/tools/${tool.id}`, { confirm: ['free'] }),
      400,
      'validation_failed',
    );
    expectFieldError(
      await asAdmin.patch(`/tools/${tool.id}`, { quantity: 5, restock: 5 }),
      'restock',
    );
    expectFieldError(await asAdmin.patch(`/tools/${tool.id}`, { quantity: 2 ** 53 }), 'quantity');
    expectFieldError(await asAdmin.patch(`/tools/${tool.id}`, { price: 1e308 }), 'price');
  });
});

describe('every field can be edited, the stock set, and each change is in the audit log', () => {
  it('records tool.created with the fields, in the same transaction as the tool', async () => {
    const response = await asAdmin.post('/tools', { ...newTool, name: 'Audited Router' });
    const tool = json<Tool>(response);
    const [entry] = await auditOf(tool._id);
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorName: 'Audit Admin',
      actorEmail: admin.email,
      action: 'tool.created',
      targetType: 'tool',
      targetLabel: 'Audited Router',
    });
    expect(entry?.details).toMatchObject({ fields: { price: 18900, quantity: 40 } });
  });

  it('records tool.updated with each changed field before and after, and nothing else', async () => {
    const tool = await t.addTool({ name: 'Audited Drill', quantity: 100, price: 5000 });
    const response = await asAdmin.patch(`/tools/${tool.id}`, {
      name: 'Audited Drill Pro',
      img: 'https://images.example.com/drill.webp',
      description: 'A hammer drill with a side handle and a depth stop, in a case.',
      minimumOrder: 4,
      price: 4500,
      quantity: 60,
      priceTiers: [{ minQuantity: 20, price: 4000 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await toolRow(tool.id)).toMatchObject({
      name: 'Audited Drill Pro',
      img: 'https://images.example.com/drill.webp',
      minimumOrder: 4,
      price: 4500,
      quantity: 60,
      priceTiers: [{ minQuantity: 20, price: 4000 }],
    });
    const [entry] = await auditOf(tool.id);
    expect(entry?.action).toBe('tool.updated');
    expect(entry?.targetLabel).toBe('Audited Drill Pro');
    expect(entry?.details).toEqual({
      changes: {
        name: { before: 'Audited Drill', after: 'Audited Drill Pro' },
        img: { before: tool.img, after: 'https://images.example.com/drill.webp' },
        description: {
          before: tool.description,
          after: 'A hammer drill with a side handle and a depth stop, in a case.',
        },
        quantity: { before: 100, after: 60 },
        minimumOrder: { before: 10, after: 4 },
        price: { before: 5000, after: 4500 },
        priceTiers: { before: [], after: [{ minQuantity: 20, price: 4000 }] },
      },
    });
  });

  it('records restocks and PUT /purchase/:id stock settings as quantity changes', async () => {
    const tool = await t.addTool({ quantity: 30 });
    expect((await asAdmin.patch(`/tools/${tool.id}`, { restock: 5 })).statusCode).toBe(200);
    expect((await asAdmin.put(`/purchase/${tool.id}`, { newQuantity: 12 })).statusCode).toBe(200);
    const entries = await auditOf(tool.id);
    expect(entries.map((entry) => entry.details)).toEqual([
      { changes: { quantity: { before: 35, after: 12 } } },
      { changes: { quantity: { before: 30, after: 35 } } },
    ]);
  });

  it('a refused change records nothing', async () => {
    const tool = await t.addTool({ quantity: 10 });
    expectFieldError(await asAdmin.patch(`/tools/${tool.id}`, { restock: 10_000_000 }), 'restock');
    expect(await auditOf(tool.id)).toEqual([]);
  });

  it('records tool.deleted with the open orders it had', async () => {
    const tool = await t.addTool({ name: 'Audited Clamp', minimumOrder: 1 });
    const customer = client(t.app, await t.signUp());
    const placed = await customer.post('/orders', {
      lines: [{ toolId: tool.id, quantity: 2 }],
      ...delivery,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await asAdmin.delete(`/product/${tool.id}`)).statusCode).toBe(200);
    const [entry] = await auditOf(tool.id);
    expect(entry).toMatchObject({ action: 'tool.deleted', targetLabel: 'Audited Clamp' });
    expect(entry?.details).toMatchObject({ openOrders: 1, fields: { name: 'Audited Clamp' } });
  });
});
