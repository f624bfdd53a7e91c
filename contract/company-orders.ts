import { z } from 'zod';
import { IdSchema } from './common.ts';
import { OrderStatusSchema } from './orders.ts';

/** The most orders one page of the company's list holds. */
const COMPANY_ORDERS_PAGE_MAX = 100;
const COMPANY_ORDERS_PAGE = 20;

/** The company's orders: whose (a member's account id), a status, a page. */
export const ListCompanyOrdersQuerySchema = z.strictObject({
  buyer: IdSchema.optional(),
  status: OrderStatusSchema.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(COMPANY_ORDERS_PAGE_MAX, { error: `Must be at most ${COMPANY_ORDERS_PAGE_MAX}.` })
    .default(COMPANY_ORDERS_PAGE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ListCompanyOrdersQuery = z.output<typeof ListCompanyOrdersQuerySchema>;
