import type { Entries } from './catalogue-entries.ts';

/**
 * What to offer when a search finds nothing: the text with each unknown word replaced by the
 * catalogue's closest word (by shared runs of three letters, as PostgreSQL's pg_trgm measures
 * similarity), read from the names the in-memory catalogue holds.
 */

/** Below this similarity a word is no suggestion (pg_trgm's `similarity` threshold is 0.3). */
const MIN_SIMILARITY = 0.3;
const WORD = /[\p{L}\p{N}]+/gu;

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const runs = new Set<string>();
  for (let at = 0; at + 3 <= padded.length; at += 1) runs.add(padded.slice(at, at + 3));
  return runs;
}

function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const run of a) if (b.has(run)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** Every word of the names, lower-cased, kept with the entries (read once per change). */
const vocabularies = new WeakMap<Entries, Map<string, Set<string>>>();

function vocabularyOf(entries: Entries): Map<string, Set<string>> {
  let words = vocabularies.get(entries);
  if (!words) {
    words = new Map();
    for (const name of entries.lower) {
      for (const [word] of name.matchAll(WORD)) {
        if (word.length >= 3 && !/\d/.test(word) && !words.has(word)) {
          words.set(word, trigrams(word));
        }
      }
    }
    vocabularies.set(entries, words);
  }
  return words;
}

/** The text spelled as the catalogue spells it, or undefined when no word needs changing. */
export function spellingOf(entries: Entries, text: string): string | undefined {
  const vocabulary = vocabularyOf(entries);
  let isChanged = false;
  const spelled = text.toLowerCase().replace(WORD, (word) => {
    if (word.length < 3 || /\d/.test(word) || vocabulary.has(word)) return word;
    const runs = trigrams(word);
    let best: string | undefined;
    let bestScore = MIN_SIMILARITY;
    for (const [candidate, candidateRuns] of vocabulary) {
      const score = similarity(runs, candidateRuns);
      if (score > bestScore) {
        best = candidate;
        bestScore = score;
      }
    }
    if (!best) return word;
    isChanged = true;
    return best;
  });
  return isChanged ? spelled : undefined;
}
