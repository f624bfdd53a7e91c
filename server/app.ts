import compress from '@fastify/compress';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { type AppParts, createAppParts } from './app-parts.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { clientErrorHandler } from './http/client-errors.ts';
import { limitConnections } from './http/connection-limits.ts';
import { startRateLimitPruning } from './http/rate-limit.ts';
import { OneLinePerRequest, requestIdFor } from './http/request-log.ts';
import { inRequest } from './logger.ts';
import type { MailTransport } from './mail/transport.ts';
import { registerAddressRoutes } from './modules/addresses/addresses.routes.ts';
import { registerAuditRoutes } from './modules/audit/audit.routes.ts';
import { registerCartRoutes } from './modules/cart/cart.routes.ts';
import { registerCatalogueCsvRoutes } from './modules/catalogue-csv/catalogue-csv.routes.ts';
import { registerCategoryRoutes } from './modules/categories/categories.routes.ts';
import { registerCompanyRoutes } from './modules/companies/companies.routes.ts';
import { registerOrderRoutes } from './modules/orders/orders.routes.ts';
import { startPaymentWindowJob } from './modules/orders/payment-window.ts';
import { registerOverviewRoutes } from './modules/overview/overview.routes.ts';
import {
  registerPaymentRoutes,
  registerStripeWebhook,
} from './modules/payments/payments.routes.ts';
import { registerQuickOrderRoutes } from './modules/quick-order/quick-order.routes.ts';
import { registerQuoteRoutes } from './modules/quotes/quotes.routes.ts';
import { registerReviewRoutes } from './modules/reviews/reviews.routes.ts';
import { registerSavedListRoutes } from './modules/saved-lists/saved-lists.routes.ts';
import { registerDeliveryMethodRoutes } from './modules/shipping/delivery-methods.routes.ts';
import { registerSystemRoutes } from './modules/system/system.routes.ts';
import { registerTaxRoutes } from './modules/tax/tax.routes.ts';
import { startInvoiceReminderJob } from './modules/terms/invoice-reminders.ts';
import { registerAccountInvoiceRoutes, registerTermsRoutes } from './modules/terms/terms.routes.ts';
import { registerToolRoutes } from './modules/tools/tools.routes.ts';
import { registerUploadFiles, registerUploadRoutes } from './modules/uploads/uploads.routes.ts';
import { registerUserRoutes } from './modules/users/users.routes.ts';
import { createMetrics, registerMetrics } from './ops/metrics.ts';
import { authPlugin } from './plugins/auth.ts';
import { crawlersPlugin } from './plugins/crawlers.ts';
import { errorHandlerPlugin, problem, sendProblem } from './plugins/error-handler.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { securityHeaders, securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';

declare module 'fastify' {
  /** The app's parts, decorated on the root instance: every plugin and route sees them. */
  interface FastifyInstance extends AppParts {}
}

export type AppConfig = Pick<
  Config,
  | 'publicUrl'
  | 'trustedOrigins'
  | 'sessionSecret'
  | 'storeName'
  | 'currency'
  | 'storeTimeZone'
  | 'adminEmails'
  | 'socialLinks'
  | 'webDistDir'
  | 'dataDir'
  | 'smtpUrl'
  | 'mailFrom'
  | 'google'
  | 'rateLimits'
  | 'stripe'
  | 'isTestModeAnnounced'
  | 'paymentWindowMs'
  | 'invoicing'
  | 'unpaidCaps'
  | 'trustProxy'
  | 'passwordHashing'
  | 'http'
  | 'uploads'
  | 'metricsToken'
>;

export interface AppDeps {
  config: AppConfig;
  database: Database;
  logger: Logger;
  /** Where mail goes; by default SMTP_URL, or the outbox folder under DATA_DIR. */
  mailTransport?: MailTransport;
}

/** The app, with the parts tests and jobs reach into (decorations, see AppParts). */
export type App = FastifyInstance;

/**
 * Fastify's option for TRUST_PROXY. A hop count trusts the nearest N hops, the socket's peer
 * included (Fastify itself no longer takes a count): right only when clients cannot reach the
 * store but through those proxies, which the README says.
 */
function proxyTrust(trust: AppConfig['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** How often each instance looks for invoices on account to remind (each reminded once a day at most). */
const INVOICE_REMINDER_INTERVAL_MS = 10 * 60_000;

/** Builds the whole app from its parts; reads no environment and listens on nothing. */
export async function buildApp({ config, database, logger, mailTransport }: AppDeps): Promise<App> {
  const isHttps = config.publicUrl.startsWith('https://');
  const allowStripe = config.stripe !== null;
  const { parts, wiring } = createAppParts(config, database, logger, mailTransport);
  const {
    publicAnswers,
    services,
    auth,
    signUps,
    sessions,
    hashing,
    limiter,
    catalogue,
    customers,
  } = parts;
  const { mailer, changes } = parts;
  const { limitWrites, limitUploads, limitReviews, limitQuotes, limitStatements, publicConfig } =
    wiring;
  const app = Fastify({
    serverFactory: publicAnswers.serverFactory,
    loggerInstance: logger as FastifyBaseLogger,
    logController: new OneLinePerRequest(),
    genReqId: requestIdFor(config.trustProxy),
    // A request that reaches a draining instance on a connection accepted before its listener
    // closed is served (with Connection: close), not refused with a bare 503: the proxy sent it
    // there, and a POST refused then would fail for its client (docs/decisions/039).
    return503OnClosing: false,
    bodyLimit: 64 * 1024,
    // Only the configured proxies may name the client's address (TRUST_PROXY); by default the
    // socket's address counts, whatever X-Forwarded-For says.
    trustProxy: proxyTrust(config.trustProxy),
    // A request must arrive whole within the time-out (a client sending a byte every few seconds is
    // cut off), its headers sooner. Node checks every second, so the cut comes within a second of
    // the limit. Idle keep-alive connections stay open 5 s, or longer than load balancers keep
    // theirs behind a proxy (config.ts); under pressure the connection caps close idle ones first.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(15_000, config.http.requestTimeoutMs),
      connectionsCheckingInterval: 1_000,
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
    // Requests Node's parser refuses before routing are answered as problems too.
    clientErrorHandler: clientErrorHandler(securityHeaders({ isHttps, allowStripe })),
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
  for (const [name, part] of Object.entries(parts)) app.decorate(name as keyof AppParts, part);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  limitConnections(app.server, config.http);
  app.addHook('onRequest', (request, reply, done) => {
    // The id in every log line this request causes (whichever logger writes it), and in its
    // answer, for whoever reports a problem with it.
    reply.header('x-request-id', request.id);
    inRequest(request.id, done);
  });
  // While this instance drains, every answer closes its connection, those under way when the
  // drain began too: the proxy's kept-alive connections end one by one, before the listener
  // closes, instead of racing its close, and none keeps the shutdown waiting for its keep-alive.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (parts.readiness.isDraining) reply.header('connection', 'close');
    done(null, payload);
  });
  // Node closes the idle connections once, as the listener closes; one whose answer was still
  // being written then is closed as soon as it is idle too, not a keep-alive later.
  app.addHook('preClose', (done) => {
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100).unref();
    app.server.once('close', () => clearInterval(closeIdle));
    done();
  });
  // Before every plugin, so that its hook counts the requests of all their routes.
  registerMetrics(app, createMetrics(parts, database.pool), config.metricsToken);

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
    signUps,
    sessions,
    db: database.db,
    hashing,
    googleSignIn: config.google !== null,
    publicUrl: config.publicUrl,
    limiter,
    limits: {
      perIp: config.rateLimits.authPerIp,
      perEmail: config.rateLimits.authPerEmail,
      mailPerEmail: config.rateLimits.mailPerEmail,
    },
    isDatabaseUp: wiring.isDatabaseUp,
  });

  await app.register(
    async (api: FastifyInstance) => {
      await registerUploadRoutes(api, services.uploads, {
        maxBytes: config.uploads.maxBytes,
        limitUploads,
      });
      registerToolRoutes(api, services.tools, catalogue.responses);
      await registerCatalogueCsvRoutes(api, services.catalogueCsv);
      registerCategoryRoutes(api, services.categories, services.attributes, catalogue.responses);
      registerCartRoutes(api, services.cart, { writes: limitWrites, quotes: limitQuotes });
      registerQuickOrderRoutes(api, services.quickOrder, {
        writes: limitWrites,
        quotes: limitQuotes,
      });
      registerAddressRoutes(api, services.addresses, limitWrites);
      registerDeliveryMethodRoutes(api, services.deliveryMethods);
      registerSavedListRoutes(api, services.savedLists, limitWrites);
      registerOrderRoutes(api, services.orders, {
        limitWrites,
        customerAnswers: customers.answers,
      });
      registerQuoteRoutes(api, services.quotes, limitWrites);
      registerReviewRoutes(api, services.reviews, { writes: limitWrites, reviews: limitReviews });
      registerUserRoutes(api, services.users);
      registerOverviewRoutes(api, services.overview);
      registerPaymentRoutes(api, services.payments, limitWrites);
      registerStripeWebhook(api, services.payments, config.stripe?.webhookSecret ?? null);
      registerSystemRoutes(api, database.db, publicConfig, parts.readiness);
      registerAuditRoutes(api, database.db);
      registerCompanyRoutes(
        api,
        { companies: services.companies, invitations: services.invitations, db: database.db },
        limitWrites,
      );
      registerTermsRoutes(api, services.terms, limitWrites);
      registerTaxRoutes(api, services.tax, limitWrites);
      registerAccountInvoiceRoutes(api, services.accountInvoices, limitStatements);
    },
    { prefix: '/api' },
  );

  registerUploadFiles(app, services.uploads);
  await app.register(crawlersPlugin, {
    publicUrl: config.publicUrl,
    pages: catalogue.pages,
    tools: services.tools.sitemapEntries,
    categories: services.categories.sitemapEntries,
  });
  await app.register(webPlugin, {
    distDir: config.webDistDir,
    publicUrl: config.publicUrl,
    isHttps,
    allowStripe,
    pages: catalogue.pages,
    renders: parts.renders,
    toolExists: services.tools.exists,
    categoryExists: services.categories.slugExists,
  });

  mailer.start();
  changes.start();
  const stopPaymentWindow = startPaymentWindowJob(services.orders, {
    intervalMs: Math.min(60_000, Math.max(1_000, config.paymentWindowMs / 4)),
    log: logger,
  });
  const stopReminders = startInvoiceReminderJob(database.db, {
    mailer,
    storeName: config.storeName,
    publicUrl: config.publicUrl,
    currency: config.currency,
    intervalMs: INVOICE_REMINDER_INTERVAL_MS,
    log: logger,
  });
  const stopPruning = startRateLimitPruning(limiter, 60_000, (error) =>
    logger.warn({ err: error }, 'pruning rate-limit counters failed; will retry'),
  );
  app.addHook('onClose', async () => {
    await stopPruning();
    await stopPaymentWindow();
    await stopReminders();
    await mailer.stop();
    await changes.stop();
  });
  return app;
}
