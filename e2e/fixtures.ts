import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import {
  type APIRequestContext,
  test as base,
  expect as baseExpect,
  type Locator,
  type Page,
  request,
} from '@playwright/test';
import type { Cart } from '../contract/cart.ts';
import type { Order } from '../contract/orders.ts';
import type { Tool } from '../contract/tools.ts';
import { TEST_PASSWORD } from '../server/testing/test-password.ts';
import { linkFromOutbox } from './outbox.ts';
import { createAccount, sessionCookie } from './sessions.ts';

/**
 * Every page of a journey keeps the last moves of its focus (what took it, what lost it, what was
 * removed while it had it), for `toBeFocused` to tell when it fails.
 */
function recordFocusMoves(): void {
  const moves: string[] = [];
  (window as unknown as { __focusMoves: string[] }).__focusMoves = moves;
  const start = performance.now();
  const name = (node: EventTarget | null) => {
    if (!(node instanceof Element)) return node === null ? 'nothing' : 'the window';
    const label = node.getAttribute('aria-label');
    const text = (node.textContent ?? '').trim().slice(0, 30);
    return `<${node.tagName.toLowerCase()}${label ? ` aria-label="${label}"` : ''}> "${text}"`;
  };
  const note = (what: string) => {
    moves.push(`${Math.round(performance.now() - start)} ms: ${what}`);
    if (moves.length > 30) moves.shift();
  };
  let focused: Element | null = null;
  window.addEventListener(
    'focusin',
    (event) => {
      focused = event.target as Element;
      note(`focus to ${name(event.target)}`);
    },
    true,
  );
  window.addEventListener(
    'focusout',
    (event) => {
      note(`focus leaves ${name(event.target)} for ${name(event.relatedTarget)}`);
    },
    true,
  );
  new MutationObserver(() => {
    if (focused && !focused.isConnected) {
      note(`${name(focused)}, which had focus, left the page`);
      focused = null;
    }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Playwright's expect, with `toBeFocused` saying what has focus when it fails (its own says only
 * "inactive"): the element, whether the page itself has focus, which the matcher also needs, and
 * the focus's last moves.
 */
export const expect = baseExpect.extend({
  async toBeFocused(locator: Locator, options?: { timeout?: number }) {
    const assertion = this.isNot ? baseExpect(locator).not : baseExpect(locator);
    try {
      await assertion.toBeFocused(options);
      return { pass: !this.isNot, name: 'toBeFocused', message: () => 'focused as expected' };
    } catch (error) {
      const focus = await locator
        .page()
        .evaluate(() => {
          const active = document.activeElement;
          const what = active
            ? `<${active.tagName.toLowerCase()}${active.id ? ` id="${active.id}"` : ''}${active.getAttribute('aria-label') ? ` aria-label="${active.getAttribute('aria-label')}"` : ''}> "${(active.textContent ?? '').trim().slice(0, 60)}"`
            : 'nothing';
          const moves = (window as unknown as { __focusMoves?: string[] }).__focusMoves ?? [];
          return `${what}; the page ${document.hasFocus() ? 'has' : 'does not have'} focus.\n\nIts last moves:\n${moves.join('\n')}`;
        })
        .catch(() => 'unknown (the page is gone).');
      return {
        pass: this.isNot,
        name: 'toBeFocused',
        message: () =>
          `${error instanceof Error ? error.message : String(error)}\n\nFocus is on ${focus}`,
      };
    }
  },
});

export const test = base.extend({
  page: async ({ page }, use) => {
    await page.addInitScript(recordFocusMoves);
    await use(page);
  },
});

export const ORIGIN = `http://localhost:${process.env.E2E_PORT}`;

export interface Account {
  name: string;
  email: string;
  password: string;
}

export const DEMO_ADMIN: Account = {
  name: 'Ada Admin',
  email: 'admin@example.com',
  password: 'demo-admin-2026',
};
export const DEMO_CUSTOMER: Account = {
  name: 'Carlos Customer',
  email: 'customer@example.com',
  password: 'demo-customer-2026',
};

/**
 * A new person for one test, so tests running side by side never share data. Everyone has the
 * test users' password, whose hash is made once (server/testing/test-password.ts), so an account
 * a journey needs can be written straight to the database (e2e/sessions.ts) and still signs in
 * through the screens.
 */
export function newAccount(label: string): Account {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return {
    name: `${label} ${id}`,
    email: `${label.toLowerCase().replace(/\W+/g, '-')}-${id}@example.com`,
    password: TEST_PASSWORD,
  };
}

async function expectOk(
  response: { ok(): boolean; status(): number; text(): Promise<string> },
  what: string,
) {
  if (!response.ok())
    throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
}

/** `person` joins the company of `owner` (signed in) as `role`: invited, then accepting the mailed link. */
export async function joinCompany(
  owner: APIRequestContext,
  person: Account,
  role: string,
): Promise<void> {
  const invited = await owner.post('/api/companies/mine/invitations', {
    data: { email: person.email, role },
  });
  await expectOk(invited, `Inviting ${person.email}`);
  const member = await apiAs(person, { create: true });
  const link = new URL(await linkFromOutbox(person.email, '/join-company?token='));
  const accepted = await member.post('/api/company-invitations/accept', {
    data: { token: link.searchParams.get('token') },
  });
  await expectOk(accepted, `${person.email} accepting the invitation`);
  await member.dispose();
}

/**
 * Creates an account through the API as people do, signed in: signs up, then confirms with the
 * token of the emailed link and the password (what the confirm page sends), which signs in. No
 * account exists before the confirmation (docs/decisions/030).
 */
export async function signUp(api: APIRequestContext, account: Account): Promise<void> {
  const response = await api.post('/api/auth/sign-up/email', {
    data: { name: account.name, email: account.email, password: account.password },
    headers: { origin: ORIGIN },
  });
  await expectOk(response, `Signing up ${account.email}`);
  const link = new URL(await linkFromOutbox(account.email, '/confirm-email?token='));
  const confirmed = await api.post('/api/auth/confirm-sign-up', {
    data: { token: link.searchParams.get('token'), password: account.password },
    headers: { origin: ORIGIN },
  });
  await expectOk(confirmed, `Confirming ${account.email}`);
}

/**
 * A request context for a journey's own calls to a store, each request on a connection of its own
 * (`Connection: close`). Playwright's client keeps an idle connection for as long as the context
 * lives, where the store closes one after 5 s idle (config.ts keepAliveTimeoutMs): a request sent
 * on it as the store closes it failed with "socket hang up" (ECONNRESET) after a few seconds of
 * steps in the browser. A browser sends such a request again by itself; this client does not.
 */
export function apiContext(
  options: NonNullable<Parameters<typeof request.newContext>[0]>,
): Promise<APIRequestContext> {
  return request.newContext({
    ...options,
    extraHTTPHeaders: { ...options.extraHTTPHeaders, connection: 'close' },
  });
}

/**
 * A request context of its own, signed in as this account (e.g. the admin, behind the scenes);
 * `create` makes the account first, as a confirmed sign-up leaves it. Both straight in the
 * database (e2e/sessions.ts): signing up and in are what other journeys test, through the screens.
 */
export async function apiAs(
  account: Account,
  options: { create?: boolean } = {},
): Promise<APIRequestContext> {
  if (options.create) await createAccount(account);
  return apiContext({
    baseURL: ORIGIN,
    extraHTTPHeaders: { origin: ORIGIN },
    storageState: { cookies: [await sessionCookie(account.email)], origins: [] },
  });
}

export async function createTool(
  admin: APIRequestContext,
  /** `confirm` acknowledges a price of 0 or a minimum order above the stock. */
  overrides: Partial<Tool> & { confirm?: string[] } = {},
): Promise<Tool> {
  const response = await admin.post('/api/tools', {
    data: {
      name: `Test Bench Vise ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`,
      img: '/images/tools/quick-release-bar-clamps-4-pieces.svg',
      description:
        'A cast iron bench vise with 125 mm jaws, a swivel base and replaceable serrated jaw plates, made for the e2e tests of the store.',
      quantity: 500,
      minimumOrder: 30,
      price: 1290,
      ...overrides,
    },
  });
  await expectOk(response, 'Creating a tool');
  return (await response.json()) as Tool;
}

/**
 * A top-level category of its own with two filterable specifications (Voltage in V, Keyless
 * chuck) and four tools of two brands, so that filter journeys count only what they made:
 * Aldine 18 V keyless $50, Aldine 12 V $80, Brightwell 18 V keyless $120, Brightwell 18 V $200.
 */
export async function createFilterShelf(admin: APIRequestContext) {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const created = await admin.post('/api/categories', {
    data: { slug: `drivers-${suffix}`, name: `Drivers ${suffix}` },
  });
  await expectOk(created, 'Creating a category');
  const category = (await created.json()) as { _id: string; slug: string; name: string };
  for (const attribute of [
    { key: 'voltage', name: 'Voltage', kind: 'number', unit: 'V', filterable: true },
    { key: 'keyless-chuck', name: 'Keyless chuck', kind: 'boolean', filterable: true },
  ]) {
    const response = await admin.post(`/api/categories/${category._id}/attributes`, {
      data: attribute,
    });
    await expectOk(response, `Adding ${attribute.name}`);
  }
  const brands = { aldine: `Aldine ${suffix}`, brightwell: `Brightwell ${suffix}` };
  const make = (name: string, brand: string, price: number, volts: number, keyless: boolean) =>
    createTool(admin, {
      name: `${name} ${suffix}`,
      brand,
      price,
      minimumOrder: 10,
      categoryId: category._id,
      specs: { voltage: volts, 'keyless-chuck': keyless },
    });
  const tools = {
    aldine18: await make('Aldine Drill Driver 18 V', brands.aldine, 5000, 18, true),
    aldine12: await make('Aldine Drill Driver 12 V', brands.aldine, 8000, 12, false),
    brightwell18: await make('Brightwell Impact Driver', brands.brightwell, 12000, 18, true),
    brightwellPro: await make('Brightwell Pro Driver', brands.brightwell, 20000, 18, false),
  };
  return { category, brands, tools };
}

export async function placeOrder(
  api: APIRequestContext,
  email: string,
  tool: Tool,
  units = tool.minimumOrder,
): Promise<Order> {
  const response = await api.post(`/api/user?email=${encodeURIComponent(email)}`, {
    data: {
      toolId: tool._id,
      orderedNum: units,
      phone: '+1 555 010 2000',
      address: '1 Test Street, Springfield',
    },
  });
  await expectOk(response, 'Placing an order');
  return (await response.json()) as Order;
}

/**
 * Pays an unpaid order through the built-in test gateway, as the owner (4242... succeeds);
 * returns the transaction id the store recorded.
 */
export async function payOrder(
  api: APIRequestContext,
  orderId: string,
  cardNumber = '4242 4242 4242 4242',
): Promise<string> {
  const response = await api.post(`/api/payment/${orderId}`, {
    data: { cardNumber, expiry: '12/39', cvc: '123', nameOnCard: 'Test Buyer' },
  });
  await expectOk(response, 'Paying an order');
  return ((await response.json()) as { transactionId: string }).transactionId;
}

/**
 * Gives the signed-in account a paid order (a catalogue hammer at its minimum order, paid with the
 * test card): reviews come from customers who bought.
 */
export async function becomeBuyer(api: APIRequestContext, email: string): Promise<Order> {
  const order = await placeOrder(api, email, await demoTool(api, 'CH-450'));
  await payOrder(api, order._id);
  return order;
}

/**
 * A tool of the demo catalogue by its SKU (server/db/seed-data.ts), found as a buyer finds it by
 * part number: the catalogue holds several drills, hammers and tapes, and a journey needs this one.
 */
export async function demoTool(api: APIRequestContext, sku: string): Promise<Tool> {
  const tool = await firstTool(api, sku);
  if (tool.sku !== sku) throw new Error(`The demo catalogue has no tool ${sku}`);
  return tool;
}

export async function firstTool(api: APIRequestContext, query: string): Promise<Tool> {
  const response = await api.get(`/api/tools?q=${encodeURIComponent(query)}&limit=1`);
  await expectOk(response, `Finding ${query}`);
  const [tool] = (await response.json()) as Tool[];
  if (!tool) throw new Error(`No tool matches ${query}`);
  return tool;
}

/** Where an element is on screen now; fails (rather than skipping checks) when it is not shown. */
export async function boxOf(locator: Locator): Promise<{
  x: number;
  y: number;
  width: number;
  height: number;
}> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not on screen`);
  return box;
}

/** Adds a tool to the cart from its page (its minimum order, or `quantity`), and waits for the word. */
export async function addFromToolPage(page: Page, tool: Tool, quantity?: number): Promise<void> {
  await page.goto(`/tools/${tool._id}`);
  await waitForReady(page);
  if (quantity !== undefined) await page.getByLabel('Quantity (units)').fill(String(quantity));
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const units = (quantity ?? tool.minimumOrder).toLocaleString('en-US');
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toHaveText(
    `Added ${units} × ${tool.name} to your cart. View cart`,
  );
}

/** One line of the cart page, found by its tool's name. */
export const cartLine = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

/** The signed-in customer's cart as the store keeps it. */
export async function serverCart(page: Page): Promise<Cart> {
  return (await (await page.request.get('/api/cart')).json()) as Cart;
}

let readyCalls = 0;

/**
 * Waits until the screen has its data: the document loaded with its fonts, the app's own word that
 * it is at rest (`<html data-busy="false">`, web/lib/page-activity.tsx: hydrated, no request,
 * query, save or navigation under way; a page served as islands says it once they have
 * hydrated) held for 100 ms, and no "Loading…" indicator. A document that is not the app (the API's description) needs only to have loaded. Before, this waited for
 * the network to stay quiet for 500 ms after every load (docs/decisions/059).
 */
export async function waitForReady(page: Page): Promise<void> {
  readyCalls += 1;
  await page.waitForFunction(
    (call) => {
      const state = window as unknown as { readyCall?: number; restingSince?: number };
      if (state.readyCall !== call) {
        state.readyCall = call;
        state.restingSince = undefined;
      }
      // The app, or a page served as islands (web/islands): both say when they are at rest.
      const isApp =
        '__reactRouterContext' in window || document.querySelector('[data-island]') !== null;
      const resting =
        document.readyState === 'complete' &&
        document.fonts.status === 'loaded' &&
        (!isApp || document.documentElement.dataset.busy === 'false');
      if (!resting) {
        state.restingSince = undefined;
        return false;
      }
      if (!isApp) return true;
      state.restingSince ??= performance.now();
      return performance.now() - state.restingSince >= 100;
    },
    readyCalls,
    { polling: 25, timeout: 45_000 },
  );
  await expect(
    page.getByRole('status').filter({ hasText: /Loading|Checking your sign-in/ }),
  ).toHaveCount(0);
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

type Violation = {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
};

/**
 * axe-core's WCAG 2.2 AA violations on the page as it stands. axe goes into a document once and
 * scans it again at other widths, and only the violations come back over the wire (a scan's passes
 * list every node it checked): docs/decisions/059.
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      // WCAG 2.5.3 (Label in Name, level A): axe marks its rule experimental and leaves it out
      // unless asked; Lighthouse runs it.
      rules: { 'label-content-name-mismatch': { enabled: true } },
      iframes: false,
    });
    return violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => ({
        target: node.target.map(String),
        failureSummary: node.failureSummary,
      })),
    }));
  }, WCAG_TAGS);
}

/**
 * axe-core with the WCAG 2.2 AA rule set; fails (softly: the test goes on to the next page) with a
 * readable list of what it found.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const found = (await axeViolations(page)).map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
        .map(
          (node) => `    ${node.target.join(' ')}: ${node.failureSummary?.split('\n').join(' ')}`,
        )
        .join('\n')}`,
  );
  expect.soft(found, `axe found problems on ${label}`).toEqual([]);
}

/**
 * The page as it stands, at a phone's width and a desktop's (or the widths given), ending at the
 * desktop's: nothing wider than the screen, axe clean at each, a screenshot kept when asked for.
 */
export async function checkAtWidths(
  page: Page,
  label: string,
  widths: readonly number[] = [320, 1280],
): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await waitForReady(page);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `${label} at ${width} px scrolls sideways`).toBeLessThanOrEqual(
      Math.min(width, clientWidth),
    );
    await expectAccessible(page, `${label} at ${width}px`);
    await keepScreenshot(page, `${label.replaceAll(' ', '-')}-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Saves a screenshot for people to look at, test-results/screenshots/<name>.png, when the run asks
 * for them (`E2E_SCREENSHOTS=1 npm run test:e2e`). No test reads them, and a hundred full pages
 * cost the suite about a minute (docs/decisions/051).
 */
export async function keepScreenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = `${SCREENSHOTS}/${name}.png`;
  if ('goto' in target) await target.screenshot({ path, ...options });
  else await target.screenshot({ path });
}

const SCREENSHOTS = 'test-results/screenshots';

const run = promisify(execFile);

/**
 * The PDF's first page as a PNG beside the screenshots, for people to look at (only when the run
 * keeps screenshots, and only where poppler's pdftoppm is installed).
 */
export async function keepPdfImage(pdfPath: string, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  try {
    await run('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdfPath,
      `${SCREENSHOTS}/${name}`,
    ]);
  } catch {
    // No pdftoppm here: the page screenshots are kept all the same.
  }
}

/**
 * Collects what the browser reports as wrong while a test runs: console errors and warnings (a
 * hydration mismatch among them) and uncaught errors. `ignore` leaves out messages meant to be.
 */
export function watchConsole(
  page: Page,
  ignore: (text: string) => boolean = () => false,
): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (ignore(text)) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
