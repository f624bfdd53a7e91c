import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { PublicConfig } from '../contract/system.ts';
import { createAuth } from './auth/auth.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerOrderRoutes } from './modules/orders/orders.routes.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { registerReviewRoutes } from './modules/reviews/reviews.routes.ts';
import { createReviewsService } from './modules/reviews/reviews.service.ts';
import { registerSystemRoutes } from './modules/system/system.routes.ts';
import { registerToolRoutes } from './modules/tools/tools.routes.ts';
import { createToolsService } from './modules/tools/tools.service.ts';
import { registerUserRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { securityPlugin } from './plugins/security.ts';
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
>;

export interface AppDeps {
  config: AppConfig;
  database: Database;
  logger: Logger;
}

/** Builds the whole app from its parts; reads no environment and listens on nothing. */
export async function buildApp({ config, database, logger }: AppDeps) {
  const app = Fastify({
    loggerInstance: logger,
    bodyLimit: 64 * 1024,
    trustProxy: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db } = database;
  const auth = createAuth(config, db, logger);
  const services = {
    tools: createToolsService(db),
    orders: createOrdersService(db, { currency: config.currency }),
    reviews: createReviewsService(db),
    users: createUsersService(db),
  };
  const publicConfig: PublicConfig = {
    storeName: config.storeName,
    currency: config.currency,
    signIn: { emailPassword: true, google: false },
    payments: { provider: 'test', publishableKey: null },
  };

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, {
    trustedOrigins: config.trustedOrigins,
    isHttps: config.publicUrl.startsWith('https://'),
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(openApiPlugin, { storeName: config.storeName, publicUrl: config.publicUrl });
  await app.register(authPlugin, { auth, publicUrl: config.publicUrl });

  await app.register(
    async (api: FastifyInstance) => {
      registerToolRoutes(api, services.tools);
      registerOrderRoutes(api, services.orders);
      registerReviewRoutes(api, services.reviews);
      registerUserRoutes(api, services.users);
      registerSystemRoutes(api, db, publicConfig);
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { distDir: config.webDistDir });
  return Object.assign(app, { services, auth });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
