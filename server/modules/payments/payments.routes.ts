import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { paymentRoutes } from '../../../contract/payments.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { WriteLimit } from '../../http/rate-limit.ts';
import { registerRoute } from '../../http/route.ts';
import type { PaymentsService } from './payments.service.ts';

export function registerPaymentRoutes(
  app: FastifyInstance,
  payments: PaymentsService,
  limitWrites: WriteLimit,
): void {
  registerRoute(app, paymentRoutes.get, async ({ user, params }) =>
    payments.getForPayment(user, params.id),
  );
  registerRoute(app, paymentRoutes.payWithTestCard, async ({ user, params, body }) => {
    await limitWrites(user);
    return payments.payWithTestCard(user, params.id, body);
  });
  registerRoute(app, paymentRoutes.createStripeIntent, async ({ user, params }) => {
    await limitWrites(user);
    return payments.createStripeIntent(user, params.id);
  });
}

/**
 * Stripe's webhook: the signature is checked on the raw bytes with Stripe's own library, so this
 * route keeps its body as a Buffer (its own content-type parser, in its own scope).
 */
export function registerStripeWebhook(
  app: FastifyInstance,
  payments: PaymentsService,
  webhookSecret: string | null,
): void {
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.post('/payments/stripe/webhook', { schema: { hide: true } }, async (request, reply) => {
      if (!webhookSecret) {
        throw notFound('Stripe is not configured on this store.');
      }
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (!Buffer.isBuffer(request.body) || typeof signature !== 'string')
          throw new Error('missing body or signature');
        event = Stripe.webhooks.constructEvent(request.body, signature, webhookSecret);
      } catch (error) {
        request.log.warn({ err: error }, 'refused a Stripe webhook with a bad signature');
        throw badRequest('The webhook signature is not valid.');
      }
      try {
        const outcome = await payments.handleStripeEvent(event);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe event handled');
        return reply.send({ received: true, outcome });
      } catch (error) {
        if (error instanceof AppError && error.status === 503) {
          request.log.warn({ eventId: event.id }, 'Stripe event deferred; Stripe will retry');
        }
        throw error;
      }
    });
  });
}
