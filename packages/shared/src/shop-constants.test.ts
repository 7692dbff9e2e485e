import { describe, expect, it } from 'vitest';
import { formatLongDate, formatPurchaseDate, formatShortDate, formatShortDateTime } from './shop-constants.ts';

describe('one long and one short date format, the same everywhere (issue 26, item 13)', () => {
  const moment = new Date('2026-03-04T09:14:00Z');

  it('writes the long date as the spec writes the purchase date', () => {
    expect(formatLongDate(moment, 'UTC')).toBe('Wednesday, Mar 4, 2026');
    expect(formatPurchaseDate(moment)).toBe(formatLongDate(moment));
  });

  it('writes the short date, and the time after it where the moment matters', () => {
    expect(formatShortDate(moment, 'UTC')).toBe('Mar 4, 2026');
    expect(formatShortDateTime(moment.toISOString(), 'UTC')).toBe('Mar 4, 2026, 9:14 AM');
  });

  it('prints the day of the zone asked for, whatever the machine’s own', () => {
    expect(formatShortDate(new Date('2026-03-04T23:30:00Z'), 'Asia/Tokyo')).toBe('Mar 5, 2026');
  });
});
