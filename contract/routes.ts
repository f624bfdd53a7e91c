import { auditRoutes } from './audit.ts';
import { cartRoutes } from './cart.ts';
import type { RouteDescriptor } from './common.ts';
import { orderRoutes } from './order-routes.ts';
import { overviewRoutes } from './overview.ts';
import { paymentRoutes } from './payments.ts';
import { reviewRoutes } from './reviews.ts';
import { systemRoutes } from './system.ts';
import { toolRoutes } from './tool-routes.ts';
import { uploadRoutes } from './uploads.ts';
import { userRoutes } from './users.ts';

/** The whole API, one table: the server registers from it and tests walk it. */
export const apiRoutes = {
  tools: toolRoutes,
  cart: cartRoutes,
  orders: orderRoutes,
  payments: paymentRoutes,
  reviews: reviewRoutes,
  users: userRoutes,
  system: systemRoutes,
  audit: auditRoutes,
  uploads: uploadRoutes,
  overview: overviewRoutes,
} as const;

export function allRoutes(): RouteDescriptor[] {
  return Object.values(apiRoutes).flatMap((group) => Object.values(group) as RouteDescriptor[]);
}
