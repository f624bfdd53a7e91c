import type {
  DeliveryMethod,
  DeliveryOption,
  PriceBand,
} from '../../../contract/delivery-methods.ts';

/**
 * Quoting delivery: which methods serve a country, what each costs for a cart, and the day it
 * promises. Pure: the clock and the store's time zone are arguments, so every rule is tested
 * without a database (delivery-quote.test.ts).
 */

/** What a cart weighs and what its goods come to. */
export interface CartMeasure {
  weightGrams: number;
  /** The goods' total in minor units, before delivery. */
  value: number;
}

type Method = Pick<
  DeliveryMethod,
  | '_id'
  | 'name'
  | 'countries'
  | 'priceBasis'
  | 'bands'
  | 'freeAbove'
  | 'workingDays'
  | 'cutOffTime'
  | 'isActive'
>;

/** The first band the measure does not pass; null when the bands end below it. */
function bandFor(bands: readonly PriceBand[], measure: number): PriceBand | null {
  return bands.find((band) => band.upTo === null || measure <= band.upTo) ?? null;
}

/** The method's price for the cart; null when its bands do not reach the cart's weight or value. */
export function deliveryPrice(method: Method, cart: CartMeasure): number | null {
  if (method.freeAbove !== null && cart.value >= method.freeAbove) return 0;
  const measure = method.priceBasis === 'weight' ? cart.weightGrams : cart.value;
  return bandFor(method.bands, measure)?.price ?? null;
}

/** A calendar day, counted in whole days (UTC midnight stands for the day). */
interface Day {
  date: Date;
}

function isWeekend({ date }: Day): boolean {
  const weekday = date.getUTCDay();
  return weekday === 0 || weekday === 6;
}

function nextDay({ date }: Day): Day {
  return { date: new Date(date.getTime() + 86_400_000) };
}

/**
 * The formatter reading a time zone's clock, made once per time zone: making one costs about a
 * tenth of a millisecond, paid for every method quoted and every order shipped.
 */
const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clockFormats.set(timeZone, format);
  }
  return format;
}

/** The day and the time of day (`HH:MM`) `now` is in `timeZone`. */
export function localClock(now: Date, timeZone: string): { day: Day; time: string } {
  const parts = clockFormat(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '00';
  const date = new Date(`${part('year')}-${part('month')}-${part('day')}T00:00:00Z`);
  return { day: { date }, time: `${part('hour')}:${part('minute')}` };
}

/**
 * The day a method promises: dispatch is today when today is a working day and the clock is
 * before the cut-off, else the next working day; delivery is `workingDays` working days after
 * dispatch (0: the dispatch day). Saturdays and Sundays are not working days.
 */
export function promisedDate(
  method: Pick<Method, 'workingDays' | 'cutOffTime'>,
  now: Date,
  timeZone: string,
): string {
  const { day: today, time } = localClock(now, timeZone);
  let day = today;
  if (isWeekend(day) || time >= method.cutOffTime) {
    day = nextDay(day);
    while (isWeekend(day)) day = nextDay(day);
  }
  for (let left = method.workingDays; left > 0; ) {
    day = nextDay(day);
    if (!isWeekend(day)) left -= 1;
  }
  return day.date.toISOString().slice(0, 10);
}

/**
 * The options a cart going to `country` is offered: each active method that serves the country
 * and whose bands reach the cart, priced and dated; cheapest first, then soonest, then by name.
 * An empty cart is offered none.
 */
export function deliveryOptions(
  methods: readonly Method[],
  country: string,
  cart: CartMeasure,
  clock: { now: Date; timeZone: string },
): DeliveryOption[] {
  if (cart.value <= 0 && cart.weightGrams <= 0) return [];
  const options: DeliveryOption[] = [];
  for (const method of methods) {
    if (!method.isActive || !method.countries.includes(country)) continue;
    const price = deliveryPrice(method, cart);
    if (price === null) continue;
    options.push({
      methodId: method._id,
      name: method.name,
      price,
      deliveryDate: promisedDate(method, clock.now, clock.timeZone),
    });
  }
  return options.sort(
    (a, b) =>
      a.price - b.price ||
      a.deliveryDate.localeCompare(b.deliveryDate) ||
      a.name.localeCompare(b.name),
  );
}
