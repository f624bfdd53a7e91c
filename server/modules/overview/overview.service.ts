import { ORDER_STATUSES } from '../../../contract/orders.ts';
import {
  LOW_STOCK_SHOWN,
  LOW_STOCK_THRESHOLD,
  OVERVIEW_DAYS,
  type Overview,
  TOP_TOOLS_COUNT,
} from '../../../contract/overview.ts';
import type { Db } from '../../db/client.ts';
import * as repo from './overview.repo.ts';

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a moment, in UTC. */
const utcDay = (moment: Date) => moment.toISOString().slice(0, 10);

/** The window ending today (UTC), `days` long, today included. */
export function overviewWindow(now: Date, days = OVERVIEW_DAYS): { from: string; to: string } {
  return { from: utcDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: utcDay(now) };
}

export function createOverviewService(db: Db, options: { currency: string }) {
  const { currency } = options;
  return {
    /**
     * The figures, read at once on separate connections: each query is short and uses its own
     * index, so the answer takes about as long as the slowest one.
     */
    async get(now = new Date()): Promise<Overview> {
      const window = overviewWindow(now);
      const [days, statuses, top, low] = await Promise.all([
        repo.revenueByDay(db, { ...window, currency }),
        repo.countByStatus(db),
        repo.topTools(db, { from: window.from, currency, limit: TOP_TOOLS_COUNT }),
        repo.lowStock(db, { threshold: LOW_STOCK_THRESHOLD, limit: LOW_STOCK_SHOWN }),
      ]);
      return {
        currency,
        generatedAt: now.toISOString(),
        revenue: {
          ...window,
          total: days.reduce((sum, day) => sum + day.amount, 0),
          orders: days.reduce((sum, day) => sum + day.orders, 0),
          days,
        },
        ordersByStatus: ORDER_STATUSES.map((status) => ({
          status,
          count: statuses.get(status) ?? 0,
        })),
        topTools: top,
        lowStock: {
          threshold: LOW_STOCK_THRESHOLD,
          total: low.total,
          tools: low.tools.map(({ id, ...tool }) => ({ _id: id, ...tool })),
        },
      };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
