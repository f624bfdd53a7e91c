import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import {
  apiAs,
  createTool,
  DEMO_ADMIN,
  expect,
  expectAccessible,
  keepScreenshot,
  ORIGIN,
  test,
  waitForReady,
  watchConsole,
} from './fixtures.ts';
import { structuredData } from './served-html.ts';
import { signedIn } from './sessions.ts';

/** A picture made for the test: an orange bar on blue, 1200 × 900. */
function sidePicture(): Promise<Buffer> {
  return sharp({
    create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 70, b: 140 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect x="200" y="350" width="800" height="200" rx="30" fill="#f97316"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
}

const DATASHEET = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

test('an admin adds a picture, a PDF and a related tool; a visitor sees, downloads and follows them', async ({
  page,
  browser,
}) => {
  const admin = await apiAs(DEMO_ADMIN);
  const stamp = Date.now().toString(36);
  const tool = await createTool(admin, { name: `Gallery Drill ${stamp}` });
  const bit = await createTool(admin, {
    name: `Masonry Bit Set ${stamp}`,
    sku: `BIT-${stamp}`.toUpperCase(),
  });

  // The admin, in the tool's edit dialog.
  await signedIn(page, DEMO_ADMIN);
  await page.goto(`/dashboard/manageproducts?q=${encodeURIComponent(tool.name)}`);
  await waitForReady(page);
  await page.getByRole('button', { name: `Edit ${tool.name}` }).click();
  const editor = page.getByRole('dialog', { name: `Edit ${tool.name}` });
  const gallery = editor.getByRole('group', { name: 'More pictures (optional)' });
  await expect(gallery.getByText('No more pictures yet.')).toBeVisible();
  await gallery.getByLabel('Add a picture').setInputFiles({
    name: 'drill-side.png',
    mimeType: 'image/png',
    buffer: await sidePicture(),
  });
  await gallery.getByLabel('Picture 1: what it shows').fill('The drill seen from the side');

  const documents = editor.getByRole('group', { name: 'Documents (optional)' });
  // An image renamed .pdf is refused in a sentence; nothing is added.
  await documents.getByLabel('Add a PDF document').setInputFiles({
    name: 'photo.pdf',
    mimeType: 'application/pdf',
    buffer: await sidePicture(),
  });
  await expect(documents.getByRole('alert')).toContainText('photo.pdf was not uploaded.');
  await documents.getByLabel('Add a PDF document').setInputFiles({
    name: 'drill-datasheet.pdf',
    mimeType: 'application/pdf',
    buffer: DATASHEET,
  });
  await expect(documents.getByLabel('Document 1: title')).toHaveValue('drill datasheet');
  await documents.getByLabel('Document 1: title').fill('Drill datasheet');

  const related = editor.getByRole('group', { name: 'Related tools (optional)' });
  await related.getByLabel('Find a tool to relate (name or part number)').fill(bit.sku);
  await related.getByRole('button', { name: `Add ${bit.name} as Accessories` }).click();
  await expect(related.getByText(bit.name, { exact: true })).toBeVisible();
  await expectAccessible(page, 'the edit dialog with a gallery, a document and a related tool');
  await page.setViewportSize({ width: 320, height: 900 });
  await gallery.scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'tool-media-form-320');
  await related.scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'tool-media-related-320');
  await page.setViewportSize({ width: 1280, height: 900 });
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${tool.name} is saved.`)).toBeVisible();

  // The page comes from the server whole: the thumbnails, the document, the related card, and
  // structured data naming every picture.
  const html = await (await page.request.get(`/tools/${tool._id}`)).text();
  expect(html).toContain('Show picture 2: The drill seen from the side');
  expect(html).toContain('Drill datasheet');
  expect(html).toContain(bit.name);
  const product = structuredData(html).find((data) => data['@type'] === 'Product');
  expect(product?.image).toEqual([
    expect.stringContaining(tool.img),
    expect.stringMatching(/\/uploads\/[0-9a-f]{32}-640\.webp$/),
  ]);

  // A visitor, on the tool's page.
  const context = await browser.newContext({ baseURL: ORIGIN, acceptDownloads: true });
  const visitor = await context.newPage();
  const problems = watchConsole(visitor);
  await visitor.goto(`/tools/${tool._id}`);
  await waitForReady(visitor);
  const pictures = visitor.getByTestId('tool-gallery');
  await expect(pictures.getByRole('img', { name: tool.name })).toBeVisible();
  const second = pictures.getByRole('button', {
    name: 'Show picture 2: The drill seen from the side',
  });
  await pictures.getByRole('button', { name: `Show picture 1: ${tool.name}` }).focus();
  await visitor.keyboard.press('ArrowRight');
  await expect(second).toBeFocused();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(pictures.getByRole('img', { name: 'The drill seen from the side' })).toBeVisible();
  await expectAccessible(visitor, 'the tool page with a gallery, documents and related tools');

  for (const width of [320, 1280]) {
    await visitor.setViewportSize({ width, height: 900 });
    await keepScreenshot(visitor, `tool-media-${width}`, { fullPage: true });
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }

  const download = visitor.waitForEvent('download');
  await visitor
    .getByRole('link', { name: /^Download PDF: Drill datasheet \(Datasheet, PDF/ })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Drill datasheet.pdf');
  expect((await readFile(await file.path())).equals(DATASHEET)).toBe(true);

  const accessories = visitor.getByRole('region', { name: 'Accessories' });
  await accessories.getByRole('link', { name: bit.name }).click();
  await expect(visitor).toHaveURL(new RegExp(`/tools/${bit._id}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: bit.name })).toBeVisible();
  expect(problems).toEqual([]);
  await context.close();
  await admin.dispose();
});
