import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { settingMessage, withoutRepeats } from './config-messages.ts';
import {
  type InvoiceSettings,
  type PaymentSettings,
  paymentEnvShape,
  paymentSettings,
} from './config-payments.ts';
import {
  chosenModeProblems,
  goingLiveEnvShape,
  productionProblems,
  productionWarnings,
} from './config-production.ts';
import { type UploadSettings, uploadEnvShape, uploadSettings } from './config-uploads.ts';
import {
  booleanish,
  emailList,
  originList,
  profileLinkList,
  rateLimit,
  trustProxy,
} from './config-values.ts';
import type { SellerDetails } from './db/schema.ts';
import { demoSeller } from './db/seed-data.ts';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/** The environment, described once. Every variable here is documented in README.md and .env.example. */
/** Whether the runtime knows `name` as a time zone (Europe/London, UTC). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'Must be a postgres:// connection URL.' })
    .optional(),
  DB_POOL_MAX: z.coerce.number().int().min(2).max(200).default(20),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL.' }).optional(),
  TRUSTED_ORIGINS: originList.default([]),
  SOCIAL_LINKS: profileLinkList.default([]),
  STORE_NAME: z.string().min(1).max(60).default('Toolyard'),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: 'Must be a three-letter ISO 4217 code such as USD.' })
    .default('USD'),
  STORE_TIME_ZONE: z
    .string()
    .refine(isTimeZone, { error: 'Must be an IANA time zone such as Europe/London.' })
    .default('UTC'),
  ADMIN_EMAILS: emailList.default([]),
  SEED_DEMO: booleanish.optional(),
  SESSION_SECRET: z.string().min(32, { error: 'Must be at least 32 characters.' }).optional(),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'Must be an smtp:// or smtps:// URL.' })
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z
    .url({ protocol: /^https?$/, error: 'Must be an http(s) URL.' })
    .default('https://accounts.google.com/.well-known/openid-configuration'),
  UNPAID_ORDERS_MAX: z.coerce.number().int().min(1).max(1000).default(5),
  UNPAID_STOCK_SHARE_MAX: z.coerce.number().int().min(1).max(100).default(50),
  TRUST_PROXY: trustProxy.default(false),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  MAX_CONNECTIONS: z.coerce.number().int().min(0).max(1_000_000).default(4096),
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(1_000_000).optional(),
  RATE_LIMITS: booleanish.default(true),
  RATE_LIMIT_AUTH_PER_IP: rateLimit.default({ limit: 30, windowMs: 10 * 60_000 }),
  RATE_LIMIT_AUTH_PER_EMAIL: rateLimit.default({ limit: 10, windowMs: 10 * 60_000 }),
  RATE_LIMIT_MAIL_PER_EMAIL: rateLimit.default({ limit: 5, windowMs: 60 * 60_000 }),
  RATE_LIMIT_WRITES_PER_USER: rateLimit.default({ limit: 60, windowMs: 60_000 }),
  RATE_LIMIT_REVIEWS_PER_USER: rateLimit.default({ limit: 5, windowMs: 24 * 3_600_000 }),
  RATE_LIMIT_QUOTES_PER_IP: rateLimit.default({ limit: 120, windowMs: 60_000 }),
  RATE_LIMIT_RENDERS_PER_IP: rateLimit.default({ limit: 60, windowMs: 60_000 }),
  RATE_LIMIT_STATEMENTS_PER_USER: rateLimit.default({ limit: 20, windowMs: 10 * 60_000 }),
  METRICS_TOKEN: z
    .string()
    .regex(/^\S{16,200}$/, { error: 'Must be 16 to 200 characters without spaces.' })
    .optional(),
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(300).default(5),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  ...paymentEnvShape,
  ...uploadEnvShape,
  ...goingLiveEnvShape,
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the app runs its own embedded PostgreSQL under `dataDir`. */
  databaseUrl: string | undefined;
  dbPoolMax: number;
  embeddedPgPort: number;
  publicUrl: string;
  /** Origins allowed to send state-changing requests: the public URL's and any extra ones. */
  trustedOrigins: string[];
  storeName: string;
  currency: string;
  /** The store's time zone (IANA): delivery methods' cut-offs and promised days are read in it. */
  storeTimeZone: string;
  adminEmails: string[];
  /** The company's own profiles on other sites (SOCIAL_LINKS), linked from the footer. */
  socialLinks: string[];
  seedDemo: boolean;
  sessionSecret: string;
  /** Unset: mail is written to DATA_DIR/outbox as .eml files (production: only with MAIL=outbox). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Google sign-in (OpenID Connect); null when not configured. */
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | null;
  /** Stripe when all three keys are set; otherwise the built-in test gateway. */
  stripe: PaymentSettings['stripe'];
  /** A production store on the test gateway (PAYMENTS=test): every page shows a "Test mode" banner. */
  isTestModeAnnounced: boolean;
  /** What the store logs as a warning at every start (a production store's chosen shortcuts). */
  startWarnings: string[];
  /** Unpaid orders older than this are cancelled and their stock returned. */
  paymentWindowMs: number;
  /** What invoices say: the tax prices include and who sells. */
  invoicing: InvoiceSettings;
  /** What one customer may hold in unpaid orders, so no one can hoard the stock. */
  unpaidCaps: {
    /** Open unpaid orders per customer. */
    orders: number;
    /** Percent of a tool's stock (on hand plus what they hold) one customer may hold unpaid. */
    stockSharePercent: number;
  };
  /** False: the socket address is the client's. Otherwise a hop count or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** Password hashes at once (one core each) and waiting; more are refused with 503. */
  passwordHashing: { concurrency: number; queue: number };
  http: {
    /** A request (headers and body) must arrive within this; slow clients are cut off. */
    requestTimeoutMs: number;
    /** Open connections in all; 0 for no cap. */
    maxConnections: number;
    /** Open connections from one socket address; 0 for no cap. */
    maxConnectionsPerIp: number;
    /** How long a connection is kept open idle between requests. */
    keepAliveTimeoutMs: number;
  };
  rateLimits: {
    enabled: boolean;
    authPerIp: RateLimitRule;
    authPerEmail: RateLimitRule;
    mailPerEmail: RateLimitRule;
    writesPerUser: RateLimitRule;
    /** A customer's review posted or edited, per day. */
    reviewsPerUser: RateLimitRule;
    /** Cart quotes (a visitor's cart priced) per client address. */
    quotesPerIp: RateLimitRule;
    /** Pages rendered afresh (not from the page cache) per client address, on each instance. */
    rendersPerIp: RateLimitRule;
    /** Statements of account drawn as PDFs (each read and drawn afresh) per signed-in user. */
    statementsPerUser: RateLimitRule;
  };
  /**
   * On SIGTERM the instance answers not ready at once and keeps serving this long before its
   * listener closes, so that load balancers stop sending it requests first.
   */
  shutdownDelayMs: number;
  /**
   * How long a shutdown may take after that (requests in flight, jobs, the pool) before PostgreSQL
   * is stopped all the same and the process exits with 1.
   */
  shutdownTimeoutMs: number;
  /** The bearer token GET /metrics asks for; unset, there is no /metrics. */
  metricsToken?: string;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** `auto`: readable text in development when the output is a terminal, JSON lines otherwise. */
  logFormat: z.infer<typeof EnvSchema>['LOG_FORMAT'];
  webDistDir: string;
  /** Image uploads: size, rate and storage (DATA_DIR/uploads, or an S3 bucket). */
  uploads: UploadSettings;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Reads the environment once; lists every bad variable, and in production every missing one, at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // A variable set to nothing but spaces is unset, as an empty one is.
  const relevant = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const isProduction = relevant.NODE_ENV === 'production';
  const problems = [
    ...(isProduction ? productionProblems(relevant) : []),
    ...chosenModeProblems(relevant),
  ];
  const parsed = EnvSchema.safeParse(relevant, { error: settingMessage });
  if (!parsed.success) {
    const malformed = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
    );
    throw new ConfigError([...withoutRepeats(malformed, problems), ...problems]);
  }
  const e = parsed.data;
  const seedDemo = e.SEED_DEMO ?? (!e.DATABASE_URL && !isProduction);
  const payments = paymentSettings(e, defaultSeller(e, seedDemo && !isProduction));
  problems.push(...payments.problems);
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    problems.push(
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: Set both to enable Google sign-in, or neither.',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const uploads = uploadSettings(e, dataDir);
  problems.push(...uploads.problems);
  if (problems.length > 0) throw new ConfigError(problems);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const trustedOrigins = new Set([
    new URL(publicUrl).origin,
    ...e.TRUSTED_ORIGINS.map((o) => new URL(o).origin),
  ]);
  if (!e.PUBLIC_URL) trustedOrigins.add(`http://127.0.0.1:${e.PORT}`);

  // Production has its secret from the environment (productionProblems refuses it otherwise).
  let sessionSecret = e.SESSION_SECRET;
  if (!sessionSecret) {
    try {
      sessionSecret = readOrCreateSecret(dataDir, 'session-secret');
    } catch (error) {
      throw new ConfigError([
        `DATA_DIR: ${dataDir} cannot hold the store's data (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Set DATA_DIR to a directory this user can write to.`,
      ]);
    }
  }
  const isTestGateway = payments.settings.stripe === null;
  const startWarnings = [
    ...(isProduction ? productionWarnings(relevant) : []),
    ...(payments.settings.invoicing.taxRateBasisPoints > 0 &&
    !payments.settings.invoicing.seller.taxId
      ? [
          'TAX_RATE charges tax but SELLER_TAX_ID is not set: invoices will not show the VAT or tax number a tax invoice needs',
        ]
      : []),
  ];

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    dbPoolMax: e.DB_POOL_MAX,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    publicUrl,
    trustedOrigins: [...trustedOrigins],
    storeName: e.STORE_NAME,
    currency: e.CURRENCY,
    storeTimeZone: e.STORE_TIME_ZONE,
    adminEmails: e.ADMIN_EMAILS,
    socialLinks: e.SOCIAL_LINKS,
    seedDemo,
    sessionSecret,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.STORE_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            discoveryUrl: e.GOOGLE_DISCOVERY_URL,
          }
        : null,
    ...payments.settings,
    // Development and tests take test cards without a word; a production store says so on every page.
    isTestModeAnnounced: isProduction && isTestGateway,
    startWarnings,
    unpaidCaps: { orders: e.UNPAID_ORDERS_MAX, stockSharePercent: e.UNPAID_STOCK_SHARE_MAX },
    trustProxy: e.TRUST_PROXY,
    // scrypt is bound by memory bandwidth: a second hash at once adds little (on 2 cores 7.1 -> 8.5
    // hashes/s) but takes the core the event loop needs. Half the cores hash; the rest serve.
    passwordHashing: hashingFor(Math.max(1, Math.floor(availableParallelism() / 2))),
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      maxConnections: e.MAX_CONNECTIONS,
      // Behind proxies every connection comes from a proxy: a per-address cap belongs there.
      maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP ?? (e.TRUST_PROXY === false ? 256 : 0),
      // Behind a proxy, longer than load balancers keep theirs (60 s is common): a store closing
      // first races the proxy's next request on that connection, which then fails. Browsers
      // reaching the store directly come back to a page within seconds or not for minutes, and
      // reconnect at no cost: an idle connection kept longer only holds a place (decision 031).
      keepAliveTimeoutMs: e.TRUST_PROXY === false ? 5_000 : 72_000,
    },
    rateLimits: {
      enabled: e.RATE_LIMITS,
      authPerIp: e.RATE_LIMIT_AUTH_PER_IP,
      authPerEmail: e.RATE_LIMIT_AUTH_PER_EMAIL,
      mailPerEmail: e.RATE_LIMIT_MAIL_PER_EMAIL,
      writesPerUser: e.RATE_LIMIT_WRITES_PER_USER,
      reviewsPerUser: e.RATE_LIMIT_REVIEWS_PER_USER,
      quotesPerIp: e.RATE_LIMIT_QUOTES_PER_IP,
      rendersPerIp: e.RATE_LIMIT_RENDERS_PER_IP,
      statementsPerUser: e.RATE_LIMIT_STATEMENTS_PER_USER,
    },
    shutdownDelayMs: e.SHUTDOWN_DELAY_SECONDS * 1000,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    uploads: uploads.settings,
  };
}

/**
 * Who invoices name when SELLER_NAME, SELLER_ADDRESS and SELLER_TAX_ID are all unset: the demo
 * company in a demo store (development with the demo seed), the store's name otherwise.
 */
function defaultSeller(e: z.infer<typeof EnvSchema>, isDemo: boolean): SellerDetails {
  const isAnySellerSet = Boolean(e.SELLER_NAME || e.SELLER_ADDRESS || e.SELLER_TAX_ID);
  if (isDemo && !isAnySellerSet) return { ...demoSeller };
  return { name: e.STORE_NAME, address: null, taxId: null, email: null };
}

/** Development convenience: a random secret kept under DATA_DIR so sessions survive restarts. */
export function readOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets', name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    // DATA_DIR itself as any directory (the postgres user must enter it); only secrets/ is closed.
    if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true });
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    return secret;
  }
}

/** `concurrency` hashes at once, and eight waiting behind each. */
function hashingFor(concurrency: number): { concurrency: number; queue: number } {
  return { concurrency, queue: 8 * concurrency };
}
