import type { QuickOrderCheck } from '#contract/quick-order.ts';
import { callApi } from '#web/lib/api-client.ts';
import { apiRoutes } from '#web/lib/api-routes.ts';

/** Matches a list of part numbers to the catalogue and explains each row; stores nothing. */
export function checkQuickOrder(text: string): Promise<QuickOrderCheck> {
  return callApi(apiRoutes.quickOrder.check, { body: { text } });
}
