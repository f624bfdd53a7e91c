import type { ToolSort } from '../../../contract/tool-lists.ts';
import { type Entries, type Entry, holding, sortEntries } from './catalogue-entries.ts';
import { partNeedle } from './search.repo.ts';

/**
 * What someone typed, as the in-memory catalogue looks for it: its words as PostgreSQL stems them
 * (`to_tsvector('english', q)`), and, when nothing matched as typed, the tools PostgreSQL's trigram
 * index finds names like it for (a typo), closest first.
 */
export interface TextSearch {
  text: string;
  words: readonly string[];
  /** The ids of names with a word like the text, closest first (asked only for a typo). */
  similar?: readonly string[] | undefined;
}

/**
 * The tools matching a search, in the order asked. Best match first (`relevance`): part numbers
 * that are the text, then that start with it, then names holding the text as typed, then by how
 * many of the words are in the name, then newest. A search costs its matches, not the catalogue.
 */
export function searchOrder(entries: Entries, search: TextSearch, sort: ToolSort): Entry[] {
  if (search.similar) return similarOrder(entries, search.similar, sort);
  const { byAge } = entries;
  const words = [...new Set(search.words)];
  // Only the tools that could match are visited: those whose names hold the text, and those on
  // the shortest word's list (a match has every word).
  const inText = holding(entries, search.text.toLowerCase());
  const lists = words.map((word) => entries.anywhere.get(word) ?? []);
  const isMatch = new Uint8Array(byAge.length);
  const matches: Entry[] = [];
  // Part numbers: 2 for one that is the search, 1 for one that starts with it.
  const partRank = new Uint8Array(byAge.length);
  const needle = partNeedle(search.text);
  if (needle) {
    for (const entry of byAge) {
      const rank = entry.parts.includes(needle)
        ? 2
        : entry.parts.some((part) => part.startsWith(needle))
          ? 1
          : 0;
      if (rank === 0) continue;
      partRank[entry.age] = rank;
      isMatch[entry.age] = 1;
      matches.push(entry);
    }
  }
  for (const age of inText) {
    if (isMatch[age] === 1) continue;
    isMatch[age] = 1;
    matches.push(byAge[age] as Entry);
  }
  if (lists.length > 0) {
    const hasWords = new Uint8Array(byAge.length);
    for (const list of lists) for (const age of list) hasWords[age] = (hasWords[age] as number) + 1;
    const shortest = lists.reduce((a, b) => (b.length < a.length ? b : a));
    for (const age of shortest) {
      if (hasWords[age] === words.length && isMatch[age] === 0) {
        isMatch[age] = 1;
        matches.push(byAge[age] as Entry);
      }
    }
  }
  if (sort !== 'relevance') return sortEntries(entries, matches, sort);
  const nameWords = new Uint8Array(byAge.length);
  for (const word of words) {
    for (const age of entries.inName.get(word) ?? []) {
      nameWords[age] = (nameWords[age] as number) + 1;
    }
  }
  const inTextSet = new Set(inText);
  const score = (entry: Entry) =>
    (partRank[entry.age] as number) * 1024 +
    (inTextSet.has(entry.age) ? 256 : 0) +
    (nameWords[entry.age] as number);
  const scores = new Map(matches.map((entry) => [entry, score(entry)]));
  return matches.sort(
    (a, b) => (scores.get(b) as number) - (scores.get(a) as number) || b.age - a.age,
  );
}

/** Names found despite a typo: closest first by relevance, else in the order asked. */
function similarOrder(entries: Entries, similar: readonly string[], sort: ToolSort): Entry[] {
  const matches = similar.flatMap((id) => entries.byId.get(id) ?? []);
  return sort === 'relevance' ? matches : sortEntries(entries, matches, sort);
}
