import type { DeliveryMethod } from '../../contract/delivery-methods.ts';

/**
 * The channel on the change feed that says the delivery methods or the tax rates changed (subject
 * "all"). Triggers on `delivery_methods` and `tax_rates` (migration 0058) send it from inside the
 * changing transaction; the instance that made a change also forgets at once (`heard`).
 */
export const DESTINATIONS_CHANNEL = 'toolyard_destinations';

/** One tax rate of a country (its own, or a region's by postcode), as placement judges it. */
export interface KeptRate {
  country: string;
  region: string | null;
  postcodePrefixes: string[];
  rateBasisPoints: number;
  label: string;
}

export interface DestinationCache {
  /** Every delivery method, from memory when known, else from `read`. */
  methods(read: () => Promise<DeliveryMethod[]>): Promise<DeliveryMethod[]>;
  /** A country's tax rates, from memory when known, else from `read`. */
  rates(country: string, read: () => Promise<KeptRate[]>): Promise<KeptRate[]>;
  /** What the change feed heard on DESTINATIONS_CHANNEL: anything forgets everything. */
  heard(subject: string): void;
  /**
   * An admin's change to either (its transaction), and once it has committed, both forgotten at
   * once on this instance, without waiting for the trigger's notification.
   */
  changing<T>(change: Promise<T>): Promise<T>;
  /** While off (changes cannot be heard), everything is read afresh and nothing is kept. */
  setEnabled(isEnabled: boolean): void;
}

/**
 * What every order reads about where it goes, before its transaction: the delivery methods and
 * the destination country's tax rates. Both change only when an admin edits them, and every order
 * read them with two queries (decision 075); kept here, an order reads neither. Any change forgets
 * both, on every instance; a read that began before a change is never kept after it.
 */
export function createDestinationCache(): DestinationCache {
  let methods: DeliveryMethod[] | undefined;
  /** By country code: at most the few hundred countries there are (the contract checks codes). */
  let rates = new Map<string, KeptRate[]>();
  let generation = 0;
  let isEnabled = false;

  /**
   * Reads afresh, keeping the answer only if nothing changed meanwhile. What is kept is shared by
   * every order from then on, so it is frozen: a caller that changed it would fail, not spread it.
   */
  async function kept<T>(read: () => Promise<T[]>, keep: (value: T[]) => void): Promise<T[]> {
    const startedIn = generation;
    const value = await read();
    if (isEnabled && startedIn === generation) keep(Object.freeze(value) as T[]);
    return value;
  }

  const forget = () => {
    generation += 1;
    methods = undefined;
    rates = new Map();
  };

  return {
    methods(read) {
      if (!isEnabled) return read();
      if (methods) return Promise.resolve(methods);
      return kept(read, (value) => {
        methods = value;
      });
    },
    rates(country, read) {
      if (!isEnabled) return read();
      const known = rates.get(country);
      if (known) return Promise.resolve(known);
      return kept(read, (value) => {
        rates.set(country, value);
      });
    },
    heard: forget,
    async changing(change) {
      const value = await change;
      forget();
      return value;
    },
    setEnabled(value) {
      isEnabled = value;
      forget();
    },
  };
}
