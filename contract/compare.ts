/** The most tools compared at once (/compare?ids=a,b,c,d). */
export const MAX_COMPARED = 4;

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The tools a comparison shows, as the address or the browser's storage gives them: well-formed
 * ids, in lower case, each once, the first four. The page and the server read them alike.
 */
export function comparedIds(values: readonly unknown[]): string[] {
  const ids = values.filter(
    (value): value is string => typeof value === 'string' && ID.test(value),
  );
  return [...new Set(ids.map((id) => id.toLowerCase()))].slice(0, MAX_COMPARED);
}
