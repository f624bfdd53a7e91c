/**
 * Specification values in what someone searches for ("18V drill", "wrench 19mm"): a number with a
 * unit some number attribute has becomes a condition on the tools' values (`specs`), answered by the
 * in-memory catalogue; the rest of the text is searched as words.
 */

/** A tool matches when one of `keys` holds `value` (the attributes with the unit typed). */
export interface SpecMatch {
  keys: string[];
  value: number;
}

/** A number and a unit, written together or apart: 18V, 19 mm, 2.5kg. */
const NUMBER_WITH_UNIT = /(?<![\p{L}\p{N}.,])(\d+(?:[.,]\d+)?)\s?(\p{L}{1,4})(?![\p{L}\p{N}])/gu;

/**
 * The spec values a search names and its text without them. `keysOf(unit)`: the keys of the
 * number attributes with this unit (lower-cased); a number with a unit no attribute has stays
 * in the text.
 */
function splitSpecSearch(
  q: string,
  keysOf: (unit: string) => string[],
): { text: string; specs: SpecMatch[] } {
  const specs: SpecMatch[] = [];
  const text = q.replace(NUMBER_WITH_UNIT, (whole, number: string, unit: string) => {
    const keys = keysOf(unit.toLowerCase());
    if (keys.length === 0) return whole;
    specs.push({ keys, value: Number(number.replace(',', '.')) });
    return ' ';
  });
  return { text: text.replace(/\s+/g, ' ').trim(), specs };
}

/** Whether a tool's values hold every match (the in-memory index's test). */
export function holdsSpecs(
  values: Readonly<Record<string, unknown>>,
  specs: readonly SpecMatch[] | undefined,
): boolean {
  if (!specs) return true;
  return specs.every((match) => match.keys.some((key) => values[key] === match.value));
}

/**
 * Reads a search's numbers with units some attribute has as conditions on values, and leaves its
 * words; undefined `specs` when it names none. `keysByUnit`: the number attributes' keys by unit.
 */
export function createSpecSearch(keysByUnit: () => Promise<Map<string, string[]>>) {
  return async (q: string | undefined) => {
    if (!q || !/\d\s?\p{L}/u.test(q)) return { q, specs: undefined };
    const units = await keysByUnit();
    const split = splitSpecSearch(q, (unit) => units.get(unit) ?? []);
    return split.specs.length === 0
      ? { q, specs: undefined }
      : { q: split.text === '' ? undefined : split.text, specs: split.specs };
  };
}
