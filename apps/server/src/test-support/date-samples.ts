import type { DateField } from './route-catalogue.ts';

type ByKind = Record<DateField['kind'], readonly string[]>;

/**
 * Dates sent where the API takes one (issue 36): the shop keeps moments and months in the years
 * 2000 to 2100, counted in UTC. http/dates.test.ts expects each group's words; the fuzzer sends
 * them all, beside dates of its own making.
 */
export const DATE_SAMPLES: { outsideTheYears: ByKind; noDate: ByKind; atTheEdges: ByKind } = {
  /** Dates, but outside the shop's years once their offset is applied. */
  outsideTheYears: {
    moment: [
      '0000-01-01T00:00:00Z',
      '0000-01-01T00:00:00-14:00',
      '1970-01-01T00:00:00Z',
      '1999-12-31T23:59:59.999Z',
      // 1999-12-31T23:30 in UTC.
      '2000-01-01T00:30:00+01:00',
      '2101-01-01T00:00:00Z',
      // 2101-01-01T13:59:59 in UTC.
      '2100-12-31T23:59:59-14:00',
      '9999-12-31T23:59:59Z',
      '9999-12-31T23:59:59-14:00',
    ],
    day: ['0000-01-01', '1999-12-31', '2101-01-01', '9999-12-31'],
    month: ['0000-01', '1999-12', '2101-01', '9999-12'],
  },
  /** No date at all: a year past 9999 or before year 0, February 30, 24:00, a leap second, an offset of a day. */
  noDate: {
    moment: [
      '+275760-09-13T00:00:00Z',
      '+010000-01-01T00:00:00Z',
      '-000001-01-01T00:00:00Z',
      '-271821-04-20T00:00:00Z',
      '-2026-01-01T00:00:00Z',
      '2026-02-30T12:00:00Z',
      '2026-02-29T12:00:00Z',
      '2026-01-01T24:00:00Z',
      '2016-12-31T23:59:60Z',
      '2026-13-01T00:00:00Z',
      '2026-12-31T23:59:00-24:00',
      '2026-12-31',
      'tomorrow',
    ],
    day: ['+275760-09-13', '-2026-01-01', '2026-02-30', '2026-02-29', '2026-13-01', '2026-11-32', '2026-11', '2026-11-27T12:00:00Z', 'tomorrow'],
    month: ['+275760-09', '+10000-01', '-0001-01', '-2026-01', '2026-13', '2026-00', '2026-1', '2026-11-01', 'November'],
  },
  /** The first and last moments and months the shop keeps. */
  atTheEdges: {
    moment: ['2000-01-01T00:00:00Z', '2000-01-01T01:00:00+01:00', '2024-02-29T12:00:00Z', '2100-12-31T23:59:59.999Z', '2100-12-31T23:59:59+14:00'],
    day: ['2000-01-01', '2024-02-29', '2100-12-31'],
    month: ['2000-01', '2100-12'],
  },
};
