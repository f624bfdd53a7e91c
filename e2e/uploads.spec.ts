import sharp from 'sharp';
import {
  DEMO_ADMIN,
  expect,
  expectAccessible,
  firstTool,
  keepScreenshot,
  test,
  waitForReady,
} from './fixtures.ts';
import { signedIn } from './sessions.ts';

/** A real photo-like JPEG, 1600 × 1200, made for the test. */
function benchVise(): Promise<Buffer> {
  return sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 40, g: 90, b: 160 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><rect x="300" y="400" width="1000" height="400" rx="40" fill="#f97316"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}

test.beforeEach(async ({ page }) => {
  await signedIn(page, DEMO_ADMIN);
});

test('an admin uploads a tool image while adding a tool, and sees it on the tool page (375 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const name = `Bench Vise ${Date.now().toString(36)}`;
  await page.goto('/dashboard/addproduct');
  await waitForReady(page);
  const image = page.getByRole('group', { name: 'Image' });
  const picker = image.getByLabel('Upload a picture');
  const link = image.getByLabel('Or give an image link');

  // Something that only calls itself a JPEG: refused, in a sentence, nothing filled in.
  await picker.setInputFiles({
    name: 'not-a-photo.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('just some text'),
  });
  await expect(image.getByRole('alert')).toHaveText(
    'not-a-photo.jpg was not uploaded. This file is not an image the store takes: upload a JPEG, PNG or WebP image.',
  );
  await expect(link).toHaveValue('');

  await picker.setInputFiles({
    name: 'bench-vise.jpg',
    mimeType: 'image/jpeg',
    buffer: await benchVise(),
  });
  await expect(image.getByRole('status')).toHaveText(
    'bench-vise.jpg is uploaded; its address is below.',
  );
  await expect(link).toHaveValue(/^\/uploads\/[0-9a-f]{32}-640\.webp$/);
  const preview = image.getByRole('img', { name: 'Preview' });
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expectAccessible(page, 'the add-tool form with an uploaded image');
  await image.scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'upload-add-product-375', { fullPage: true });
  // Nothing widens the page at 375 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByLabel('Tool name').fill(name);
  await page
    .getByLabel('Description')
    .fill('A cast-iron bench vise with 150 mm jaws and a swivel base, for the workshop.');
  await page.getByLabel('Quantity in stock').fill('40');
  await page.getByLabel('Minimum order').fill('2');
  await page.getByLabel('Price per unit (USD)').fill('89.00');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText(`${name} is added to the catalogue.`)).toBeVisible();

  const tool = await firstTool(page.request, name);
  expect(tool.img).toMatch(/^\/uploads\/[0-9a-f]{32}-640\.webp$/);
  await page.goto(`/tools/${tool._id}`);
  await waitForReady(page);
  const picture = page.getByRole('img', { name });
  await expect(picture).toHaveAttribute('src', tool.img);
  await expect(picture).toHaveAttribute(
    'srcset',
    /-320\.webp 320w, .*-640\.webp 640w, .*-1280\.webp 1280w/,
  );
  // It loads: the browser picked one of the widths and decoded it.
  await expect
    .poll(() =>
      picture.evaluate((img: HTMLImageElement) => ({
        loaded: img.complete && img.naturalWidth > 0,
        from: new URL(img.currentSrc).pathname,
      })),
    )
    .toEqual({ loaded: true, from: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}-\d+\.webp$/) });
  const served = await page.request.get(tool.img);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  await keepScreenshot(page, 'upload-tool-page-375');

  // A new picture from the edit dialog replaces it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/manageproducts');
  await waitForReady(page);
  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const editor = page.getByRole('dialog', { name: `Edit ${name}` });
  const editImage = editor.getByRole('group', { name: 'Image' });
  await expect(editImage.getByLabel('Or give an image link')).toHaveValue(tool.img);
  await editImage.getByLabel('Upload a picture').setInputFiles({
    name: 'vise-side.png',
    mimeType: 'image/png',
    buffer: await sharp(await benchVise())
      .rotate(90)
      .png()
      .toBuffer(),
  });
  await expect(editImage.getByRole('status')).toHaveText(
    'vise-side.png is uploaded; its address is below.',
  );
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${name} is saved.`)).toBeVisible();
  const edited = await firstTool(page.request, name);
  expect(edited.img).toMatch(/^\/uploads\/[0-9a-f]{32}-640\.webp$/);
  expect(edited.img).not.toBe(tool.img);
});
