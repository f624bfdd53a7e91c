import type { Logger } from 'pino';
import { startPeriodicJob } from '../../periodic-job.ts';
import type { OrdersService } from './orders.service.ts';

/**
 * Every `intervalMs`, cancels the unpaid orders past their payment deadline and returns their
 * stock (OrdersService.cancelOverdue; with several instances each order exactly once). Returns a
 * stop function that waits for a run in progress.
 */
export function startPaymentWindowJob(
  orders: OrdersService,
  options: { intervalMs: number; log: Logger },
): () => Promise<void> {
  return startPeriodicJob(
    async () => {
      const cancelled = await orders.cancelOverdue();
      if (cancelled.length > 0)
        options.log.info(
          { orders: cancelled.map((order) => order.number) },
          'cancelled unpaid orders past the payment window',
        );
    },
    options.intervalMs,
    (error) => options.log.warn({ err: error }, 'payment window job failed; will retry'),
  );
}
