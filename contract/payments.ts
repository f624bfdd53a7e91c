import { z } from 'zod';
import { IdParamsSchema, IdSchema, MoneySchema, route } from './common.ts';
import { OrderStatusSchema } from './orders.ts';

/** What the payment page needs to know about an order. */
export const PaymentOrderSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  email: z.string(),
  productName: z.string(),
  orderedNum: z.int(),
  totalAmount: MoneySchema,
  currency: z.string(),
  status: OrderStatusSchema,
  transactionId: z.string().nullable(),
});
export type PaymentOrder = z.infer<typeof PaymentOrderSchema>;

export const paymentRoutes = {
  get: route({
    method: 'GET',
    path: '/payment/:id',
    access: 'user',
    summary: 'The order to pay (owner or admin).',
    tags: ['payments'],
    params: IdParamsSchema,
    response: PaymentOrderSchema,
  }),
} as const;
