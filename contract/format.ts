// Pure helpers shared by the server and the web app. No zod here: the web app's first page
// imports this without the validation library.

/** "45 seconds", "10 minutes": how long a Retry-After asks to wait. */
export function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

const countFormat = new Intl.NumberFormat('en-US');

/** 10000000 -> "10,000,000": counts in messages, grouped as people read them. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

/** "1 unit", "1,200 units": a quantity of a tool, in words that agree with it. */
export function formatUnits(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'unit' : 'units'}`;
}

/** "1 unit is", "30 units are": the same, as a sentence's subject. */
export function unitsAre(count: number): string {
  return `${formatUnits(count)} ${count === 1 ? 'is' : 'are'}`;
}
