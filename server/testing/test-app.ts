import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import { type App, type AppConfig, buildApp } from '../app.ts';
import { sessionCookieName } from '../auth/auth.ts';
import { createPasswordAccount } from '../auth/sign-ups.ts';
import { categories, categoryAttributes, session, tools } from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import type { MailTransport, OutgoingMail } from '../mail/transport.ts';
import { orderPayer } from './mark-paid.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { TEST_PASSWORD, TEST_PASSWORD_HASH } from './test-password.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

export const testConfig: AppConfig = {
  publicUrl: TEST_ORIGIN,
  trustedOrigins: [TEST_ORIGIN],
  sessionSecret: 'test-secret-test-secret-test-secret-0123456789',
  storeName: 'Toolyard',
  currency: 'USD',
  storeTimeZone: 'Europe/London',
  adminEmails: [],
  socialLinks: [],
  webDistDir: '/nonexistent-web-build',
  dataDir: path.join(os.tmpdir(), 'toolyard-test-data'),
  smtpUrl: undefined,
  mailFrom: 'Toolyard <no-reply@localhost>',
  google: null,
  stripe: null,
  isTestModeAnnounced: false,
  paymentWindowMs: 24 * 3_600_000,
  invoicing: {
    taxRateBasisPoints: 0,
    pricesIncludeTax: true,
    sellerCountry: null,
    euSellerCountry: null,
    seller: { name: 'Toolyard', address: null, taxId: null, email: null },
  },
  // Tests place many orders per customer; server/modules/orders/unpaid-caps.test.ts sets the caps.
  unpaidCaps: { orders: 1000, stockSharePercent: 100 },
  trustProxy: false,
  // Tests make accounts in bursts; server/auth/password-hashing.test.ts proves the gate itself.
  passwordHashing: { concurrency: 2, queue: 256 },
  http: {
    requestTimeoutMs: 30_000,
    maxConnections: 4096,
    maxConnectionsPerIp: 256,
    keepAliveTimeoutMs: 5_000,
  },
  // Tests sign up many users from one address; the rate-limit tests turn limits on.
  rateLimits: {
    enabled: false,
    authPerIp: { limit: 30, windowMs: 600_000 },
    authPerEmail: { limit: 10, windowMs: 600_000 },
    mailPerEmail: { limit: 5, windowMs: 3_600_000 },
    writesPerUser: { limit: 60, windowMs: 60_000 },
    reviewsPerUser: { limit: 5, windowMs: 86_400_000 },
    quotesPerIp: { limit: 120, windowMs: 60_000 },
    rendersPerIp: { limit: 60, windowMs: 60_000 },
    statementsPerUser: { limit: 20, windowMs: 600_000 },
  },
  uploads: {
    maxBytes: 10 * 1024 * 1024,
    perUser: { limit: 60, windowMs: 600_000 },
    storage: { kind: 'local', dir: path.join(os.tmpdir(), 'toolyard-test-data', 'uploads') },
  },
};

/** An account with a password (TEST_PASSWORD), not signed in. */
export interface TestAccount {
  id: string;
  name: string;
  email: string;
  password: string;
}

export interface TestUser extends TestAccount {
  cookie: string;
  /** Headers a browser on our own site would send, with this user's session. */
  headers: Record<string, string>;
}

/** The real app on its own fresh database, plus helpers to make users and tools. */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  options: { mailTransport?: MailTransport; database?: TestDatabase; logger?: Logger } = {},
) {
  const database = options.database ?? (await createTestDatabase());
  // Each app keeps its uploads apart, so a test can tell what its own requests stored. The
  // folder sits alone inside a private one, so nothing another test writes lands beside it.
  const uploadsHome = await mkdtemp(path.join(os.tmpdir(), 'toolyard-test-uploads-'));
  const uploadsDir = path.join(uploadsHome, 'uploads');
  await mkdir(uploadsDir);
  const uploads: AppConfig['uploads'] = {
    ...testConfig.uploads,
    ...overrides.uploads,
    storage:
      overrides.uploads?.storage.kind === 's3'
        ? overrides.uploads.storage
        : { kind: 'local', dir: uploadsDir },
  };
  // Mail is kept in memory unless a test brings a transport (mail-test-app.ts sends real SMTP).
  const sentMail: OutgoingMail[] = [];
  const config: AppConfig = { ...testConfig, ...overrides, uploads };
  const app: App = await buildApp({
    config,
    database,
    logger: options.logger ?? createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
    mailTransport: options.mailTransport ?? {
      send: async (mail) => {
        sentMail.push(mail);
      },
      close: () => {},
    },
  });
  await app.ready();
  /** Marks an order paid as the payment provider would (mark-paid.ts). */
  const markPaid = orderPayer(app, database.db, config);

  let counter = 0;
  const signIn = async (email: string, password: string): Promise<string> => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email, password },
    });
    if (response.statusCode !== 200)
      throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
    return sessionCookie(response.headers['set-cookie']);
  };
  type AccountOptions = {
    role?: 'Admin' | 'User';
    name?: string;
    email?: string;
    verified?: boolean;
  };
  /**
   * The account a confirmed sign-up becomes (the sign-up and its link are tested on their own),
   * with the hash of the password every test user has (test-password.ts): no hashing here.
   */
  const addAccount = async (options: AccountOptions = {}): Promise<TestAccount> => {
    counter += 1;
    const email = options.email ?? `user${counter}-${randomBytes(3).toString('hex')}@example.com`;
    const name = options.name ?? `Test User ${counter}`;
    const created = await createPasswordAccount(database.db, {
      name,
      email,
      image: null,
      passwordHash: TEST_PASSWORD_HASH,
      emailVerified: options.verified ?? true,
      role: options.role ?? 'User',
    });
    if (!created) throw new Error(`sign-up failed: ${email} has an account`);
    return { id: created.id, name, email, password: TEST_PASSWORD };
  };
  /**
   * A session for the account as signing in makes one (a row, and the token signed with the
   * session secret as Better Auth signs its cookie), without checking the password: one scrypt
   * less per test user. Signing in itself is tested through `signIn` and the auth routes.
   */
  const openSession = async (userId: string): Promise<string> => {
    const token = randomBytes(24).toString('base64url');
    await database.db.insert(session).values({
      id: randomUUID(),
      token,
      userId,
      expiresAt: new Date(Date.now() + 30 * 24 * 3_600_000),
    });
    const signature = createHmac('sha256', config.sessionSecret).update(token).digest('base64');
    return `${sessionCookieName(config.publicUrl)}=${encodeURIComponent(`${token}.${signature}`)}`;
  };
  /** A new account with a session, as a confirmed sign-up and a sign-in leave it. */
  const signUp = async (options: AccountOptions = {}): Promise<TestUser> => {
    const account = await addAccount(options);
    const cookie = await openSession(account.id);
    return { ...account, cookie, headers: { origin: TEST_ORIGIN, cookie } };
  };

  const addTool = async (values: Partial<typeof tools.$inferInsert> = {}) => {
    counter += 1;
    const [row] = await database.db
      .insert(tools)
      .values({
        name: `Test Tool ${counter}`,
        img: '/images/tools/test.svg',
        description: 'A sturdy test tool with a long enough description for the catalogue.',
        quantity: 100,
        minimumOrder: 10,
        price: 1250,
        ...values,
      })
      .returning();
    if (!row) throw new Error('no tool');
    // Written past the app, as an import would be: the app forgets what it holds at once, as after
    // its own writes (the trigger's announcement follows).
    app.catalogue.heard('all');
    return row;
  };

  /** A category (at the top unless given a parent), with a slug of its own. */
  const addCategory = async (values: Partial<typeof categories.$inferInsert> = {}) => {
    counter += 1;
    const [row] = await database.db
      .insert(categories)
      .values({
        slug: `test-category-${counter}-${randomBytes(3).toString('hex')}`,
        name: `Test Category ${counter}`,
        ...values,
      })
      .returning();
    if (!row) throw new Error('no category');
    return row;
  };

  /** A specification of a category (a number in mm unless given other values). */
  const addAttribute = async (
    categoryId: string,
    values: Partial<typeof categoryAttributes.$inferInsert> = {},
  ) => {
    counter += 1;
    const [row] = await database.db
      .insert(categoryAttributes)
      .values({
        categoryId,
        key: `size-${counter}`,
        name: `Size ${counter}`,
        kind: 'number',
        unit: 'mm',
        ...values,
      })
      .returning();
    if (!row) throw new Error('no attribute');
    return row;
  };

  /**
   * Gives `buyer` a paid order (a one-line order of a new tool, paid as the payment provider
   * would), for tests of what only buyers may do, such as reviewing.
   */
  const givePaidOrder = async (buyer: TestUser): Promise<string> => {
    const tool = await addTool();
    const response = await app.inject({
      method: 'POST',
      url: `/api/user?email=${encodeURIComponent(buyer.email)}`,
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      payload: {
        toolId: tool.id,
        orderedNum: tool.minimumOrder,
        phone: '+1 555 010 2030',
        address: '42 Workshop Road, Springfield',
      },
    });
    if (response.statusCode !== 201)
      throw new Error(`placing an order failed: ${response.statusCode} ${response.body}`);
    const id = (response.json() as { _id: string })._id;
    await markPaid(id, `txn_${randomBytes(6).toString('hex')}`);
    return id;
  };

  let toolAdmin: Promise<TestUser> | undefined;
  /** Deletes a tool as an admin would (audited), for tests whose subject is what follows. */
  const removeTool = async (id: string) => {
    toolAdmin ??= signUp({ role: 'Admin', name: 'Tool Remover' });
    return app.services.tools.remove(id, await toolAdmin);
  };

  return {
    app,
    database,
    db: database.db,
    sentMail,
    addAccount,
    signUp,
    signIn,
    addTool,
    removeTool,
    addCategory,
    addAttribute,
    givePaidOrder,
    markPaid,
    /** The files the app stored under its uploads folder (local storage), sorted. */
    async storedUploads(): Promise<string[]> {
      return (await readdir(uploadsDir).catch(() => [])).sort();
    },
    async close() {
      await app.close();
      await rm(uploadsHome, { recursive: true, force: true });
      if (!options.database) await database.drop();
    },
  };
}

export type TestContext = Awaited<ReturnType<typeof buildTestApp>>;

/** The `name=value` pairs of a Set-Cookie header, ready to send back as a Cookie header. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}
