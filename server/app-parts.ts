import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { PublicConfig } from '../contract/system.ts';
import type { AppConfig } from './app.ts';
import { type Auth, createAuth } from './auth/auth.ts';
import { createPasswordHashing, type PasswordHashing } from './auth/password-hashing.ts';
import { createSignUps, type SignUps } from './auth/sign-ups.ts';
import {
  CATALOGUE_CHANNEL,
  type CatalogueCache,
  createCatalogueCache,
} from './cache/catalogue-cache.ts';
import { type ChangeFeed, createChangeFeed } from './cache/change-feed.ts';
import {
  type CustomerCache,
  createCustomerCache,
  customerSubject,
  ORDERS_CHANNEL,
} from './cache/customer-cache.ts';
import { createDestinationCache, DESTINATIONS_CHANNEL } from './cache/destination-cache.ts';
import { createSessionCache, SESSIONS_CHANNEL, type SessionCache } from './cache/session-cache.ts';
import type { RateLimitRule } from './config.ts';
import { profileLinkLabel } from './config-values.ts';
import type { Database } from './db/client.ts';
import type { AppError } from './errors.ts';
import { addressSubject } from './http/client-address.ts';
import {
  createPublicAnswers,
  type PublicAnswers,
  type RefusedPage,
} from './http/public-answers.ts';
import {
  type AddressLimit,
  createRateLimiter,
  type RateLimiter,
  type WriteLimit,
} from './http/rate-limit.ts';
import { createRenderLimits, type RenderLimits } from './http/render-limits.ts';
import { requestIdFor } from './http/request-log.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { type MailTransport, outboxTransport, smtpTransport } from './mail/transport.ts';
import {
  type AddressesService,
  createAddressesService,
} from './modules/addresses/addresses.service.ts';
import { type CartService, createCartService } from './modules/cart/cart.service.ts';
import {
  type CatalogueCsvService,
  createCatalogueCsvService,
} from './modules/catalogue-csv/catalogue-csv.service.ts';
import {
  type AttributesService,
  createAttributesService,
} from './modules/categories/attributes.service.ts';
import {
  type CategoriesService,
  createCategoriesService,
} from './modules/categories/categories.service.ts';
import {
  type CompaniesService,
  createCompaniesService,
} from './modules/companies/companies.service.ts';
import {
  createInvitationsService,
  type InvitationsService,
} from './modules/companies/invitations.service.ts';
import { createOrderEvents, type OrderEvents } from './modules/orders/order-events.ts';
import { createOrdersService, type OrdersService } from './modules/orders/orders.service.ts';
import {
  createOverviewService,
  type OverviewService,
} from './modules/overview/overview.service.ts';
import {
  createPaymentsService,
  type PaymentsService,
} from './modules/payments/payments.service.ts';
import { createRefundSender } from './modules/payments/refund-sender.ts';
import { createStripeClient } from './modules/payments/stripe-client.ts';
import {
  createQuickOrderService,
  type QuickOrderService,
} from './modules/quick-order/quick-order.service.ts';
import { createQuotesService, type QuotesService } from './modules/quotes/quotes.service.ts';
import { createReviewsService, type ReviewsService } from './modules/reviews/reviews.service.ts';
import {
  createSavedListsService,
  type SavedListsService,
} from './modules/saved-lists/saved-lists.service.ts';
import {
  createDeliveryMethodsService,
  type DeliveryMethodsService,
} from './modules/shipping/delivery-methods.service.ts';
import { createTaxService, type TaxService } from './modules/tax/tax.service.ts';
import {
  type AccountInvoicesService,
  createAccountInvoicesService,
} from './modules/terms/account-invoices.service.ts';
import { createTermsService, type TermsService } from './modules/terms/terms.service.ts';
import { createCatalogueIndex } from './modules/tools/catalogue-index.ts';
import { createToolCache } from './modules/tools/tool-cache.ts';
import { createToolsService, type ToolsService } from './modules/tools/tools.service.ts';
import {
  createUploadStore,
  createUploadsService,
  type UploadsService,
} from './modules/uploads/uploads.service.ts';
import { createUsersService, type UsersService } from './modules/users/users.service.ts';
import { createReadiness, type Readiness } from './ops/readiness.ts';
import { problem } from './plugins/error-handler.ts';
import { everyResponseHeaders } from './plugins/security.ts';

/** What the app is made of besides Fastify: each is a decoration of the app (see app.ts). */
export interface AppParts {
  services: {
    tools: ToolsService;
    categories: CategoriesService;
    attributes: AttributesService;
    catalogueCsv: CatalogueCsvService;
    orders: OrdersService;
    reviews: ReviewsService;
    users: UsersService;
    cart: CartService;
    quickOrder: QuickOrderService;
    quotes: QuotesService;
    payments: PaymentsService;
    uploads: UploadsService;
    overview: OverviewService;
    companies: CompaniesService;
    terms: TermsService;
    tax: TaxService;
    accountInvoices: AccountInvoicesService;
    invitations: InvitationsService;
    addresses: AddressesService;
    deliveryMethods: DeliveryMethodsService;
    savedLists: SavedListsService;
  };
  auth: Auth;
  signUps: SignUps;
  mailer: Mailer;
  limiter: RateLimiter;
  changes: ChangeFeed;
  catalogue: CatalogueCache;
  customers: CustomerCache;
  publicAnswers: PublicAnswers;
  sessions: SessionCache;
  hashing: PasswordHashing;
  /** What happens after orders change (order-events.ts): the hook every order transition uses. */
  orderEvents: OrderEvents;
  /** Page renders the page cache could not spare: a gate, and limits per client address. */
  renders: RenderLimits;
  /** Whether this instance should be sent requests (GET /api/ready); off once it shuts down. */
  readiness: Readiness;
}

/** What the routes are given besides the parts: their limits and the configuration browsers read. */
export interface RouteWiring {
  limitWrites: WriteLimit;
  limitUploads: WriteLimit;
  /** A customer's review posted or edited: a daily cap. */
  limitReviews: WriteLimit;
  limitQuotes: AddressLimit;
  /** A statement of account drawn: each is read and drawn afresh. */
  limitStatements: WriteLimit;
  publicConfig: PublicConfig;
  isDatabaseUp: () => Promise<boolean>;
}

/**
 * Makes the app's parts from its configuration: services, caches, the change feed that keeps every
 * instance's caches true, the mailer and the limiter. Starts nothing (buildApp does).
 */
export function createAppParts(
  config: AppConfig,
  database: Database,
  logger: Logger,
  mailTransport: MailTransport | undefined,
): { parts: AppParts; wiring: RouteWiring } {
  const isHttps = config.publicUrl.startsWith('https://');
  const renders = createRenderLimits({
    perAddress: config.rateLimits.enabled ? config.rateLimits.rendersPerIp : null,
  });
  const publicAnswers = createPublicAnswers({
    baseHeaders: everyResponseHeaders({ isHttps, allowStripe: config.stripe !== null }),
    log: logger,
    requestId: requestIdFor(config.trustProxy),
    // Behind proxies the socket's address is a proxy's, which the render limits never count.
    pageRefusal:
      config.trustProxy === false
        ? (address) => refusedPage(renders.refusalFor(address))
        : undefined,
    isDraining: () => readiness.isDraining,
  });
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
  const signUps = createSignUps(config, { db, mailer, log: logger, hashing });
  /** A limit per signed-in user on one kind of write, each with its own counter and sentence. */
  const perUser =
    (key: string, limit: RateLimitRule, message: string): WriteLimit =>
    async (user) => {
      await limiter.hit(key, user.id, limit, message);
    };
  const limitWrites = perUser(
    'w',
    config.rateLimits.writesPerUser,
    'You are doing that too often.',
  );
  const limitReviews = perUser(
    'rv',
    config.rateLimits.reviewsPerUser,
    'You have changed your review often today. Please come back tomorrow.',
  );
  const limitUploads = perUser('up', config.uploads.perUser, 'You are uploading files too often.');
  const limitStatements = perUser(
    'st',
    config.rateLimits.statementsPerUser,
    'You have asked for many statements lately. Please wait a few minutes.',
  );
  const limitQuotes: AddressLimit = async (address) => {
    await limiter.hit('q:ip', addressSubject(address), config.rateLimits.quotesPerIp);
  };
  const categories = createCategoriesService(db, { onChange: () => catalogue.heard('all') });
  const catalogueIndex = createCatalogueIndex(db, { readShape: categories.shape });
  const toolCache = createToolCache();
  const sessions = createSessionCache();
  const customers = createCustomerCache();
  const destinations = createDestinationCache();
  const catalogue = createCatalogueCache((change) => {
    if (change === 'all') catalogueIndex.invalidate();
    if (change === 'stock') catalogueIndex.stockChanged();
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
      [DESTINATIONS_CHANNEL]: destinations.heard,
    },
    onLiveChange: (isLive) => {
      catalogue.setEnabled(isLive);
      catalogueIndex.setLive(isLive);
      toolCache.setEnabled(isLive);
      sessions.setEnabled(isLive);
      customers.answers.setEnabled(isLive);
      destinations.setEnabled(isLive);
    },
  });
  // Each change is announced once. The database's triggers announce changes to tools, sessions and
  // orders to every instance; the app announces only what no trigger sees (stock taken by an order,
  // a new order, reviews) and, for its own changes, forgets at once what this instance holds.
  const announceCatalogue = (change: 'stock' | 'reviews') =>
    changes.announce(CATALOGUE_CHANNEL, change);
  const orderEvents = createOrderEvents({
    nudgeMail: () => mailer.nudge(),
    forgetCustomer: (userId) => customers.heard(customerSubject(userId)),
    announceNewOrder: (userId) => changes.announce(ORDERS_CHANNEL, customerSubject(userId)),
    announceStockTaken: () => announceCatalogue('stock'),
    stockReturned: () => catalogue.heard('stock'),
  });
  const attributes = createAttributesService(db, { onChange: () => catalogue.heard('all') });
  const cart = createCartService(db, { currency: config.currency });
  const uploads = createUploadsService(createUploadStore(config.uploads.storage));
  const stripeClient = config.stripe ? createStripeClient(config.stripe) : null;
  const orders = createOrdersService(db, {
    currency: config.currency,
    mailer,
    storeName: config.storeName,
    publicUrl: config.publicUrl,
    invoicing: config.invoicing,
    paymentWindowMs: config.paymentWindowMs,
    unpaidCaps: config.unpaidCaps,
    storeTimeZone: config.storeTimeZone,
    destinations,
    events: orderEvents,
    sendRefund: createRefundSender(stripeClient),
  });
  const services = {
    tools: createToolsService(db, {
      index: catalogueIndex,
      toolCache,
      onChange: catalogue.heard,
      defaultBrand: config.storeName,
      specsOf: attributes.specsOf,
      documentSize: uploads.documentSize,
    }),
    categories,
    attributes,
    catalogueCsv: createCatalogueCsvService(db, {
      currency: config.currency,
      outline: attributes.outline,
      onChange: () => catalogue.heard('all'),
    }),
    orders,
    quotes: createQuotesService(db, {
      currency: config.currency,
      timeZone: config.storeTimeZone,
      destinations,
      mailer,
      storeName: config.storeName,
      publicUrl: config.publicUrl,
      orders,
    }),
    reviews: createReviewsService(db, {
      // A tool's review changes its rating: the trigger on reviews tells the other instances.
      onChange: (about) =>
        about === 'tool' ? catalogue.heard('all') : announceCatalogue('reviews'),
    }),
    users: createUsersService(db, { onUserChanged: sessions.forgetUser }),
    cart,
    quickOrder: createQuickOrderService(db, { currency: config.currency, addToCart: cart.merge }),
    overview: createOverviewService(db, { currency: config.currency }),
    payments: createPaymentsService(db, {
      mailer,
      invoicing: config.invoicing,
      storeName: config.storeName,
      publicUrl: config.publicUrl,
      events: orderEvents,
      stripe:
        config.stripe && stripeClient
          ? { client: stripeClient, publishableKey: config.stripe.publishableKey }
          : null,
    }),
    uploads,
    companies: createCompaniesService(db),
    terms: createTermsService(db, { currency: config.currency }),
    tax: createTaxService(db, { invoicing: config.invoicing, destinations }),
    accountInvoices: createAccountInvoicesService(db, {
      currency: config.currency,
      seller: config.invoicing.seller,
      readOrder: orders.get,
    }),
    invitations: createInvitationsService(db, {
      mailer,
      storeName: config.storeName,
      publicUrl: config.publicUrl,
      limitMail: async (address) => {
        await limiter.hit(
          'mail:em',
          address,
          config.rateLimits.mailPerEmail,
          'This address was sent several emails lately.',
        );
      },
    }),
    addresses: createAddressesService(db),
    deliveryMethods: createDeliveryMethodsService(db, {
      timeZone: config.storeTimeZone,
      destinations,
    }),
    savedLists: createSavedListsService(db, {
      cartLinesOf: async (user) =>
        (await cart.get(user)).lines.map(({ toolId, quantity }) => ({ toolId, quantity })),
      addToCart: cart.merge,
    }),
  };
  const publicConfig: PublicConfig = {
    storeName: config.storeName,
    currency: config.currency,
    country: config.invoicing.sellerCountry,
    signIn: { emailPassword: true, google: config.google !== null },
    socialLinks: config.socialLinks.map((url) => ({ label: profileLinkLabel(url), url })),
    payments: config.stripe
      ? {
          provider: 'stripe',
          publishableKey: config.stripe.publishableKey,
          isTestModeAnnounced: false,
        }
      : { provider: 'test', publishableKey: null, isTestModeAnnounced: config.isTestModeAnnounced },
    unpaid: {
      ordersMax: config.unpaidCaps.orders,
      stockSharePercent: config.unpaidCaps.stockSharePercent,
      paymentWindowHours: config.paymentWindowMs / 3_600_000,
    },
  };
  const readiness = createReadiness({
    pool: database.pool,
    isChangeFeedLive: () => changes.isLive,
  });
  const isDatabaseUp = () =>
    db.execute(sql`select 1`).then(
      () => true,
      () => false,
    );
  return {
    parts: {
      services,
      auth,
      signUps,
      mailer,
      limiter,
      changes,
      catalogue,
      customers,
      publicAnswers,
      sessions,
      hashing,
      orderEvents,
      renders,
      readiness,
    },
    wiring: {
      limitWrites,
      limitUploads,
      limitReviews,
      limitQuotes,
      limitStatements,
      publicConfig,
      isDatabaseUp,
    },
  };
}

/** A refusal as the error handler would send it (a problem), ready to send before routing. */
function refusedPage(error: AppError | undefined): RefusedPage | undefined {
  if (!error) return undefined;
  return {
    status: error.status,
    headers: {
      ...error.headers,
      'content-type': 'application/problem+json; charset=utf-8',
      'cache-control': 'no-store',
    },
    body: JSON.stringify(problem(error.status, error.code, error.message)),
  };
}
