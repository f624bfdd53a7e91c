import { chromium } from '@playwright/test';
import { findChromium } from './e2e/find-chromium.ts';
const base = 'http://localhost:3900';
const browser = await chromium.launch({ executablePath: findChromium() });
const shots: string[] = [];
async function visit(page: import('@playwright/test').Page, name: string, path?: string) {
  if (path) await page.goto(base + path);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `/tmp/walk/${name}.png`, fullPage: true });
  const sw = await page.evaluate(() => document.documentElement.scrollWidth);
  shots.push(`${name} scrollWidth=${sw}`);
}
const errors: string[] = [];
for (const width of [1280, 320]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`${width} ${page.url()} ${m.text()}`); });
  await visit(page, `${width}-home`, '/');
  await visit(page, `${width}-category`, '/categories/angle-grinders');
  await visit(page, `${width}-category-filtered`, '/categories/power-tools?inStock=true&maxPrice=20000');
  await visit(page, `${width}-search-none`, '/tools?q=grindr%20disc');
  const grinder = await (await fetch(`${base}/api/tools?q=angle%20grinder%20125%2018v&limit=1`)).json();
  await visit(page, `${width}-tool`, `/tools/${grinder.items?.[0]?._id ?? grinder[0]?._id}`);
  await visit(page, `${width}-quick-order`, '/quick-order');
  await context.close();
}
console.log(shots.join('\n'));
console.log(errors.join('\n'));
await browser.close();
