import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_MATRIX, freshFixtures, type MatrixRow } from '../test-support/route-catalogue.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, type TestUser } from '../test-support/test-users.ts';

const TOTAL_REQUESTS = 10_000;
const RUNS_PER_ROUTE = Math.ceil(TOTAL_REQUESTS / AUTHORIZATION_MATRIX.length);

/** A valid body with one field replaced, dropped or joined by a stranger: the shapes that slip past loose parsing. */
function bodyArbitrary(valid: unknown): fc.Arbitrary<unknown> {
  const anyJson = fc.jsonValue({ maxDepth: 3 });
  if (typeof valid !== 'object' || valid === null || Object.keys(valid).length === 0) {
    return fc.oneof(anyJson, fc.constant(valid));
  }
  const keys = Object.keys(valid);
  return fc.oneof(
    anyJson,
    fc.record({ key: fc.constantFrom(...keys), value: anyJson }).map(({ key, value }) => ({ ...valid, [key]: value })),
    fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key))),
    fc.record({ key: fc.string({ maxLength: 12 }), value: anyJson }).map(({ key, value }) => ({ ...valid, [key]: value })),
    fc.constantFrom(-1, 0, 1.5, 1e308, '1', '', null, true, [], {}).chain((odd) =>
      fc.constantFrom(...keys).map((key) => ({ ...valid, [key]: odd })),
    ),
  );
}

const LIST_PARAMETERS = ['limit', 'cursor', 'q', 'sort', 'delivery', 'status'];

/** The real URL, or one with a segment or the query replaced by arbitrary text. */
function urlArbitrary(url: string): fc.Arbitrary<string> {
  const [path, query] = url.split('?') as [string, string | undefined];
  const segments = path.split('/');
  const text = fc.string({ unit: 'binary', maxLength: 40 }).map(encodeURIComponent);
  return fc.oneof(
    fc.constant(url),
    fc.record({ index: fc.integer({ min: 2, max: segments.length - 1 }), value: text }).map(({ index, value }) => {
      const copy = [...segments];
      copy[index] = value || 'x';
      return copy.join('/') + (query ? `?${query}` : '');
    }),
    // Arbitrary names, and the list parameters every paged route reads, with arbitrary values.
    fc.array(fc.tuple(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom(...LIST_PARAMETERS)), fc.string({ unit: 'binary', maxLength: 30 })), { maxLength: 4 }).map(
      (pairs) => `${path}?${new URLSearchParams(pairs).toString()}${query ? `&${query}` : ''}`,
    ),
  );
}

describe.each(testDatabaseKinds)(`fuzzing every route with ${TOTAL_REQUESTS} requests on $name`, (kind) => {
  const shop = useTestShop(kind, { seed: true, users: true });
  let serverErrors: string[];
  let requestsSent = 0;
  beforeAll(async () => {
    serverErrors = [];
  });

  it.each(AUTHORIZATION_MATRIX.map((row) => [`${row.method} ${row.route}`, row] as const))(
    '%s never answers 5xx',
    { timeout: 120_000 },
    async (_label, row: MatrixRow) => {
      const fixtures = await freshFixtures(shop, shop.customer, shop.admin);
      const validBody = row.body?.(fixtures);
      await fc.assert(
        fc.asyncProperty(
          urlArbitrary(row.url(fixtures)),
          bodyArbitrary(validBody),
          fc.constantFrom<TestUser | null>(shop.customer, shop.admin, null),
          async (url, body, caller) => {
            requestsSent += 1;
            const response = await shop.app.inject({
              method: row.method,
              url,
              headers: caller ? bearer(caller) : {},
              ...(row.method === 'GET' || row.method === 'DELETE' ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...(caller ? bearer(caller) : {}) } }),
            });
            if (response.statusCode >= 500) serverErrors.push(`${row.method} ${url} ${JSON.stringify(body)} -> ${response.body}`);
            return response.statusCode < 500;
          },
        ),
        { numRuns: RUNS_PER_ROUTE, seed: 20261121 },
      );
      expect(serverErrors).toEqual([]);
    },
  );

  it(`sent at least ${TOTAL_REQUESTS} requests`, () => {
    expect(requestsSent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
  });
});
