import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatFullDate,
  formatFullDay,
  formatLongDate,
  formatLongDateTime,
} from './dates.ts';

const MORNING = '2026-12-03T04:12:00Z';

describe('dates, written one way everywhere', () => {
  it('writes a day short, long and in full, month before day', () => {
    expect(formatDate(MORNING, 'UTC')).toBe('Dec 3, 2026');
    expect(formatLongDate(MORNING, 'UTC')).toBe('December 3, 2026');
    expect(formatFullDate(MORNING, 'UTC')).toBe('Thursday, December 3, 2026');
    expect(formatDate('2026-06-01', 'UTC')).toBe('Jun 1, 2026');
    expect(formatDate('2026-09-30', 'UTC')).toBe('Sep 30, 2026');
  });

  it('writes a moment with its clock, AM or PM, and the zone it is read in, with plain spaces', () => {
    expect(formatDateTime(MORNING, 'UTC')).toBe('Dec 3, 2026, 4:12 AM UTC');
    expect(formatLongDateTime(MORNING, 'UTC')).toBe('Thursday, December 3, 2026, 4:12 AM UTC');
    expect(formatDateTime('2026-06-01T00:05:00Z', 'UTC')).toBe('Jun 1, 2026, 12:05 AM UTC');
    expect(formatDateTime('2026-06-01T12:05:00Z', 'UTC')).toBe('Jun 1, 2026, 12:05 PM UTC');
    expect(formatLongDateTime(MORNING, 'UTC')).not.toMatch(/[\u202f\u00a0]| at /);
  });

  it('writes the day and the hour of the zone asked for, and says which', () => {
    expect(formatDateTime(MORNING, 'Europe/Zagreb')).toBe('Dec 3, 2026, 5:12 AM GMT+1');
    expect(formatLongDateTime(MORNING, 'America/New_York')).toBe(
      'Wednesday, December 2, 2026, 11:12 PM EST',
    );
    expect(formatDate(new Date(MORNING), 'America/New_York')).toBe('Dec 2, 2026');
  });

  it('writes a calendar day as the same day in every zone', () => {
    expect(formatDay('2026-12-04')).toBe('Fri, Dec 4, 2026');
    expect(formatFullDay('2026-12-04')).toBe('Friday, December 4, 2026');
  });
});
