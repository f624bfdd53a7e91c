import type {
  CreateDeliveryMethodBody,
  DeliveryMethod,
  DeliveryOption,
  UpdateDeliveryMethodBody,
} from '../../../contract/delivery-methods.ts';
import type { DestinationCache } from '../../cache/destination-cache.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import * as repo from './delivery-methods.repo.ts';
import { deliveryOptions } from './delivery-quote.ts';

const methodNotFound = () => notFound('No delivery method with this id.');

/**
 * The options an order of these lines has to `country`, cheapest first, at the prices agreed for
 * a tool (a quote's offer) or else as placement prices them; the same quote placement makes
 * again (decision 062). A line whose tool is not in the catalogue is refused (404).
 */
export async function quoteLines(
  tx: Tx,
  kept: DestinationCache,
  timeZone: string,
  country: string,
  lines: readonly { toolId: string; quantity: number }[],
  agreedPrices?: ReadonlyMap<string, number>,
): Promise<DeliveryOption[]> {
  const [methods, { measure, missing }] = await Promise.all([
    kept.methods(() => repo.listMethods(tx)),
    repo.linesMeasureOf(tx, lines, agreedPrices),
  ]);
  if (missing.length > 0)
    throw notFound('This tool is not in the catalogue (never added, or deleted).');
  return deliveryOptions(methods, country, measure, { now: new Date(), timeZone });
}

/**
 * Delivery methods: the admin's list and changes (each audited in its transaction), and the
 * options a buyer's cart is quoted, read in the store's time zone on the database's clock.
 */
export function createDeliveryMethodsService(
  db: Db,
  options: { timeZone: string; destinations: DestinationCache },
) {
  const { destinations } = options;
  return {
    list(): Promise<DeliveryMethod[]> {
      return repo.listMethods(db);
    },

    create(body: CreateDeliveryMethodBody, actor: AuditActor): Promise<DeliveryMethod> {
      return destinations.changing(
        db.transaction(async (tx) => {
          const method = await repo.insertMethod(tx, body);
          await recordAudit(tx, actor, {
            action: 'delivery_method.created',
            target: { type: 'delivery_method', id: method._id, label: method.name },
            details: { fields: body },
          });
          return method;
        }),
      );
    },

    update(
      id: string,
      changes: UpdateDeliveryMethodBody,
      actor: AuditActor,
    ): Promise<DeliveryMethod> {
      return destinations.changing(
        db.transaction(async (tx) => {
          const method = await repo.updateMethod(tx, id, changes);
          if (!method) throw methodNotFound();
          await recordAudit(tx, actor, {
            action: 'delivery_method.updated',
            target: { type: 'delivery_method', id, label: method.name },
            details: { changes },
          });
          return method;
        }),
      );
    },

    remove(id: string, actor: AuditActor): Promise<{ deletedCount: number }> {
      return destinations.changing(
        db.transaction(async (tx) => {
          const method = await repo.deleteMethod(tx, id);
          if (!method) throw methodNotFound();
          await recordAudit(tx, actor, {
            action: 'delivery_method.deleted',
            target: { type: 'delivery_method', id, label: method.name },
          });
          return { deletedCount: 1 };
        }),
      );
    },

    /** The options the caller's cart has to `country`, cheapest first. */
    async optionsForCart(user: SessionUser, country: string): Promise<DeliveryOption[]> {
      const [methods, cart] = await Promise.all([
        destinations.methods(() => repo.listMethods(db)),
        repo.cartMeasureOf(db, user.id),
      ]);
      return deliveryOptions(methods, country, cart, {
        now: new Date(),
        timeZone: options.timeZone,
      });
    },

    /** The options an order of `quantity` units of one tool (buy now) has to `country`. */
    async optionsForTool(toolId: string, quantity: number, country: string) {
      return quoteLines(db, destinations, options.timeZone, country, [{ toolId, quantity }]);
    },
  };
}

export type DeliveryMethodsService = ReturnType<typeof createDeliveryMethodsService>;
