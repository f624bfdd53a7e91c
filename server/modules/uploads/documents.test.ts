import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadedDocument } from '../../../contract/uploads.ts';
import { expectProblem } from '../../testing/http.ts';
import { type FilePart, multipartForm, PDF_BYTES, pngImage } from '../../testing/images.ts';
import {
  buildTestApp,
  type TestContext,
  type TestUser,
  testConfig,
} from '../../testing/test-app.ts';
import { UPLOAD_STORES, type UploadStoreHarness } from '../../testing/upload-stores.ts';

const MAX_BYTES = 200_000;

/** A PDF as a writer makes one: the header, a body, `%%EOF` and a line end. */
const pdf = (body = '1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>') =>
  Buffer.from(`%PDF-1.7\n${body}\n%%EOF\n`, 'latin1');

describe.each(UPLOAD_STORES)('PDF documents kept in %s', (_name, startStore) => {
  let t: TestContext;
  let store: UploadStoreHarness;
  let admin: TestUser;

  beforeAll(async () => {
    store = await startStore(() => t);
    t = await buildTestApp({
      uploads: {
        ...testConfig.uploads,
        maxBytes: MAX_BYTES,
        ...(store.storage.kind === 's3' ? { storage: store.storage } : {}),
      },
    });
    admin = await t.signUp({ role: 'Admin', name: 'Ada Admin' });
  });
  afterAll(async () => {
    await t?.close();
    await store?.stop();
  });

  const upload = (...files: FilePart[]) => {
    const form = multipartForm(files);
    return t.app.inject({
      method: 'POST',
      url: '/api/uploads/documents',
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
  };

  it('stores a PDF as it is and serves it as a download, never as a page', async () => {
    const before = await store.stored();
    const bytes = pdf();
    const response = await upload({
      data: bytes,
      filename: 'datasheet.pdf',
      contentType: 'application/pdf',
    });
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json() as UploadedDocument;
    expect(document.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.pdf$/);
    expect(document.size).toBe(bytes.length);
    const key = document.url.slice('/uploads/'.length);
    expect(await store.stored()).toEqual([...before, key].sort());

    const served = await t.app.inject({ method: 'GET', url: document.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('attachment');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const again = await t.app.inject({
      method: 'GET',
      url: document.url,
      headers: { 'if-none-match': String(served.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('a PDF with HTML and script inside is still served as a PDF attachment', async () => {
    const bytes = pdf('<html><script>alert(document.cookie)</script></html>');
    const response = await upload({ data: bytes, filename: 'x.html', contentType: 'text/html' });
    expect(response.statusCode, response.body).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: response.json().url });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('attachment');
  });

  it.each([
    [
      'a PNG renamed .pdf',
      { data: pngImage(20, 20), filename: 'a.pdf', contentType: 'application/pdf' },
    ],
    [
      'HTML declared as a PDF',
      {
        data: Buffer.from('<!doctype html><script>alert(1)</script>'),
        filename: 'manual.pdf',
        contentType: 'application/pdf',
      },
    ],
    [
      'HTML before a PDF header',
      { data: Buffer.concat([Buffer.from('<html>\n'), PDF_BYTES]), filename: 'a.pdf' },
    ],
    ['a PDF cut off before %%EOF', { data: PDF_BYTES.subarray(0, 40), filename: 'a.pdf' }],
    ['a header without a version', { data: Buffer.from('%PDF-\n%%EOF\n'), filename: 'a.pdf' }],
  ])('refuses %s: 415, nothing stored', async (_label, file) => {
    const before = await store.stored();
    const problem = expectProblem(await upload(file), 415, 'unsupported_media_type');
    expect(problem.detail).toMatch(/PDF/);
    expect(problem.errors?.map((error) => error.field)).toEqual(['file']);
    expect(await store.stored()).toEqual(before);
  });

  it('refuses a PDF over the size limit while it arrives (413), an empty file and two files (400)', async () => {
    const before = await store.stored();
    const big = pdf('x'.repeat(MAX_BYTES));
    const tooLarge = expectProblem(await upload({ data: big }), 413, 'payload_too_large');
    expect(tooLarge.detail).toMatch(/larger than 195 KB/);
    expectProblem(await upload({ data: Buffer.alloc(0) }), 400, 'validation_failed');
    expectProblem(await upload({ data: pdf() }, { data: pdf() }), 400, 'validation_failed');
    expect(await store.stored()).toEqual(before);
  });

  it('the image route still refuses a PDF, and the document route an image', async () => {
    const form = multipartForm([{ data: pdf(), filename: 'a.pdf' }]);
    const asImage = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expectProblem(asImage, 415, 'unsupported_media_type');
    expectProblem(await upload({ data: pngImage(8, 8) }), 415, 'unsupported_media_type');
  });

  it.each([
    `/uploads/${'0'.repeat(32)}.pdf`,
    `/uploads/${'a'.repeat(32)}.PDF`,
    `/uploads/${'a'.repeat(32)}-640.pdf`,
    `/uploads/${'a'.repeat(32)}.pdf.html`,
    '/uploads/..%2f..%2fpackage.pdf',
  ])('GET %s: 404, no attachment', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expectProblem(response, 404, 'not_found');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBeUndefined();
  });
});
