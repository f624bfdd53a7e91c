/**
 * A value made on first use, then kept. For formatters (`Intl.DateTimeFormat`, `NumberFormat`,
 * `DisplayNames`): each costs the browser a millisecond or more to build, and at module level they
 * were built while the first page's scripts were evaluated, in the one task that holds a visitor's
 * first tap, whether or not the page shows a date (bench/README.md, "Interactive at once").
 */
export function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  let isMade = false;
  return () => {
    if (!isMade) {
      value = make();
      isMade = true;
    }
    return value as T;
  };
}
