import { z } from 'zod';
import { IdSchema, MoneySchema, route, TimestampSchema } from './common.ts';
import { OrderStatusSchema } from './orders.ts';

/** The overview's window: this many UTC days, today included. */
export const OVERVIEW_DAYS = 30;
/** How many tools the "top tools" figure names. */
export const TOP_TOOLS_COUNT = 10;
/** A tool is low on stock below its minimum order, or below this many units. */
export const LOW_STOCK_THRESHOLD = 10;
/** How many low-stock tools the overview names (the count of all of them comes along). */
export const LOW_STOCK_SHOWN = 10;

/** A UTC day, `2026-11-23`. */
const DaySchema = z.iso.date();

const RevenueDaySchema = z.object({
  day: DaySchema,
  /** What the orders sold that day came to (by card when paid, on account when invoiced), in minor units. */
  amount: MoneySchema,
  /** How many orders were sold that day. */
  orders: z.int().min(0),
});

const TopToolSchema = z.object({
  toolId: IdSchema,
  /** The tool's name now (its lines keep the name it was ordered under). */
  name: z.string(),
  units: z.int().min(0),
  revenue: MoneySchema,
  /** How many of the window's sold orders carried it. */
  orders: z.int().min(0),
});
export type TopTool = z.infer<typeof TopToolSchema>;

const LowStockToolSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  quantity: z.int().min(0),
  minimumOrder: z.int().min(1),
});
export type LowStockTool = z.infer<typeof LowStockToolSchema>;

export const OverviewSchema = z.object({
  /** The store currency every amount is in. */
  currency: z.string(),
  generatedAt: TimestampSchema,
  revenue: z.object({
    /** The first and last UTC day of the window (today). */
    from: DaySchema,
    to: DaySchema,
    /** The sum of `days`. */
    total: MoneySchema,
    orders: z.int().min(0),
    /** Every day of the window, oldest first, 0 on days with no payment. */
    days: z.array(RevenueDaySchema),
  }),
  /** Every order there is, by its status now: each status once, unpaid first. */
  ordersByStatus: z.array(z.object({ status: OrderStatusSchema, count: z.int().min(0) })),
  /** The tools paid orders of the window brought the most revenue, most first. */
  topTools: z.array(TopToolSchema),
  lowStock: z.object({
    threshold: z.int(),
    /** How many listed tools are low on stock. */
    total: z.int().min(0),
    /** The lowest first (fewest units, then fewest against their minimum order), at most LOW_STOCK_SHOWN. */
    tools: z.array(LowStockToolSchema),
  }),
});
export type Overview = z.infer<typeof OverviewSchema>;

export const overviewRoutes = {
  get: route({
    method: 'GET',
    path: '/overview',
    access: 'admin',
    summary: 'Read the overview',
    description: `The admin overview: revenue per UTC day for the last ${OVERVIEW_DAYS} days (orders paid that day, by the day they were paid, before any refund noted; in the store currency), every order by its status now, the ${TOP_TOOLS_COUNT} tools that brought the most revenue in paid and shipped orders of those days, and the listed tools low on stock (below their minimum order or below ${LOW_STOCK_THRESHOLD} units; the ${LOW_STOCK_SHOWN} lowest, with the count of all).`,
    returns: 'The overview, as of now.',
    tags: ['overview'],
    response: OverviewSchema,
  }),
} as const;
