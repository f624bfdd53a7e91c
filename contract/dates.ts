// Dates and times as the store writes them, on its pages, in its emails and on its PDFs: one way,
// month before day as the store writes its amounts (en-US), and the clock with AM and PM. Each is
// put together from the formatter's parts, so that every runtime and browser writes the same (one
// ICU puts "at" between the day and the time, another a comma; one a narrow no-break space before
// "PM", another a space). No zod here: the web app's first page imports this.

import { lazily } from './lazily.ts';

/** A moment: a Date, or an ISO 8601 string such as the API's `createdAt`. */
type Moment = Date | string;

/**
 * The zone a moment is written in: the reader's own where left out (the web app, in the browser),
 * "UTC" in what the store sends (its readers live in every time zone). Its name is written after
 * every time.
 */
type TimeZone = string | undefined;

type Parts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The parts of `at` as written in `timeZone`, from a formatter made once a zone. */
function partsOf(at: Moment, timeZone: TimeZone): Parts {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hourCycle: 'h12',
      timeZoneName: 'short',
      ...(timeZone ? { timeZone } : {}),
    });
    formats.set(key, format);
  }
  const parts: Parts = {};
  for (const part of format.formatToParts(typeof at === 'string' ? new Date(at) : at)) {
    parts[part.type] = part.value;
  }
  return parts;
}

/** "Dec", "Sep": the first three letters are each English month's short name. */
const shortMonth = (month = '') => month.slice(0, 3);

/** "Dec 3, 2026" */
export function formatDate(at: Moment, timeZone?: TimeZone): string {
  const { month, day, year } = partsOf(at, timeZone);
  return `${shortMonth(month)} ${day}, ${year}`;
}

/** "December 3, 2026" */
export function formatLongDate(at: Moment, timeZone?: TimeZone): string {
  const { month, day, year } = partsOf(at, timeZone);
  return `${month} ${day}, ${year}`;
}

/** "Thursday, December 3, 2026": a day to act by, spelled out in full. */
export function formatFullDate(at: Moment, timeZone?: TimeZone): string {
  const { weekday } = partsOf(at, timeZone);
  return `${weekday}, ${formatLongDate(at, timeZone)}`;
}

/** "4:12 AM UTC", "7:44 PM GMT+1" */
function timeOf({ hour, minute, dayPeriod, timeZoneName }: Parts): string {
  return `${hour}:${minute} ${dayPeriod} ${timeZoneName}`;
}

/** "Dec 3, 2026, 4:12 AM UTC": when something happened, saying in which time zone. */
export function formatDateTime(at: Moment, timeZone?: TimeZone): string {
  return `${formatDate(at, timeZone)}, ${timeOf(partsOf(at, timeZone))}`;
}

/** "Thursday, December 3, 2026, 4:12 AM UTC": a moment to act by, spelled out in full. */
export function formatLongDateTime(at: Moment, timeZone?: TimeZone): string {
  return `${formatFullDate(at, timeZone)}, ${timeOf(partsOf(at, timeZone))}`;
}

const dayFormat = lazily(
  () =>
    new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);

/** A calendar day (YYYY-MM-DD) as people read it: "Fri, Dec 4, 2026", whatever their time zone. */
export function formatDay(day: string): string {
  const parts: Parts = {};
  for (const part of dayFormat().formatToParts(new Date(`${day}T00:00:00Z`))) {
    parts[part.type] = part.value;
  }
  return `${parts.weekday}, ${parts.month} ${parts.day}, ${parts.year}`;
}

/** A calendar day (YYYY-MM-DD) spelled out in full: "Friday, December 4, 2026". */
export function formatFullDay(day: string): string {
  return formatFullDate(`${day}T00:00:00Z`, 'UTC');
}
