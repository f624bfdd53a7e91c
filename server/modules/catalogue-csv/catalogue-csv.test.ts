import { PassThrough, Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../contract/catalogue-csv.ts';
import { auditLog, tools } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { expectProblem, json } from '../../testing/http.ts';
import { buildTestApp, type TestContext, type TestUser } from '../../testing/test-app.ts';
import { receiveFile } from './catalogue-import.ts';

/**
 * The catalogue as CSV: the export an admin downloads, and the import (a dry run, then an apply
 * all or nothing), against the real database.
 */

let t: TestContext;
let admin: TestUser;
let customer: TestUser;
let drills: { id: string; slug: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signUp({ role: 'Admin', name: 'Ida Importer' });
  customer = await t.signUp();
  drills = await t.addCategory({ slug: 'csv-drills', name: 'Drills' });
  await t.addAttribute(drills.id, { key: 'chuck-size', name: 'Chuck size', unit: 'mm' });
  await t.addAttribute(drills.id, { key: 'keyless', name: 'Keyless chuck', kind: 'boolean' });
  await t.addAttribute(drills.id, {
    key: 'power',
    name: 'Power source',
    kind: 'choice',
    options: ['Battery', 'Mains'],
  });
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.db.execute(sql`update tools set deleted_at = now() where deleted_at is null`);
});

const HEADER =
  'sku,brand,mpn,gtin,name,category,price,stock,minimum_order,order_increment,max_per_order,weight_grams,price_breaks,img,description';

function csvOf(...rows: string[]): string {
  return [HEADER, ...rows].join('\n');
}

const row = (sku: string, overrides: Partial<Record<string, string>> = {}) => {
  const cells = {
    sku,
    brand: 'Forge',
    mpn: '',
    gtin: '',
    name: `Drill ${sku}`,
    category: 'csv-drills',
    price: '49.99',
    stock: '100',
    minimum_order: '2',
    order_increment: '1',
    max_per_order: '',
    weight_grams: '0',
    price_breaks: '',
    img: '/images/tools/drill.svg',
    description: 'A drill that drills holes, sturdy and quiet.',
    ...overrides,
  };
  return Object.values(cells)
    .map((cell) => (/[",\n]/.test(cell ?? '') ? `"${(cell ?? '').replace(/"/g, '""')}"` : cell))
    .join(',');
};

function send(path: 'dry-run' | 'apply', body: string | Buffer, who: TestUser | null = admin) {
  return t.app.inject({
    method: 'POST',
    url: path === 'apply' ? '/api/catalogue/import' : '/api/catalogue/import/dry-run',
    headers: {
      ...(who ? who.headers : { origin: 'http://localhost:3000' }),
      'content-type': 'text/csv',
    },
    payload: body,
  });
}

async function report(path: 'dry-run' | 'apply', body: string | Buffer): Promise<ImportReport> {
  const response = await send(path, body);
  expect(response.statusCode, response.body).toBe(200);
  return json<ImportReport>(response);
}

const listed = () =>
  t.db.select().from(tools).where(sql`${tools.deletedAt} is null`).orderBy(tools.sku);

describe('GET /api/catalogue/export', () => {
  it('writes every listed tool with its category, prices, breaks and specifications; formulas neutralised', async () => {
    await t.addTool({
      sku: 'DR-1',
      brand: 'Forge',
      name: '=HYPERLINK("http://evil.example")',
      categoryId: drills.id,
      price: 4999,
      minimumOrder: 2,
      weightGrams: 1800,
      priceTiers: [{ minQuantity: 10, price: 4500 }],
      specs: { 'chuck-size': 13, keyless: true, power: 'Battery' },
    });
    await t.addTool({
      sku: 'AX-9',
      brand: '@Acme',
      description: '-5 degrees and a long text, with "quotes"\nand two lines.',
    });
    const response = await t.app.inject({ url: '/api/catalogue/export', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="catalogue-\d{4}-\d\d-\d\d\.csv"/,
    );
    const [header, ...records] = parse(response.body, { bom: true }) as string[][];
    expect(header).toEqual([...HEADER.split(','), 'spec:chuck-size', 'spec:keyless', 'spec:power']);
    expect(records.map((r) => r[0])).toEqual(['AX-9', 'DR-1']);
    const [axe, drill] = records;
    expect(axe?.[1]).toBe("'@Acme");
    expect(axe?.[14]).toBe(`'-5 degrees and a long text, with "quotes"\nand two lines.`);
    expect(drill?.slice(4, 13)).toEqual([
      `'=HYPERLINK("http://evil.example")`,
      'csv-drills',
      '49.99',
      '100',
      '2',
      '1',
      '',
      '1800',
      '10: 45.00',
    ]);
    expect(drill?.slice(15)).toEqual(['13', 'yes', 'Battery']);
  });

  it('reads back as it was written: every row unchanged', async () => {
    await t.addTool({
      sku: 'RT-1',
      categoryId: drills.id,
      specs: { keyless: false },
      name: '+Plus tool',
    });
    await t.addTool({
      sku: 'RT-2',
      mpn: 'M-2',
      gtin: '4006381333931',
      maxPerOrder: 500,
      weightGrams: 2500,
    });
    const file = (await t.app.inject({ url: '/api/catalogue/export', headers: admin.headers }))
      .body;
    expect(await report('dry-run', file)).toMatchObject({
      rowCount: 2,
      unchanged: 2,
      created: 0,
      updated: 0,
      problemCount: 0,
    });
  });

  it('is for admins only: 401 for a visitor, 403 for a customer', async () => {
    expectProblem(await t.app.inject({ url: '/api/catalogue/export' }), 401, 'unauthenticated');
    expectProblem(
      await t.app.inject({ url: '/api/catalogue/export', headers: customer.headers }),
      403,
      'forbidden',
    );
  });
});

describe('POST /api/catalogue/import/dry-run', () => {
  it('says what would be added, changed and left, and changes nothing', async () => {
    await t.addTool({
      sku: 'dr-10',
      name: 'Drill dr-10',
      brand: 'Forge',
      categoryId: drills.id,
      price: 4999,
      quantity: 100,
      minimumOrder: 2,
      img: '/images/tools/drill.svg',
      description: 'A drill that drills holes, sturdy and quiet.',
    });
    await t.addTool({ sku: 'DR-11', name: 'Old name' });
    const before = await listed();
    const found = await report('dry-run', csvOf(row('DR-10'), row('DR-11'), row('DR-12')));
    // DR-10 differs from dr-10 only by its SKU's letter case: the same tool, renamed.
    expect(found).toEqual({
      isApplied: false,
      rowCount: 3,
      created: 1,
      updated: 2,
      unchanged: 0,
      problems: [],
      problemCount: 0,
    });
    expect(await listed()).toEqual(before);
  });

  it('reports every problem by line and column, in sentences', async () => {
    const found = await report(
      'dry-run',
      [
        `${HEADER},colour`,
        `${row('DR-20', { price: 'cheap', stock: '-1' })},`,
        `${row('DR-21', { gtin: '4006381333932', category: 'no-such-category' })},`,
        `${row('dr-20')},`,
        `${row('DR-22', { minimum_order: '5', order_increment: '2', price_breaks: '3: 40.00' })},`,
        `${row('DR-23')},red,extra`,
        `${row('x')},`,
      ].join('\n'),
    );
    expect(found.isApplied).toBe(false);
    const byLine = found.problems.map((p) => [p.line, p.column]);
    expect(byLine).toContainEqual([1, 'colour']);
    expect(byLine).toContainEqual([2, 'price']);
    expect(byLine).toContainEqual([2, 'stock']);
    expect(byLine).toContainEqual([3, 'gtin']);
    expect(byLine).toContainEqual([3, 'category']);
    expect(byLine).toContainEqual([4, 'sku']);
    expect(byLine).toContainEqual([5, 'minimum_order']);
    expect(byLine).toContainEqual([5, 'price_breaks']);
    expect(byLine).toContainEqual([6, null]);
    expect(byLine).toContainEqual([7, 'sku']);
    for (const problem of found.problems) expect(problem.message).toMatch(/^[A-Z“].*[.)]$/);
    expect(found.problems.find((p) => p.line === 4)?.message).toMatch(/on line 2 too/);
    expect(found.problemCount).toBe(found.problems.length);
  });

  it('checks specifications against the category: kinds, choices, unknown keys', async () => {
    const header = `${HEADER},spec:chuck-size,spec:keyless,spec:power`;
    const found = await report(
      'dry-run',
      [
        header,
        `${row('SP-1')},thirteen,yes,Battery`,
        `${row('SP-2')},13,maybe,Nuclear`,
        `${row('SP-3', { category: '' })},13,,`,
        `${row('SP-4')},13.5,no,Mains`,
      ].join('\n'),
    );
    expect(found.problems.map((p) => [p.line, p.column])).toEqual([
      [2, 'spec:chuck-size'],
      [3, 'spec:keyless'],
      [3, 'spec:power'],
      [4, 'spec:chuck-size'],
    ]);
    expect(found.problems[2]?.message).toBe('Power source must be one of: Battery, Mains.');
    expect(found.created).toBe(1);
  });

  it('holds a number within a billion either way, to 3 decimal places, naming the row and column of any other', async () => {
    const huge = `1${'0'.repeat(300)}`;
    const rule =
      'Chuck size must be a number (in mm) between -1,000,000,000 and 1,000,000,000, with at most 3 decimal places.';
    const rows = [
      `${HEADER},spec:chuck-size`,
      `${row('BIG-1')},${huge}`,
      `${row('BIG-2')},-${huge}`,
      `${row('BIG-3')},1e300`,
      `${row('BIG-4')},1000000000.001`,
      `${row('BIG-5')},0.0001`,
      `${row('BIG-6')},-999999999.999`,
      `${row('BIG-7')},13`,
    ].join('\n');
    const found = await report('apply', rows);
    expect(found.problems.map((p) => [p.line, p.column, p.message])).toEqual(
      [2, 3, 4, 5, 6].map((line) => [line, 'spec:chuck-size', rule]),
    );
    // All or nothing: not one row written.
    expect(found.isApplied).toBe(false);
    expect(await listed()).toEqual([]);
    // Applied by another admin: the import tests below read this one's audit entries.
    const applied = await send(
      'apply',
      [`${HEADER},spec:chuck-size`, `${row('BIG-6')},-999999999.999`, `${row('BIG-7')},13`].join(
        '\n',
      ),
      await t.signUp({ role: 'Admin' }),
    );
    const inside = json<ImportReport>(applied);
    expect(inside).toMatchObject({ isApplied: true, created: 2, problemCount: 0 });
    expect((await listed()).map((tool) => [tool.sku, tool.specs])).toEqual([
      ['BIG-6', { 'chuck-size': -999999999.999 }],
      ['BIG-7', { 'chuck-size': 13 }],
    ]);
  });

  it('lists the first 200 problems and counts the rest', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => row(`BAD-${i}`, { price: 'x' }));
    const found = await report('dry-run', csvOf(...rows));
    expect(found.problems).toHaveLength(200);
    expect(found.problemCount).toBe(250);
  });
});

describe('POST /api/catalogue/import', () => {
  it('changes nothing when a single row has a problem', async () => {
    await t.addTool({ sku: 'KEEP-1', name: 'Kept as it is' });
    const before = await listed();
    const auditBefore = await t.db.$count(auditLog);
    const found = await report(
      'apply',
      csvOf(row('KEEP-1'), row('NEW-1'), row('NEW-2', { price: '' })),
    );
    expect(found).toMatchObject({ isApplied: false, problemCount: 1, created: 2 - 1, updated: 1 });
    expect(await listed()).toEqual(before);
    expect(await t.db.$count(auditLog)).toBe(auditBefore);
  });

  it('adds and replaces tools by SKU whatever the letter case, audits each and the import', async () => {
    const kept = await t.addTool({ sku: 'up-1', name: 'Before', price: 100, minimumOrder: 1 });
    const same = await t.addTool({
      sku: 'SAME-1',
      name: 'Drill SAME-1',
      brand: 'Forge',
      categoryId: drills.id,
      price: 4999,
      quantity: 100,
      minimumOrder: 2,
      img: '/images/tools/drill.svg',
      description: 'A drill that drills holes, sturdy and quiet.',
    });
    // The catalogue as a visitor reads it, kept in memory until the import announces its change.
    const catalogue = async () =>
      json<{ sku: string; name: string }[]>(await t.app.inject({ url: '/api/tools?limit=100' }))
        .map((tool) => `${tool.sku} ${tool.name}`)
        .sort();
    expect(await catalogue()).toEqual(['SAME-1 Drill SAME-1', 'up-1 Before']);
    const found = await report(
      'apply',
      [
        `${HEADER},spec:chuck-size`,
        `${row('UP-1', { name: 'After', price_breaks: '10: 45.00; 50: 40.00' })},13`,
        `${row('SAME-1')},`,
        `${row('NEW-9', { max_per_order: '20', order_increment: '2' })},10`,
      ].join('\r\n'),
    );
    expect(found).toEqual({
      isApplied: true,
      rowCount: 3,
      created: 1,
      updated: 1,
      unchanged: 1,
      problems: [],
      problemCount: 0,
    });
    const rows = await listed();
    expect(rows.map((r) => r.sku)).toEqual(['NEW-9', 'SAME-1', 'UP-1']);
    const updated = rows.find((r) => r.sku === 'UP-1');
    expect(updated).toMatchObject({
      id: kept.id,
      name: 'After',
      price: 4999,
      priceTiers: [
        { minQuantity: 10, price: 4500 },
        { minQuantity: 50, price: 4000 },
      ],
      specs: { 'chuck-size': 13 },
      categoryId: drills.id,
    });
    expect(rows.find((r) => r.sku === 'SAME-1')?.updatedAt).toEqual(same.updatedAt);
    expect(await catalogue()).toEqual(['NEW-9 Drill NEW-9', 'SAME-1 Drill SAME-1', 'UP-1 After']);
    expect(rows.find((r) => r.sku === 'NEW-9')).toMatchObject({
      maxPerOrder: 20,
      orderIncrement: 2,
      specs: { 'chuck-size': 10 },
    });

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.actorEmail, admin.email));
    const imported = entries.find((e) => e.action === 'catalogue.imported');
    expect(imported).toMatchObject({
      targetType: 'catalogue',
      details: { rowCount: 3, created: 1, updated: 1, unchanged: 1 },
    });
    const change = entries.find((e) => e.action === 'tool.updated' && e.targetId === kept.id);
    expect(change?.details).toMatchObject({
      import: imported?.targetId,
      changes: {
        sku: { before: 'up-1', after: 'UP-1' },
        name: { before: 'Before', after: 'After' },
        price: { before: 100, after: 4999 },
      },
    });
    expect(
      entries.filter((e) => e.action === 'tool.created' && e.details.import === imported?.targetId),
    ).toHaveLength(1);
    expect(entries.some((e) => e.targetId === same.id)).toBe(false);
  });

  it('is for admins only, and the dry run too', async () => {
    for (const path of ['apply', 'dry-run'] as const) {
      expectProblem(await send(path, csvOf(row('X-1')), null), 401, 'unauthenticated');
      expectProblem(await send(path, csvOf(row('X-1')), customer), 403, 'forbidden');
    }
    expect(await listed()).toEqual([]);
  });
});

describe('files the import cannot read', () => {
  it('refuses binary data, text that is not UTF-8, and a body that is not text/csv', async () => {
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    expect(expectProblem(await send('dry-run', binary), 400, 'validation_failed').detail).toMatch(
      /binary/,
    );
    const latin1 = Buffer.from(csvOf(row('ÄX-1', { name: 'Bohrmaschine für Stahl' })), 'latin1');
    expect(expectProblem(await send('apply', latin1), 400, 'validation_failed').detail).toMatch(
      /UTF-8/,
    );
    const asJson = await t.app.inject({
      method: 'POST',
      url: '/api/catalogue/import',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: { rows: [] },
    });
    expectProblem(asJson, 415, 'unsupported_media_type');
    expect(await listed()).toEqual([]);
  });

  it('stops receiving a file past the size limit: 413, nothing kept', async () => {
    const body = Readable.from([Buffer.alloc(600, 'a'), Buffer.alloc(600, 'b')]);
    const refused = await receiveFile(body, 1000).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 413, code: 'payload_too_large' });
  });

  it('gives up an upload the client cut short, waiting for nothing', async () => {
    const body = new PassThrough();
    body.write('sku,brand\n');
    const receiving = receiveFile(body);
    body.destroy();
    await expect(receiving).rejects.toThrow(/cut short/);
  });

  it('stops at a row longer than the store reads, by its line', async () => {
    const huge = `${csvOf(row('OK-1'))}\n"${'x'.repeat(200_000)}`;
    const found = await report('apply', huge);
    expect(found.isApplied).toBe(false);
    expect(found.problems).toEqual([
      { line: 3, column: null, message: expect.stringMatching(/longer than 100,000 characters/) },
    ]);
    expect(await listed()).toEqual([]);
  });

  it('says so when the header lacks columns, or the file is empty', async () => {
    expect((await report('dry-run', 'sku,name\nA-1,Drill')).problems).toEqual([
      { line: 1, column: null, message: expect.stringMatching(/no column brand, mpn/) },
    ]);
    expect((await report('dry-run', '')).problems[0]?.message).toMatch(/empty/);
  });
});
