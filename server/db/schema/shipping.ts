import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PRICE_BASES, type PriceBand } from '../../../contract/delivery-methods.ts';
import { timestamps } from './columns.ts';
import { orders } from './orders.ts';

/**
 * How orders travel (docs/decisions/057): the delivery methods admins define. A method serves the
 * countries it names; its price is the band of the order's weight or value (free above
 * `free_above` when set); it promises delivery `working_days` after dispatch, which is the same
 * working day before `cut_off_time` in the store's time zone.
 */
export const deliveryMethods = pgTable(
  'delivery_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** ISO 3166-1 alpha-2 codes, upper case, sorted. */
    countries: text('countries').array().notNull(),
    /** weight | value: what the bands measure (grams, or the goods' total in minor units). */
    priceBasis: text('price_basis', { enum: PRICE_BASES }).notNull(),
    /** `[{upTo, price}]`, rising; the last may have `upTo` null (contract/delivery-methods.ts). */
    bands: jsonb('bands').$type<PriceBand[]>().notNull(),
    /** Goods worth at least this much (minor units) ship free; null: never free. */
    freeAbove: integer('free_above'),
    workingDays: integer('working_days').notNull(),
    /** `HH:MM`, 24-hour, in the store's time zone. */
    cutOffTime: text('cut_off_time').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('delivery_methods_price_basis_check', sql`${t.priceBasis} in ('weight', 'value')`),
    check('delivery_methods_bands_check', sql`jsonb_typeof(${t.bands}) = 'array'`),
    check('delivery_methods_working_days_check', sql`${t.workingDays} between 0 and 60`),
    check('delivery_methods_free_above_check', sql`${t.freeAbove} >= 0`),
    check(
      'delivery_methods_cut_off_check',
      sql`${t.cutOffTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`,
    ),
    check('delivery_methods_countries_check', sql`cardinality(${t.countries}) >= 1`),
  ],
);

/**
 * The parcels a shipped order travels in (decision 062): one row each, numbered from 1, with its
 * carrier and tracking number. A parcel has a tracking number unless the admin ticked "no
 * tracking" when shipping (then `carrier` may still name who carries it). Edited after shipping by
 * replacing the order's rows.
 */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    ...timestamps,
  },
  (t) => [
    index('order_shipments_order_idx').on(t.orderId, t.position),
    check('order_shipments_position_check', sql`${t.position} >= 1`),
    check(
      'order_shipments_tracking_check',
      sql`${t.trackingNumber} is null or ${t.carrier} is not null`,
    ),
  ],
);
