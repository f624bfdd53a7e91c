import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_KEY_PATTERN, type UploadedImage } from '../../../contract/uploads.ts';
import { expectProblem, type Response } from '../../testing/http.ts';
import {
  type FilePart,
  GIF_BYTES,
  multipartForm,
  PDF_BYTES,
  pngClaiming,
  pngImage,
  SVG_BYTES,
} from '../../testing/images.ts';
import {
  buildTestApp,
  type TestContext,
  type TestUser,
  testConfig,
} from '../../testing/test-app.ts';
import { UPLOAD_STORES, type UploadStoreHarness } from '../../testing/upload-stores.ts';

const MAX_BYTES = 300_000;
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe.each(UPLOAD_STORES)('uploads kept in %s', (_name, startStore) => {
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

  const send = (form: { payload: Buffer; headers: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
  const upload = (...files: FilePart[]) => send(multipartForm(files));
  const uploaded = (response: Response): UploadedImage => {
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as UploadedImage;
  };
  const fetchImage = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('a PNG becomes WebP at 320, 640 and 1280 px, each served with long-lived caching', async () => {
    const before = await store.stored();
    const image = uploaded(await upload({ data: pngImage(1600, 1200), filename: 'saw.png' }));
    expect(image.url).toMatch(/^\/uploads\/[0-9a-f]{32}-640\.webp$/);
    expect([image.width, image.height]).toEqual([1600, 1200]);
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [320, 240],
      [640, 480],
      [1280, 960],
    ]);
    expect(image.srcset).toBe(image.variants.map((v) => `${v.url} ${v.width}w`).join(', '));
    const keys = image.variants.map((v) => v.url.slice('/uploads/'.length));
    expect(await store.stored()).toEqual([...before, ...keys].sort());

    for (const variant of image.variants) {
      const response = await fetchImage(variant.url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers.etag).toBe(`"${variant.url.slice('/uploads/'.length)}"`);
      const served = await sharp(response.rawPayload).metadata();
      expect([served.format, served.width, served.height]).toEqual([
        'webp',
        variant.width,
        variant.height,
      ]);
      const head = await t.app.inject({ method: 'HEAD', url: variant.url });
      expect([head.statusCode, head.headers['content-type'], head.rawPayload.length]).toEqual([
        200,
        'image/webp',
        0,
      ]);
      const again = await fetchImage(variant.url, {
        'if-none-match': String(response.headers.etag),
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
  });

  it('a JPEG comes out upright with no EXIF or GPS left, and is never enlarged', async () => {
    const jpeg = await sharp(pngImage(400, 200))
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'Ada Secret', ImageDescription: 'at home' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const input = await sharp(jpeg).metadata();
    expect(input.orientation).toBe(6);
    expect(input.exif?.includes(Buffer.from('Ada Secret'))).toBe(true);

    const image = uploaded(
      await upload({ data: jpeg, filename: 'IMG_0001.JPG', contentType: 'image/jpeg' }),
    );
    // Orientation 6: stored 400 × 200, seen 200 × 400.
    expect([image.width, image.height]).toEqual([200, 400]);
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [200, 400],
      [200, 400],
      [200, 400],
    ]);
    const served = await fetchImage(image.url);
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([200, 400]);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Ada Secret'))).toBe(false);
  });

  it('takes WebP, and an image that lies about its type is read as what its bytes are', async () => {
    const webp = await sharp(pngImage(800, 600)).webp().toBuffer();
    uploaded(await upload({ data: webp, filename: 'drill.webp', contentType: 'image/webp' }));
    // PNG bytes sent as image/jpeg under a .webp name: a PNG, taken as one.
    const liar = uploaded(
      await upload({ data: pngImage(700, 350), filename: 'x.webp', contentType: 'image/jpeg' }),
    );
    expect([liar.width, liar.height]).toEqual([700, 350]);
  });

  it.each([
    ['a GIF', { data: GIF_BYTES, filename: 'a.gif', contentType: 'image/gif' }],
    ['a PDF', { data: PDF_BYTES, filename: 'a.pdf', contentType: 'application/pdf' }],
    [
      'a text file named .jpg',
      { data: Buffer.from('hello'), filename: 'a.jpg', contentType: 'image/jpeg' },
    ],
    ['a text file claiming image/png', { data: Buffer.from('not a picture'), filename: 'a.png' }],
    ['an SVG with a script, claiming image/png', { data: SVG_BYTES, filename: 'a.png' }],
    [
      'a PNG signature before garbage',
      { data: Buffer.concat([pngImage(4, 4).subarray(0, 8), Buffer.alloc(500, 7)]) },
    ],
    [
      'a cut-off JPEG',
      { data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), filename: 'a.jpg' },
    ],
  ] as const)('refuses %s: 415, nothing stored', async (_label, file) => {
    const before = await store.stored();
    const response = await upload(file);
    const problem = expectProblem(response, 415, 'unsupported_media_type');
    expect(problem.detail).toMatch(/JPEG, PNG or WebP/);
    expect(problem.errors?.[0]?.field).toBe('file');
    expect(await store.stored()).toEqual(before);
  });

  it('refuses a file over the size limit while it arrives (413), and a decompression bomb', async () => {
    const before = await store.stored();
    const big = Buffer.concat([pngImage(4, 4).subarray(0, 8), Buffer.alloc(MAX_BYTES + 10_000, 1)]);
    const tooLarge = expectProblem(await upload({ data: big }), 413, 'payload_too_large');
    expect(tooLarge.detail).toMatch(/larger than 293 KB/);
    // A few hundred bytes claiming 20,000 × 20,000 pixels: refused before it is decoded.
    const bomb = pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(2_000);
    const refused = expectProblem(await upload({ data: bomb }), 413, 'payload_too_large');
    expect(refused.detail).toMatch(/20000 × 20000 pixels/);
    expect(await store.stored()).toEqual(before);
  });

  it('keys are the server’s own: path tricks in file names change nothing', async () => {
    const names = [
      '../../../etc/passwd.png',
      '/etc/passwd.png',
      '..\\..\\windows\\win.ini.png',
      'a\u0000b.png',
      '..／..／unicode-slash.png',
      '\u202egnp.exe',
      `${'x'.repeat(500)}.png`,
    ];
    // The folder above the uploads (local), where an escaping name would land.
    const parent =
      store.storage.kind === 'local'
        ? path.dirname(t.app.services.uploads.store.where)
        : os.tmpdir();
    const parentBefore = await readdir(parent);
    const before = await store.stored();
    for (const filename of names) {
      const image = uploaded(await upload({ data: pngImage(40, 30), filename }));
      expect(image.url).toMatch(/^\/uploads\/[0-9a-f]{32}-640\.webp$/);
    }
    const after = await store.stored();
    expect(after.length).toBe(before.length + names.length * 3);
    for (const key of after) expect(key).toMatch(UPLOAD_KEY_PATTERN);
    if (store.storage.kind === 'local') {
      expect((await readdir(parent)).filter((entry) => !parentBefore.includes(entry))).toEqual([]);
    }
  });

  it.each([
    ['no part at all', 'file', () => multipartForm([])],
    ['only a text field', 'img', () => multipartForm([], { img: '/etc/passwd' })],
    ['an empty file', 'file', () => multipartForm([{ data: Buffer.alloc(0) }])],
    [
      'two files',
      'file',
      () => multipartForm([{ data: pngImage(8, 8) }, { data: pngImage(8, 8) }]),
    ],
    [
      'the file in another field',
      'file',
      () => multipartForm([{ field: 'image', data: pngImage(8, 8) }]),
    ],
    [
      'a form cut off in the middle',
      'file',
      () => {
        const form = multipartForm([{ data: pngImage(64, 64) }]);
        return { ...form, payload: form.payload.subarray(0, 120) };
      },
    ],
  ])('refuses %s: 400 naming the failing field, nothing stored', async (_label, field, form) => {
    const before = await store.stored();
    const problem = expectProblem(await send(form()), 400, 'validation_failed');
    expect(problem.errors?.map((error) => error.field)).toEqual([field]);
    expect(await store.stored()).toEqual(before);
  });

  it('refuses a JSON body (415): an upload is a form', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: admin.headers,
      payload: { url: 'https://example.com/a.png' },
    });
    expectProblem(response, 415, 'unsupported_media_type');
  });

  it.each([
    '/uploads/abc.webp',
    `/uploads/${'a'.repeat(32)}-640.png`,
    `/uploads/${'A'.repeat(32)}-640.webp`,
    `/uploads/${'a'.repeat(32)}-641.webp`,
    `/uploads/${'a'.repeat(31)}-640.webp`,
    '/uploads/..%2f..%2fpackage.json',
    '/uploads/%2e%2e%2fsecrets%2fsession-secret',
    `/uploads/${'0'.repeat(32)}-640.webp`,
  ])('GET %s: 404', async (url) => {
    const response = await fetchImage(url);
    expectProblem(response, 404, 'not_found');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
