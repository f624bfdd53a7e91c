import path from 'node:path';
import compress from '@fastify/compress';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { PublicConfig } from '../contract/system.ts';
import { type Auth, createAuth } from './auth/auth.ts';
import { createPasswordHashing, type PasswordHashing } from './auth/password-hashing.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import {
  CATALOGUE_CHANNEL,
  type CatalogueCache,
  createCatalogueCache,
} from './http/catalogue-cache.ts';
import { type ChangeFeed, createChangeFeed } from './http/change-feed.ts';
import { addressSubject } from './http/client-address.ts';
import { limitConnections } from './http/connection-limits.ts';
import {
  type CustomerCache,
  createCustomerCache,
  customerSubject,
  ORDERS_CHANNEL,
} from './http/customer-cache.ts';
import { createPublicAnswers, type PublicAnswers } from './http/public-answers.ts';
import {
  type AddressLimit,
  createRateLimiter,
  type RateLimiter,
  startRateLimitPruning,
  type WriteLimit,
} from './http/rate-limit.ts';
import { OneLinePerRequest } from './http/request-log.ts';
import { createSessionCache, SESSIONS_CHANNEL, type SessionCache } from './http/session-cache.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { type MailTransport, outboxTransport, smtpTransport } from './mail/transport.ts';
import { registerAuditRoutes } from './modules/audit/audit.routes.ts';
import { registerCartRoutes } from './modules/cart/cart.routes.ts';
import { type CartService, createCartService } from './modules/cart/cart.service.ts';
import { registerOrderRoutes } from './modules/orders/orders.routes.ts';
import { createOrdersService, type OrdersService } from './modules/orders/orders.service.ts';
import { startPaymentWindowJob } from './modules/orders/payment-window.ts';
import { registerOverviewRoutes } from './modules/overview/overview.routes.ts';
import {
  createOverviewService,
  type OverviewService,
} from './modules/overview/overview.service.ts';
import {
  registerPaymentRoutes,
  registerStripeWebhook,
} from './modules/payments/payments.routes.ts';
import {
  createPaymentsService,
  type PaymentsService,
} from './modules/payments/payments.service.ts';
import { createStripeClient } from './modules/payments/stripe-client.ts';
import { registerReviewRoutes } from './modules/reviews/reviews.routes.ts';
import { createReviewsService, type ReviewsService } from './modules/reviews/reviews.service.ts';
import { registerSystemRoutes } from './modules/system/system.routes.ts';
import { createCatalogueIndex } from './modules/tools/catalogue-index.ts';
import { createToolCache } from './modules/tools/tool-cache.ts';
import { registerToolRoutes } from './modules/tools/tools.routes.ts';
import { createToolsService, type ToolsService } from './modules/tools/tools.service.ts';
import { registerUploadFiles, registerUploadRoutes } from './modules/uploads/uploads.routes.ts';
import {
  createUploadStore,
  createUploadsService,
  type UploadsService,
} from './modules/uploads/uploads.service.ts';
import { registerUserRoutes } from './modules/users/users.routes.ts';
import { createUsersService, type UsersService } from './modules/users/users.service.ts';
import { authPlugin } from './plugins/auth.ts';
import { crawlersPlugin } from './plugins/crawlers.ts';
import { errorHandlerPlugin, problem, sendProblem } from './plugins/error-handler.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { everyResponseHeaders, securityHeaders, securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';

export type AppConfig = Pick<
  Config,
  | 'publicUrl'
  | 'trustedOrigins'
  | 'sessionSecret'
  | 'storeName'
  | 'currency'
  | 'adminEmails'
  | 'webDistDir'
  | 'dataDir'
  | 'smtpUrl'
  | 'mailFrom'
  | 'google'
  | 'rateLimits'
  | 'stripe'
  | 'paymentWindowMs'
  | 'invoicing'
  | 'unpaidCaps'
  | 'trustProxy'
  | 'passwordHashing'
  | 'http'
  | 'uploads'
>;

export interface AppDeps {
  config: AppConfig;
  database: Database;
  logger: Logger;
  /** Where mail goes; by default SMTP_URL, or the outbox folder under DATA_DIR. */
  mailTransport?: MailTransport;
}

export interface AppParts {
  services: {
    tools: ToolsService;
    orders: OrdersService;
    reviews: ReviewsService;
    users: UsersService;
    cart: CartService;
    payments: PaymentsService;
    uploads: UploadsService;
    overview: OverviewService;
  };
  auth: Auth;
  mailer: Mailer;
  limiter: RateLimiter;
  changes: ChangeFeed;
  catalogue: CatalogueCache;
  customers: CustomerCache;
  publicAnswers: PublicAnswers;
  sessions: SessionCache;
  hashing: PasswordHashing;
}

/** The app and the parts tests and jobs reach into. (Spelled out: a Fastify instance is
 * thenable, so `Awaited<ReturnType<typeof buildApp>>` would lose the parts.) */
export type App = FastifyInstance & AppParts;

/**
 * Fastify's option for TRUST_PROXY. A hop count trusts the nearest N hops, the socket's peer
 * included (Fastify itself no longer takes a count): right only when clients cannot reach the
 * store but through those proxies, which the README says.
 */
function proxyTrust(trust: AppConfig['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** Builds the whole app from its parts; reads no environment and listens on nothing. */
export async function buildApp({ config, database, logger, mailTransport }: AppDeps): Promise<App> {
  const isHttps = config.publicUrl.startsWith('https://');
  const allowStripe = config.stripe !== null;
  const publicAnswers = createPublicAnswers({
    baseHeaders: everyResponseHeaders({ isHttps, allowStripe }),
    log: logger,
  });
  const app = Fastify({
    serverFactory: publicAnswers.serverFactory,
    loggerInstance: logger as FastifyBaseLogger,
    logController: new OneLinePerRequest(),
    bodyLimit: 64 * 1024,
    // Only the configured proxies may name the client's address (TRUST_PROXY); by default the
    // socket's address counts, whatever X-Forwarded-For says.
    trustProxy: proxyTrust(config.trustProxy),
    // A request must arrive whole within the time-out (a client sending a byte every few seconds is
    // cut off), its headers sooner. Node checks every second, so the cut comes within a second of
    // the limit. Idle keep-alive connections stay open longer than load balancers keep theirs
    // (60 s is common): a server closing first races the client's next request on that
    // connection, which then fails with ECONNRESET. The connection caps bound idle ones.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: 72_000,
    http: {
      headersTimeout: Math.min(15_000, config.http.requestTimeoutMs),
      connectionsCheckingInterval: 1_000,
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    // Errors the router raises before any route or hook runs (a malformed URL, an over-long path
    // parameter) are answered as problems too.
    frameworkErrors: (error, _request, reply) => {
      reply.headers(securityHeaders({ isHttps, allowStripe }));
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      const detail = status === 414 ? 'A part of this URL is too long.' : 'This URL is not valid.';
      void sendProblem(
        reply,
        problem(status, status === 414 ? 'uri_too_long' : 'validation_failed', detail),
      );
    },
  });
  app.decorate('rememberPublicAnswer', publicAnswers.remember);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db } = database;
  const mailer = createMailer({
    db,
    from: config.mailFrom,
    log: logger,
    transport:
      mailTransport ??
      (config.smtpUrl
        ? smtpTransport(config.smtpUrl)
        : outboxTransport(path.join(config.dataDir, 'outbox'), logger)),
  });
  const limiter = createRateLimiter(db, config.rateLimits.enabled);
  const hashing = createPasswordHashing(config.passwordHashing);
  const auth = createAuth(config, { db, mailer, log: logger, hashing });
  const limitWrites: WriteLimit = async (user) => {
    await limiter.hit(
      'w',
      user.id,
      config.rateLimits.writesPerUser,
      'You are doing that too often.',
    );
  };
  const limitUploads: WriteLimit = async (user) => {
    await limiter.hit('up', user.id, config.uploads.perUser, 'You are uploading images too often.');
  };
  const limitQuotes: AddressLimit = async (address) => {
    await limiter.hit('q:ip', addressSubject(address), config.rateLimits.quotesPerIp);
  };
  const catalogueIndex = createCatalogueIndex(db);
  const toolCache = createToolCache();
  const sessions = createSessionCache();
  const customers = createCustomerCache();
  const catalogue = createCatalogueCache((change) => {
    if (change === 'all') catalogueIndex.invalidate();
    if (change !== 'reviews') toolCache.invalidate();
  });
  // What every instance keeps in memory, and the one feed that tells each what changed.
  const changes = createChangeFeed({
    pool: database.pool,
    log: logger,
    channels: {
      [CATALOGUE_CHANNEL]: catalogue.heard,
      [SESSIONS_CHANNEL]: sessions.heard,
      [ORDERS_CHANNEL]: customers.heard,
    },
    onLiveChange: (isLive) => {
      catalogue.setEnabled(isLive);
      catalogueIndex.setEnabled(isLive);
      toolCache.setEnabled(isLive);
      sessions.setEnabled(isLive);
      customers.answers.setEnabled(isLive);
    },
  });
  // Each change is announced once. The database's triggers announce changes to tools, sessions and
  // orders to every instance; the app announces only what no trigger sees (stock taken by an order,
  // a new order, reviews) and, for its own changes, forgets at once what this instance holds.
  const announceCatalogue = (change: 'stock' | 'reviews') =>
    changes.announce(CATALOGUE_CHANNEL, change);
  const forgetCustomer = (userId: string) => customers.heard(customerSubject(userId));
  const services = {
    tools: createToolsService(db, {
      index: catalogueIndex,
      toolCache,
      onChange: catalogue.heard,
    }),
    orders: createOrdersService(db, {
      currency: config.currency,
      mailer,
      storeName: config.storeName,
      publicUrl: config.publicUrl,
      invoicing: config.invoicing,
      paymentWindowMs: config.paymentWindowMs,
      unpaidCaps: config.unpaidCaps,
      onStockTaken: () => announceCatalogue('stock'),
      onStockReturned: () => catalogue.heard('stock'),
      onOrderPlaced: (userId) => changes.announce(ORDERS_CHANNEL, customerSubject(userId)),
      onOrdersChanged: forgetCustomer,
    }),
    reviews: createReviewsService(db, { onChange: () => announceCatalogue('reviews') }),
    users: createUsersService(db, { onUserChanged: sessions.forgetUser }),
    cart: createCartService(db, { currency: config.currency }),
    overview: createOverviewService(db, { currency: config.currency }),
    payments: createPaymentsService(db, {
      mailer,
      invoicing: config.invoicing,
      storeName: config.storeName,
      publicUrl: config.publicUrl,
      onOrdersChanged: forgetCustomer,
      stripe: config.stripe
        ? {
            client: createStripeClient(config.stripe),
            publishableKey: config.stripe.publishableKey,
          }
        : null,
    }),
    uploads: createUploadsService(createUploadStore(config.uploads.storage)),
  };
  const publicConfig: PublicConfig = {
    storeName: config.storeName,
    currency: config.currency,
    signIn: { emailPassword: true, google: config.google !== null },
    payments: config.stripe
      ? { provider: 'stripe', publishableKey: config.stripe.publishableKey }
      : { provider: 'test', publishableKey: null },
    unpaid: {
      ordersMax: config.unpaidCaps.orders,
      stockSharePercent: config.unpaidCaps.stockSharePercent,
      paymentWindowHours: config.paymentWindowMs / 3_600_000,
    },
  };

  limitConnections(app.server, config.http);

  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityPlugin, {
    trustedOrigins: config.trustedOrigins,
    isHttps,
    allowStripe,
  });
  // Answers up to 128 KB (every JSON answer the API pages) are compressed in one synchronous
  // call, about 0.1 ms for a page of orders; a compression stream per answer cost ten times that
  // in allocations and collections. Bigger bodies and streams (the CSV export) still stream.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    syncThreshold: 128 * 1024,
    encodings: ['br', 'gzip'],
  });
  await app.register(openApiPlugin, { storeName: config.storeName, publicUrl: config.publicUrl });
  await app.register(authPlugin, {
    auth,
    sessions,
    db,
    hashing,
    googleSignIn: config.google !== null,
    publicUrl: config.publicUrl,
    limiter,
    limits: {
      perIp: config.rateLimits.authPerIp,
      perEmail: config.rateLimits.authPerEmail,
      mailPerEmail: config.rateLimits.mailPerEmail,
    },
    isDatabaseUp: () =>
      db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
  });

  await app.register(
    async (api: FastifyInstance) => {
      await registerUploadRoutes(api, services.uploads, {
        maxBytes: config.uploads.maxBytes,
        limitUploads,
      });
      registerToolRoutes(api, services.tools, catalogue.responses);
      registerCartRoutes(api, services.cart, { writes: limitWrites, quotes: limitQuotes });
      registerOrderRoutes(api, services.orders, {
        limitWrites,
        customerAnswers: customers.answers,
      });
      registerReviewRoutes(api, services.reviews, limitWrites);
      registerUserRoutes(api, services.users);
      registerOverviewRoutes(api, services.overview);
      registerPaymentRoutes(api, services.payments, limitWrites);
      registerStripeWebhook(api, services.payments, config.stripe?.webhookSecret ?? null);
      registerSystemRoutes(api, db, publicConfig);
      registerAuditRoutes(api, db);
    },
    { prefix: '/api' },
  );

  registerUploadFiles(app, services.uploads);
  await app.register(crawlersPlugin, {
    publicUrl: config.publicUrl,
    pages: catalogue.pages,
    tools: services.tools.sitemapEntries,
  });
  await app.register(webPlugin, {
    distDir: config.webDistDir,
    publicUrl: config.publicUrl,
    isHttps,
    allowStripe,
    pages: catalogue.pages,
  });

  mailer.start();
  changes.start();
  const stopPaymentWindow = startPaymentWindowJob(services.orders, {
    intervalMs: Math.min(60_000, Math.max(1_000, config.paymentWindowMs / 4)),
    log: logger,
  });
  const stopPruning = startRateLimitPruning(limiter, 60_000, (error) =>
    logger.warn({ err: error }, 'pruning rate-limit counters failed; will retry'),
  );
  app.addHook('onClose', async () => {
    await stopPruning();
    await stopPaymentWindow();
    await mailer.stop();
    await changes.stop();
  });
  const parts: AppParts = {
    services,
    auth,
    mailer,
    limiter,
    changes,
    catalogue,
    customers,
    publicAnswers,
    sessions,
    hashing,
  };
  // Awaiting a thenable Fastify instance yields the same object (after ready), parts included;
  // TypeScript's Awaited<> cannot see that.
  return Object.assign(app, parts) as unknown as Awaited<App>;
}
