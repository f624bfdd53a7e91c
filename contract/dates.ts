// Dates and times as the store writes them, on its pages, in its emails and on its PDFs: one way,
// month before day as the store writes its amounts (en-US), and the clock with AM and PM. Each is
// put together from the formatter's parts, so that every runtime and browser writes the same (one
// ICU puts "at" between the day and the time, another a comma; one a narrow no-break space before
// "PM", another a space). No zod here: the web app's first page imports this.

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

/** "Dec", "Sep": the first three letters are each English month's (and weekday's) short name. */
const shortMonth = (month = '') => month.slice(0, 3);

const shortDate = ({ month, day, year }: Parts) => `${shortMonth(month)} ${day}, ${year}`;
const longDate = ({ month, day, year }: Parts) => `${month} ${day}, ${year}`;
const fullDate = (parts: Parts) => `${parts.weekday}, ${longDate(parts)}`;
/** "4:12 AM UTC", "7:44 PM GMT+1" */
const time = ({ hour, minute, dayPeriod, timeZoneName }: Parts) =>
  `${hour}:${minute} ${dayPeriod} ${timeZoneName}`;

/** "Dec 3, 2026" */
export function formatDate(at: Moment, timeZone?: TimeZone): string {
  return shortDate(partsOf(at, timeZone));
}

/** "December 3, 2026" */
export function formatLongDate(at: Moment, timeZone?: TimeZone): string {
  return longDate(partsOf(at, timeZone));
}

/** "Thursday, December 3, 2026": a day to act by, spelled out in full. */
export function formatFullDate(at: Moment, timeZone?: TimeZone): string {
  return fullDate(partsOf(at, timeZone));
}

/** "Dec 3, 2026, 4:12 AM UTC": when something happened, saying in which time zone. */
export function formatDateTime(at: Moment, timeZone?: TimeZone): string {
  const parts = partsOf(at, timeZone);
  return `${shortDate(parts)}, ${time(parts)}`;
}

/** "Thursday, December 3, 2026, 4:12 AM UTC": a moment to act by, spelled out in full. */
export function formatLongDateTime(at: Moment, timeZone?: TimeZone): string {
  const parts = partsOf(at, timeZone);
  return `${fullDate(parts)}, ${time(parts)}`;
}

/** A calendar day (YYYY-MM-DD) as people read it: "Fri, Dec 4, 2026", whatever their time zone. */
export function formatDay(day: string): string {
  const parts = partsOf(`${day}T00:00:00Z`, 'UTC');
  return `${parts.weekday?.slice(0, 3)}, ${shortDate(parts)}`;
}

/** A calendar day (YYYY-MM-DD) spelled out in full: "Friday, December 4, 2026". */
export function formatFullDay(day: string): string {
  return formatFullDate(`${day}T00:00:00Z`, 'UTC');
}
