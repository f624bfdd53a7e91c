import { z } from 'zod';
import { IdSchema, MoneySchema, plainText, TimestampSchema } from './common.ts';

/**
 * How an order travels (docs/decisions/062): the delivery method it was placed with, and the
 * parcels it was shipped in, each with its carrier and tracking number.
 */

/** The delivery method an order was placed with, as it was then. */
export const OrderDeliverySchema = z.object({
  methodId: IdSchema,
  name: z.string(),
  /** Included in the order's total. */
  price: MoneySchema,
  /** The day the method promised when the order was placed (YYYY-MM-DD, the store's time zone). */
  promisedDate: z.iso.date(),
});
export type OrderDelivery = z.infer<typeof OrderDeliverySchema>;

/**
 * Carriers whose tracking pages we link to, by the name an admin types, compared without case,
 * spaces or punctuation, and by its start ("DHL Express" is DHL's): the number goes at the end of
 * the address.
 */
const TRACKING_PAGES: Record<string, { name: string; url: string }> = {
  dhl: { name: 'DHL', url: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=' },
  ups: { name: 'UPS', url: 'https://www.ups.com/track?tracknum=' },
  fedex: { name: 'FedEx', url: 'https://www.fedex.com/fedextrack/?trknbr=' },
  dpd: { name: 'DPD', url: 'https://track.dpd.co.uk/parcels/' },
  royalmail: {
    name: 'Royal Mail',
    url: 'https://www.royalmail.com/track-your-item#/tracking-results/',
  },
};

/** The carriers that get a tracking link, as people write them. */
export const KNOWN_CARRIERS = Object.values(TRACKING_PAGES).map((page) => page.name);

/** The carrier's tracking page for this number; null for a carrier we do not know or no number. */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (carrier === null || trackingNumber === null) return null;
  const name = carrier.toLowerCase().replace(/[^a-z]/g, '');
  const key = Object.keys(TRACKING_PAGES).find((known) => name.startsWith(known));
  const page = key === undefined ? undefined : TRACKING_PAGES[key];
  return page ? `${page.url}${encodeURIComponent(trackingNumber)}` : null;
}

/** One parcel of a shipped order. */
export const ShipmentSchema = z.object({
  /** 1 for the first parcel, 2 for the second… */
  parcel: z.int().min(1),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** The carrier's tracking page, for carriers we know (KNOWN_CARRIERS). */
  trackingUrl: z.string().nullable(),
  updatedAt: TimestampSchema,
});
export type Shipment = z.infer<typeof ShipmentSchema>;

const MAX_PARCELS = 50;

/** A parcel as an admin records it. */
const ParcelInputSchema = z.strictObject({
  carrier: plainText(1, 64),
  trackingNumber: plainText(1, 64).optional().describe('Required unless `noTracking` is true.'),
});
export type ParcelInput = z.infer<typeof ParcelInputSchema>;

/** Each parcel has a tracking number unless the admin says the order travels without one. */
export function checkTracking(
  body: { parcels?: ParcelInput[] | undefined; noTracking?: boolean | undefined },
  context: z.RefinementCtx,
): void {
  if (body.noTracking) return;
  for (const [index, parcel] of (body.parcels ?? []).entries()) {
    if (parcel.trackingNumber === undefined)
      context.addIssue({
        code: 'custom',
        path: ['parcels', index, 'trackingNumber'],
        message: 'Give the tracking number, or tick "no tracking".',
      });
  }
}

export const shipmentFields = {
  parcels: z
    .array(ParcelInputSchema)
    .max(MAX_PARCELS, { error: `At most ${MAX_PARCELS} parcels.` })
    .optional()
    .describe('Each parcel the order travels in, with its carrier and tracking number.'),
  noTracking: z
    .boolean({ error: 'Must be true or false.' })
    .optional()
    .describe('True: the order travels without tracking; parcels then need no tracking number.'),
};

/** Replacing an order's parcels after it shipped. */
export const UpdateShipmentsBodySchema = z
  .strictObject(shipmentFields)
  .superRefine(checkTracking)
  .refine((body) => body.noTracking === true || (body.parcels?.length ?? 0) > 0, {
    path: ['parcels'],
    error: 'Give at least one parcel with its tracking number, or tick "no tracking".',
  });
export type UpdateShipmentsBody = z.infer<typeof UpdateShipmentsBodySchema>;
