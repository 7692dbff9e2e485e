import { beforeAll, describe, expect, it } from 'vitest';
import { DATE_SAMPLES } from '../test-support/date-samples.ts';
import { snapshotShop } from '../test-support/db-snapshot.ts';
import { AUTHORIZATION_MATRIX, callWithDate, freshFixtures, type DateField, type Fixtures, type MatrixRow } from '../test-support/route-catalogue.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer } from '../test-support/test-users.ts';

/**
 * Issue 36: a date of year 0000 or past 9999 passed the schemas and PostgreSQL refused it, which
 * answered 500. Every date the API takes is a moment, a day or a month in the years 2000 to 2100 (UTC):
 * outside them, or not a date at all, it is refused in words and nothing is written.
 */
const DATED = AUTHORIZATION_MATRIX.flatMap((row) => (row.dates ?? []).map((field) => [`${row.method} ${row.route} ${field.in} ${field.name}`, row, field] as const));

const NOT_A_DATE_WORDS: Record<DateField['kind'], (label: string) => string> = {
  moment: (label) => `${label} must be a date and time such as 2026-12-31T23:59:00Z`,
  day: (label) => `${label} must be a date such as 2026-11-28`,
  month: (label) => `${label} must be a year and month such as 2026-11`,
};

interface JsonSchema {
  format?: string;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** A month, a day and a moment, each beside a sibling that is no date: a pattern for dates takes the one and refuses the other. */
const DATES_AND_NOT = [
  ['2026-11', '2026-13'],
  ['2026-11-27', '2026-11-32'],
  ['2026-11-27T12:00:00Z', '2026-11-27T25:00:00Z'],
] as const;

/** A schema that takes dates: a date format, or a pattern that tells dates from what is no date. */
const takesDates = (schema: JsonSchema) =>
  ['date-time', 'date', 'time'].includes(schema.format ?? '') ||
  (schema.pattern !== undefined && DATES_AND_NOT.some(([date, noDate]) => new RegExp(schema.pattern!).test(date) && !new RegExp(schema.pattern!).test(noDate)));

/** The query parameters and body fields of an operation that take dates, as "query month" or "body validFrom". */
function documentedDates(operation: Operation): string[] {
  const fields = (schema: JsonSchema | undefined, name: string): string[] => {
    if (!schema) return [];
    const inner = [...(schema.anyOf ?? []), ...(schema.allOf ?? []), ...(schema.items ? [schema.items] : [])].flatMap((part) => fields(part, name));
    const properties = Object.entries(schema.properties ?? {}).flatMap(([property, propertySchema]) => fields(propertySchema, property));
    return [...(takesDates(schema) ? [name] : []), ...inner, ...properties];
  };
  const parameters = (operation.parameters ?? []).flatMap((parameter) => fields(parameter.schema, parameter.name).map((name) => `${parameter.in} ${name}`));
  const body = Object.values(operation.requestBody?.content ?? {}).flatMap(({ schema }) => fields(schema, '').map((name) => `body ${name}`));
  return [...new Set([...parameters, ...body])];
}

describe.each(testDatabaseKinds)('every date the API takes on $name', (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });
  let fixtures: Fixtures;
  beforeAll(async () => {
    fixtures = await freshFixtures(shop, shop.customer, shop.admin);
  });

  /** `also`: more of the body, such as the call's other dates. */
  const send = (row: MatrixRow, field: DateField, value: string, also: object = {}) => {
    const { url, body } = callWithDate(row, field, fixtures, value);
    const payload = body === undefined ? undefined : { ...(body as object), ...also };
    return shop.app.inject({ method: row.method, url, headers: { ...bearer(shop.admin), ...row.headers?.(payload) }, ...(payload === undefined ? {} : { payload }) });
  };

  it('is named in the route catalogue: every date the API documents (a moment, a day or a month, by format or by pattern)', async () => {
    const document = (await shop.app.inject({ method: 'GET', url: '/api/docs' })).json() as { paths: Record<string, Record<string, Operation>> };
    const documented = Object.entries(document.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).flatMap(([method, operation]) => documentedDates(operation).map((where) => `${method.toUpperCase()} ${path} ${where}`)),
    );
    expect(documented.sort()).toEqual(DATED.map(([label]) => label).sort());
    expect(documented).toHaveLength(9);
  });

  it.each(DATED)('%s outside the years 2000 to 2100 is refused in words, and nothing is written', async (_label, row, field) => {
    for (const value of DATE_SAMPLES.outsideTheYears[field.kind]) {
      const before = await snapshotShop(shop.database.db);
      const answer = await send(row, field, value);
      expect(answer.statusCode, `${value}: ${answer.body}`).toBe(400);
      expect(answer.json(), value).toEqual({ error: 'bad_request', message: `${field.label} must be in the years 2000 to 2100, in UTC` });
      expect(await snapshotShop(shop.database.db), value).toEqual(before);
    }
  });

  it.each(DATED)('%s that is no date (a year past 9999 or before 0, February 30, 24:00, a leap second) is refused in words', async (_label, row, field) => {
    for (const value of DATE_SAMPLES.noDate[field.kind]) {
      const before = await snapshotShop(shop.database.db);
      const answer = await send(row, field, value);
      expect(answer.statusCode, `${value}: ${answer.body}`).toBe(400);
      expect(answer.json(), value).toEqual({ error: 'bad_request', message: NOT_A_DATE_WORDS[field.kind](field.label) });
      expect(await snapshotShop(shop.database.db), value).toEqual(before);
    }
  });

  it.each(DATED)('%s at the edges of the years 2000 to 2100 is taken', async (_label, row, field) => {
    // The call's other dates cleared, so a coupon's end is never before its start.
    const othersCleared = Object.fromEntries((row.dates ?? []).filter((other) => other.in === 'body' && other !== field).map((other) => [other.name, null]));
    for (const value of DATE_SAMPLES.atTheEdges[field.kind]) {
      const answer = await send(row, field, value, othersCleared);
      expect(answer.statusCode, `${value}: ${answer.body}`).toBeLessThan(300);
    }
  });
});
