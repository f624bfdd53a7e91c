import { apiAs, createTool, DEMO_ADMIN, demoTool, expect, ORIGIN, test } from './fixtures.ts';
import { readableText } from './served-html.ts';

/**
 * What the store answers at each address, before any browser script: the 404 page, one address
 * per page, a tool's page as it changes, robots.txt, the sitemap and the favicon.
 */

test('addresses that are no page answer the 404 page with status 404', async ({ request }) => {
  for (const path of [
    '/no-such-page',
    '/tools/00000000-0000-4000-8000-000000000000',
    '/tools/not-an-id',
    '/dashboard/nothing-here',
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    expect(readableText(html), path).toContain('Page not found');
    expect(html, path).toContain('<meta name="robots" content="noindex"/>');
  }
  // The API keeps its own answer.
  const api = await request.get('/api/nothing');
  expect(api.status()).toBe(404);
  expect(api.headers()['content-type']).toContain('application/problem+json');
});

test('a deleted tool is a 404 at once, and a price change shows at once', async ({ request }) => {
  const admin = await apiAs(DEMO_ADMIN);
  const tool = await createTool(admin, { price: 1290 });
  const first = await request.get(`/tools/${tool._id}`);
  expect(readableText(await first.text())).toContain('$12.90');
  const etag = first.headers().etag;
  expect(etag).toBeTruthy();
  // Another tool changes (the page is made again): this one's bytes, and so its ETag, stay.
  await createTool(admin);
  const again = await request.get(`/tools/${tool._id}`, {
    headers: { 'if-none-match': etag ?? '' },
  });
  expect(again.status()).toBe(304);

  const edited = await admin.patch(`/api/tools/${tool._id}`, { data: { price: 1590 } });
  expect(edited.status()).toBe(200);
  const changed = await request.get(`/tools/${tool._id}`, {
    headers: { 'if-none-match': etag ?? '' },
  });
  expect(changed.status()).toBe(200);
  expect(readableText(await changed.text())).toContain('$15.90');

  expect((await admin.delete(`/api/product/${tool._id}`)).status()).toBe(200);
  expect((await request.get(`/tools/${tool._id}`)).status()).toBe(404);
});

test('one page, one address: other spellings redirect, unknown parameters change nothing', async ({
  request,
}) => {
  // (A dot segment, /tools/%2e%2e, is resolved by the client before sending: web.test.ts.)
  for (const [path, target] of [
    ['/TOOLS', '/tools'],
    ['/tools/', '/tools'],
    ['//tools', '/tools'],
    ['/home', '/'],
  ] as const) {
    const response = await request.get(`${ORIGIN}${path}`, { maxRedirects: 0 });
    expect(response.status(), path).toBe(301);
    expect(response.headers().location, path).toBe(target);
  }
  // The same page as /tools (asked again when another test changed the catalogue in between).
  await expect
    .poll(async () => {
      const tracked = await request.get('/tools?utm_source=mail&z=1&page=1');
      expect(tracked.status()).toBe(200);
      const plain = await request.get('/tools');
      return tracked.headers().etag === plain.headers().etag;
    })
    .toBe(true);
  // A page past the last one is no page.
  const pastTheEnd = await request.get('/tools?page=9999');
  expect(pastTheEnd.status()).toBe(404);
  expect(readableText(await pastTheEnd.text())).toContain('There is no such page');
});

test('robots.txt, the sitemap and the favicon', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const rules = await robots.text();
  for (const rule of ['Disallow: /dashboard', 'Disallow: /purchase/', 'Disallow: /api/'])
    expect(rules).toContain(rule);
  expect(rules).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);

  const drill = await demoTool(request, 'HD-13');
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toContain('application/xml');
  const xml = await sitemap.text();
  expect(xml).toContain(`<loc>${ORIGIN}/</loc>`);
  expect(xml).toContain(`<loc>${ORIGIN}/tools</loc>`);
  expect(xml).toMatch(
    new RegExp(
      `<url><loc>${ORIGIN}/tools/${drill._id}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z</lastmod></url>`,
    ),
  );

  const favicon = await request.get('/favicon.ico');
  expect(favicon.status()).toBe(200);
  expect((await favicon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
});
