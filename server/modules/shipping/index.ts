/** What other modules use of delivery: the methods as they are now, and the one pure quote. */
export { listMethods as listDeliveryMethods } from './delivery-methods.repo.ts';
export { quoteLines as deliveryOptionsForLines } from './delivery-methods.service.ts';
export { deliveryOptions } from './delivery-quote.ts';
