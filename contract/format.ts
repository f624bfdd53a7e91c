// Pure helpers shared by the server and the web app. No zod here: the web app's first page
// imports this without the validation library.

import { lazily } from './lazily.ts';
import type { Attribute } from './specifications.ts';

/** "45 seconds", "10 minutes": how long a Retry-After asks to wait. */
export function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

const countFormat = lazily(() => new Intl.NumberFormat('en-US'));

/** 10000000 -> "10,000,000": counts in messages, grouped as people read them. */
export function formatCount(value: number): string {
  return countFormat().format(value);
}

/** "a", "a and b", "a, b and c": a list in a sentence. */
export function joinWords(items: readonly (string | number)[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "1 unit", "1,200 units": a quantity of a tool, in words that agree with it. */
export function formatUnits(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'unit' : 'units'}`;
}

/** "1 unit is", "30 units are": the same, as a sentence's subject. */
export function unitsAre(count: number): string {
  return `${formatUnits(count)} ${count === 1 ? 'is' : 'are'}`;
}

/** Made once: `toLocaleString` with options builds a formatter on every call. */
const specNumber = lazily(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 }));

/** A specification's value as people read it: "13 mm", "Yes", "Keyless". */
export function formatSpecValue(
  attribute: Pick<Attribute, 'unit'>,
  value: number | string | boolean,
): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    const number = specNumber().format(value);
    return attribute.unit ? `${number} ${attribute.unit}` : number;
  }
  return value;
}
