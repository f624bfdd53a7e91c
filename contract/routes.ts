import { addressRoutes } from './addresses.ts';
import { auditRoutes } from './audit.ts';
import { type AuthActionName, authActions, authOperationId, isDescribed } from './auth-actions.ts';
import { cartRoutes } from './cart.ts';
import { catalogueCsvRoutes } from './catalogue-csv.ts';
import { categoryRoutes } from './categories.ts';
import type { DescribedOperation, RouteDescriptor } from './common.ts';
import { companyRoutes } from './company-routes.ts';
import { creditNoteRoutes } from './credit-notes.ts';
import { deliveryMethodRoutes } from './delivery-methods.ts';
import { accountInvoiceRoutes } from './invoices-on-account.ts';
import { orderApprovalRoutes } from './order-approvals.ts';
import { orderRoutes } from './order-routes.ts';
import { overviewRoutes } from './overview.ts';
import { paymentTermsRoutes } from './payment-terms.ts';
import { paymentRoutes } from './payments.ts';
import { quickOrderRoutes } from './quick-order.ts';
import { quoteRoutes } from './quote-routes.ts';
import { reviewRoutes } from './reviews.ts';
import { savedListRoutes } from './saved-lists.ts';
import { systemRoutes } from './system.ts';
import { taxRoutes } from './tax.ts';
import { toolRoutes } from './tool-routes.ts';
import { uploadRoutes } from './uploads.ts';
import { userRoutes } from './users.ts';

/** The whole API, one table: the server registers from it and tests walk it. */
export const apiRoutes = {
  tools: toolRoutes,
  categories: categoryRoutes,
  catalogueCsv: catalogueCsvRoutes,
  cart: cartRoutes,
  quickOrder: quickOrderRoutes,
  addresses: addressRoutes,
  lists: savedListRoutes,
  orders: orderRoutes,
  creditNotes: creditNoteRoutes,
  delivery: deliveryMethodRoutes,
  quotes: quoteRoutes,
  orderApprovals: orderApprovalRoutes,
  payments: paymentRoutes,
  reviews: reviewRoutes,
  users: userRoutes,
  system: systemRoutes,
  audit: auditRoutes,
  uploads: uploadRoutes,
  overview: overviewRoutes,
  companies: companyRoutes,
  paymentTerms: paymentTermsRoutes,
  accountInvoices: accountInvoiceRoutes,
  tax: taxRoutes,
} as const;

export function allRoutes(): RouteDescriptor[] {
  return Object.values(apiRoutes).flatMap((group) => Object.values(group) as RouteDescriptor[]);
}

let operationIds: Map<RouteDescriptor, string> | undefined;

/**
 * A route's operationId in the API description: its group and its key, `toolsList`,
 * `ordersNoteRefund`. Stable as long as the table's keys are; a route outside the table has none.
 */
export function operationIdOf(route: RouteDescriptor): string {
  operationIds ??= new Map(
    Object.entries(apiRoutes).flatMap(([group, routes]) =>
      Object.entries(routes).map(([key, described]): [RouteDescriptor, string] => [
        described as RouteDescriptor,
        `${group}${key[0]?.toUpperCase()}${key.slice(1)}`,
      ]),
    ),
  );
  const id = operationIds.get(route);
  if (!id) throw new Error(`${route.method} ${route.path} is not in the contract's route table`);
  return id;
}

/** Every operation the API description describes, by operationId: the table's and the account's. */
export function describedOperations(): Map<string, DescribedOperation> {
  const accountActions = Object.entries(authActions).flatMap(([name, action]) =>
    isDescribed(action) ? [[authOperationId(name as AuthActionName), action] as const] : [],
  );
  return new Map<string, DescribedOperation>([
    ...allRoutes().map((route) => [operationIdOf(route), route] as const),
    ...accountActions,
  ]);
}
