import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolDetail } from '../../../contract/tools.ts';
import { auditLog, toolRelations } from '../../db/schema.ts';
import { expectFieldError, expectProblem, json, UNKNOWN_ID } from '../../testing/http.ts';
import { multipartForm, PDF_BYTES, pngImage } from '../../testing/images.ts';
import { buildShopTestApp, type ShopTestApp } from '../../testing/shop-test-app.ts';

/** A tool's gallery, documents and related tools: what admins save and what its page reads. */

let shop: ShopTestApp;
beforeAll(async () => {
  shop = await buildShopTestApp();
});
afterAll(() => shop.close());

const validTool = {
  name: 'Hammer Drill 800W',
  img: '/images/tools/drill.svg',
  description: 'A corded hammer drill for masonry and steel, with a depth stop.',
  quantity: 300,
  minimumOrder: 10,
  price: 8999,
};

async function uploadPdf(): Promise<{ url: string; size: number }> {
  const form = multipartForm([{ data: PDF_BYTES, filename: 'datasheet.pdf' }]);
  const response = await shop.t.app.inject({
    method: 'POST',
    url: '/api/uploads/documents',
    headers: { ...shop.admin.headers, ...form.headers },
    payload: form.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const readTool = async (id: string) => json<ToolDetail>(await shop.visitor.get(`/purchase/${id}`));

describe('a tool with a gallery, documents and related tools', () => {
  it('is saved by an admin and read by anyone, related tools as small cards in order', async () => {
    const bit = await shop.t.addTool({ name: 'SDS Drill Bit Set', price: 1999, sku: 'BIT-SDS-5' });
    const goggles = await shop.t.addTool({ name: 'Safety Goggles', quantity: 5, minimumOrder: 10 });
    const pdf = await uploadPdf();
    const response = await shop.asAdmin.post('/tools', {
      ...validTool,
      gallery: [
        { src: '/images/tools/drill-side.svg', alt: 'The drill from the side' },
        { src: 'https://cdn.example.com/drill-case.jpg', alt: 'The drill in its case' },
      ],
      documents: [{ title: 'Datasheet', kind: 'datasheet', url: pdf.url }],
      related: [
        { toolId: bit.id, kind: 'accessory' },
        { toolId: goggles.id, kind: 'also_needed' },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = json<ToolDetail>(response);
    expect(created.gallery.map((image) => image.alt)).toEqual([
      'The drill from the side',
      'The drill in its case',
    ]);
    expect(created.documents).toEqual([
      { title: 'Datasheet', kind: 'datasheet', url: pdf.url, size: PDF_BYTES.length },
    ]);
    expect(created.related).toEqual([
      {
        kind: 'accessory',
        _id: bit.id,
        name: 'SDS Drill Bit Set',
        sku: 'BIT-SDS-5',
        url: `/tools/${bit.id}`,
        img: bit.img,
        price: 1999,
        isInStock: true,
      },
      expect.objectContaining({ kind: 'also_needed', _id: goggles.id, isInStock: false }),
    ]);
    expect(await readTool(created._id)).toEqual(created);
    // The list carries none of it: its answers stay the spec's.
    const list = json<Record<string, unknown>[]>(await shop.visitor.get('/tools'));
    const listed = list.find((tool) => tool._id === created._id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('gallery');
    expect(listed).not.toHaveProperty('related');
  });

  it('an update replaces each list it names, [] empties it, and the audit log says what changed', async () => {
    const [first, second] = [await shop.t.addTool(), await shop.t.addTool()];
    const tool = await shop.t.addTool({ gallery: [{ src: '/images/a.svg', alt: 'A' }] });
    const patch = (body: object) => shop.asAdmin.patch(`/tools/${tool.id}`, body);
    const related = [
      { toolId: second?.id, kind: 'also_needed' },
      { toolId: first?.id, kind: 'accessory' },
    ];
    const changed = json<ToolDetail>(await patch({ related }));
    expect(changed.related.map((entry) => entry._id)).toEqual([second?.id, first?.id]);
    expect(changed.gallery).toEqual([{ src: '/images/a.svg', alt: 'A' }]);
    const [entry] = await shop.t.db.select().from(auditLog).where(eq(auditLog.targetId, tool.id));
    expect(entry?.details).toMatchObject({
      changes: {
        related: { before: [], after: [`also_needed:${second?.id}`, `accessory:${first?.id}`] },
      },
    });
    const emptied = json<ToolDetail>(await patch({ related: [], gallery: [] }));
    expect([emptied.related, emptied.gallery]).toEqual([[], []]);
    expect(await readTool(tool.id)).toMatchObject({ related: [], gallery: [] });
  });

  it('shows only listed tools, and a deleted tool’s relations go with it', async () => {
    const accessory = await shop.t.addTool();
    const tool = await shop.t.addTool();
    const other = await shop.t.addTool();
    await shop.asAdmin.patch(`/tools/${tool.id}`, {
      related: [{ toolId: accessory.id, kind: 'accessory' }],
    });
    await shop.asAdmin.patch(`/tools/${accessory.id}`, {
      related: [{ toolId: other.id, kind: 'also_needed' }],
    });
    expect((await readTool(tool.id)).related).toHaveLength(1);
    expect((await shop.asAdmin.delete(`/product/${accessory.id}`)).statusCode).toBe(200);
    expect((await readTool(tool.id)).related).toEqual([]);
    const left = await shop.t.db
      .select()
      .from(toolRelations)
      .where(or(eq(toolRelations.toolId, accessory.id), eq(toolRelations.relatedId, accessory.id)));
    expect(left).toEqual([]);
  });

  it('a related tool’s new price and stock show at once on the tool’s cached answer', async () => {
    const accessory = await shop.t.addTool({ price: 500 });
    const tool = await shop.t.addTool();
    await shop.asAdmin.patch(`/tools/${tool.id}`, {
      related: [{ toolId: accessory.id, kind: 'accessory' }],
    });
    expect((await readTool(tool.id)).related[0]?.price).toBe(500);
    expect((await shop.asAdmin.patch(`/tools/${accessory.id}`, { price: 450 })).statusCode).toBe(
      200,
    );
    expect((await readTool(tool.id)).related[0]?.price).toBe(450);
    await shop.asAdmin.put(`/purchase/${accessory.id}`, { newQuantity: 0 });
    expect((await readTool(tool.id)).related[0]?.isInStock).toBe(false);
  });
});

describe('what an admin sends is checked, field by field', () => {
  it.each([
    [
      'a related tool that does not exist',
      () => [{ toolId: UNKNOWN_ID, kind: 'accessory' }],
      'related.0.toolId',
    ],
    [
      'a related id that is not an id',
      () => [{ toolId: 'drill', kind: 'accessory' }],
      'related.0.toolId',
    ],
    ['an unknown relation kind', () => [{ toolId: UNKNOWN_ID, kind: 'upsell' }], 'related.0.kind'],
    ['related as a string', () => 'all of them', 'related'],
    ['a null entry', () => [null], 'related.0'],
  ])('%s: 400 on its field', async (_label, related, field) => {
    expectFieldError(
      await shop.asAdmin.post('/tools', { ...validTool, related: related() }),
      field,
    );
  });

  it('the tool itself, a deleted tool, the same tool twice, or too many: 400 on that entry', async () => {
    const tool = await shop.t.addTool();
    const gone = await shop.t.addTool();
    const other = await shop.t.addTool();
    await shop.t.removeTool(gone.id);
    const patch = (related: object[]) => shop.asAdmin.patch(`/tools/${tool.id}`, { related });
    const self = expectFieldError(
      await patch([
        { toolId: other.id, kind: 'accessory' },
        { toolId: tool.id, kind: 'accessory' },
      ]),
      'related.1.toolId',
    );
    expect(self.detail).toMatch(/itself/);
    expectFieldError(await patch([{ toolId: gone.id, kind: 'accessory' }]), 'related.0.toolId');
    expectFieldError(
      await patch([
        { toolId: other.id, kind: 'accessory' },
        { toolId: other.id, kind: 'also_needed' },
      ]),
      'related.1.toolId',
    );
    const many = Array.from({ length: 13 }, () => ({ toolId: other.id, kind: 'accessory' }));
    expectFieldError(await patch(many), 'related');
    expect((await readTool(tool.id)).related).toEqual([]);
  });

  it.each([
    ['a script link', [{ src: 'javascript:alert(1)', alt: 'x' }], 'gallery.0.src'],
    ['an http link', [{ src: 'http://example.com/a.jpg', alt: 'x' }], 'gallery.0.src'],
    ['no alt text', [{ src: '/images/a.svg' }], 'gallery.0.alt'],
    ['an empty alt text', [{ src: '/images/a.svg', alt: ' ' }], 'gallery.0.alt'],
    ['a field of its own', [{ src: '/images/a.svg', alt: 'x', onload: 'x' }], 'gallery.0.onload'],
    [
      'a bad third picture',
      [
        { src: '/images/a.svg', alt: 'a' },
        { src: '/images/b.svg', alt: 'b' },
        { src: 'data:image/png;base64,AAAA', alt: 'c' },
      ],
      'gallery.2.src',
    ],
    [
      '13 pictures',
      Array.from({ length: 13 }, (_, i) => ({ src: `/images/${i}.svg`, alt: 'a' })),
      'gallery',
    ],
    [
      'the same picture twice',
      [
        { src: '/images/a.svg', alt: 'a' },
        { src: '/images/a.svg', alt: 'b' },
      ],
      'gallery.1.src',
    ],
  ])('a gallery with %s: 400 on its field', async (_label, gallery, field) => {
    expectFieldError(await shop.asAdmin.post('/tools', { ...validTool, gallery }), field);
  });

  it('documents must be PDFs uploaded here; the store reads their size itself', async () => {
    const pdf = await uploadPdf();
    const post = (documents: unknown) => shop.asAdmin.post('/tools', { ...validTool, documents });
    const doc = (url: string) => ({ title: 'Manual', kind: 'manual', url });
    expectFieldError(await post([doc('https://evil.example/manual.pdf')]), 'documents.0.url');
    expectFieldError(await post([doc('/uploads/../../etc/passwd.pdf')]), 'documents.0.url');
    expectFieldError(await post([doc(`/uploads/${'a'.repeat(32)}-640.webp`)]), 'documents.0.url');
    // Well formed, but nothing was uploaded there.
    const never = expectFieldError(
      await post([doc(pdf.url), doc(`/uploads/${'0'.repeat(32)}.pdf`)]),
      'documents.1.url',
    );
    expect(never.detail).toMatch(/No PDF was uploaded/);
    expectFieldError(await post([{ ...doc(pdf.url), size: 1 }]), 'documents.0.size');
    expectFieldError(await post([{ ...doc(pdf.url), kind: 'brochure' }]), 'documents.0.kind');
    expectFieldError(await post([{ ...doc(pdf.url), title: '' }]), 'documents.0.title');
    expectFieldError(await post([doc(pdf.url), doc(pdf.url)]), 'documents.1.url');
    const many = Array.from({ length: 11 }, () => doc(pdf.url));
    expectFieldError(await post(many), 'documents');
  });

  it('a customer cannot change them (403), a visitor must sign in (401), nothing changes', async () => {
    const tool = await shop.t.addTool();
    const other = await shop.t.addTool();
    const body = { related: [{ toolId: other.id, kind: 'accessory' }] };
    expectProblem(await shop.asAna.patch(`/tools/${tool.id}`, body), 403, 'forbidden');
    expectProblem(await shop.visitor.patch(`/tools/${tool.id}`, body), 401, 'unauthenticated');
    const form = multipartForm([{ data: PDF_BYTES, filename: 'a.pdf' }]);
    const upload = await shop.t.app.inject({
      method: 'POST',
      url: '/api/uploads/documents',
      headers: { ...shop.ana.headers, ...form.headers },
      payload: form.payload,
    });
    expectProblem(upload, 403, 'forbidden');
    expect((await readTool(tool.id)).related).toEqual([]);
  });

  it('an uploaded image is no document, and an uploaded document no picture of the form', async () => {
    const form = multipartForm([{ data: pngImage(20, 20) }]);
    const image = await shop.t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...shop.admin.headers, ...form.headers },
      payload: form.payload,
    });
    const { url } = image.json() as { url: string };
    expectFieldError(
      await shop.asAdmin.post('/tools', {
        ...validTool,
        documents: [{ title: 'Picture', kind: 'other', url }],
      }),
      'documents.0.url',
    );
  });
});
