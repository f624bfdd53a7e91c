/**
 * The database schema, one file per part of the store under schema/. This file is the whole of it
 * as one module: what drizzle-kit generates migrations from (drizzle.config.ts) and what the
 * client is built with (client.ts).
 */
export * from './schema/accounts.ts';
export * from './schema/catalogue.ts';
export * from './schema/companies.ts';
export * from './schema/operations.ts';
export * from './schema/orders.ts';
export * from './schema/payments.ts';
export * from './schema/quotes.ts';
export * from './schema/shipping.ts';
export * from './schema/tax.ts';
export * from './schema/terms.ts';
