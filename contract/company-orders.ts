import { z } from 'zod';
import { IdSchema, pageFields } from './common.ts';
import { OrderStatusSchema } from './orders.ts';

/** The most orders one page of the company's list holds. */
const COMPANY_ORDERS_PAGE_MAX = 100;
const COMPANY_ORDERS_PAGE = 20;

/** The company's orders: whose (a member's account id), a status, a page. */
export const ListCompanyOrdersQuerySchema = z.strictObject({
  buyer: IdSchema.optional(),
  status: OrderStatusSchema.optional(),
  ...pageFields({ max: COMPANY_ORDERS_PAGE_MAX, fallback: COMPANY_ORDERS_PAGE }),
});
export type ListCompanyOrdersQuery = z.output<typeof ListCompanyOrdersQuerySchema>;
