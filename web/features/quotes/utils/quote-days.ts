import { formatDate } from '#contract/dates.ts';

/**
 * A day as the store keeps it for quotes (a wanted-by date, an offer's last day), read in UTC so
 * that it is the same day for every reader: "Dec 15, 2026".
 */
export function formatQuoteDay(isoOrDay: string): string {
  return formatDate(isoOrDay, 'UTC');
}

/** Today and `days` ahead as `2026-12-15` (UTC), for a date field's bounds. */
export function dayFromToday(days = 0): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
