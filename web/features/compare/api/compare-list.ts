import { comparedIds, MAX_COMPARED } from '#contract/compare.ts';
import { createStoredList } from '#web/lib/stored-list.ts';

/**
 * The tools a buyer picked to compare, kept in the browser across pages; at most four. What is
 * stored is read as untrusted input: ids only, each once, four at most.
 */
const compared = createStoredList<string>('toolyard.compare', (value) =>
  Array.isArray(value) ? comparedIds(value) : [],
);

/** The picked tools' ids (none in the server's HTML), and how to change them. */
export function useCompareList() {
  const ids = compared.use();
  return {
    ids,
    isFull: ids.length >= MAX_COMPARED,
    add: (id: string) => {
      const now = compared.read();
      if (!now.includes(id) && now.length < MAX_COMPARED) compared.write([...now, id]);
    },
    remove: (id: string) => compared.write(compared.read().filter((kept) => kept !== id)),
    clear: () => compared.write([]),
  };
}
