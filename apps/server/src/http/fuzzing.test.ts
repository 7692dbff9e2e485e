import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATE_SAMPLES } from '../test-support/date-samples.ts';
import { AUTHORIZATION_MATRIX, callWithDate, fixtureHandover, freshFixtures, type DateField, type Fixtures, type MatrixRow } from '../test-support/route-catalogue.ts';
import { oneDatabaseKind } from '../test-support/test-databases.ts';
import { useTestShop } from '../test-support/test-shop.ts';
import { bearer, browserHeaders, type TestUser } from '../test-support/test-users.ts';

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

const LIST_PARAMETERS = ['limit', 'cursor', 'q', 'sort', 'delivery', 'status', 'month'];

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

/**
 * One or more code points of every Unicode general category (issue 24: a NUL answered 500). Each is
 * sent into every text field and parameter of every route, and must never answer 5xx. A lone
 * surrogate goes into a body as a JSON escape (JSON.stringify writes "\ud800") and into a URL as
 * the bytes it would have in UTF-8 (%ED%A0%80), which are no UTF-8 at all.
 */
const CATEGORY_SAMPLES: readonly (readonly [category: string, sample: string])[] = [
  ['Cc', '\u0000'],
  ['Cc', '\u0009'],
  ['Cc', '\u000a'],
  ['Cc', '\u000d'],
  ['Cc', '\u001b'],
  ['Cc', '\u007f'],
  ['Cc', '\u0085'],
  ['Cf', '\u00ad'],
  ['Cf', '\u200b'],
  ['Cf', '\u202e'],
  ['Cf', '\ufeff'],
  ['Co', '\ue000'],
  ['Co', '\u{10fffd}'],
  ['Cs', '\ud800'],
  ['Cs', '\udfff'],
  ['Cn', '\u0378'],
  ['Cn', '\uffff'],
  ['Zl', '\u2028'],
  ['Zp', '\u2029'],
  ['Zs', ' '],
  ['Zs', '\u00a0'],
  ['Zs', '\u3000'],
  ['Mn', '\u0301'],
  ['Mc', '\u0903'],
  ['Me', '\u20dd'],
  ['Lu', 'Ä'],
  ['Ll', 'ß'],
  ['Lt', '\u01c5'],
  ['Lm', '\u02b0'],
  ['Lo', '\u4e2d'],
  ['Nd', '\u0663'],
  ['Nl', '\u2160'],
  ['No', '\u00bd'],
  ['Pc', '_'],
  ['Pd', '-'],
  ['Ps', '('],
  ['Pe', ')'],
  ['Pi', '\u00ab'],
  ['Pf', '\u00bb'],
  ['Po', '%'],
  ['Sm', '+'],
  ['Sc', '\u20ac'],
  ['Sk', '^'],
  ['So', '\u{1f50c}'],
];

/** Samples no text field takes: a control character other than a line's, or half of a character. */
const NEVER_TAKEN = new Set(['\u0000', '\u001b', '\u007f', '\u0085', '\ud800', '\udfff']);

/**
 * A sample as a URL carries it: percent-encoded UTF-8, or WTF-8 bytes for a lone surrogate. Those
 * bytes are no UTF-8, and the server reads them as replacement characters (U+FFFD), which are text:
 * only a body can carry half of a character to the shop.
 */
function inUrl(sample: string): string {
  const code = sample.codePointAt(0)!;
  if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(sample);
  return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
}

interface TextTarget {
  where: string;
  inUrl: boolean;
  /** The request with `sample` in this one place; everything else as valid as the fixtures make it. */
  withSample(sample: string): { url: string; body: unknown };
}

/**
 * Every text of a call: each leaf of the body (numbers too: a form sends them as text), each path
 * parameter, each query parameter. `validBody` is called for each request (a sign-up needs a new address).
 */
function textTargets(route: string, url: string, validBody: () => unknown): TextTarget[] {
  const body = validBody();
  const [path, query = ''] = url.split('?') as [string, string | undefined];
  const segments = path.split('/');
  const parameterSegments = route.split('/').flatMap((segment, index) => (segment.startsWith('{') ? [index] : []));
  const targets: TextTarget[] = parameterSegments.map((index) => ({
    where: `path ${route.split('/')[index]}`,
    inUrl: true,
    withSample: (sample) => ({ url: segments.map((segment, i) => (i === index ? segment + inUrl(sample) : segment)).join('/') + (query ? `?${query}` : ''), body: validBody() }),
  }));
  const pairs = [...new URLSearchParams(query)];
  for (const [name] of pairs) {
    targets.push({
      where: `query ${name}`,
      inUrl: true,
      withSample: (sample) => ({
        url: `${path}?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}${key === name ? inUrl(sample) : ''}`).join('&')}`,
        body: validBody(),
      }),
    });
  }
  const leaves = (value: unknown, at: string[]): string[][] =>
    typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([key, inner]) => leaves(inner, [...at, key])) : at.length > 0 ? [at] : [];
  for (const leaf of leaves(body, [])) {
    targets.push({
      where: `body ${leaf.join('.')}`,
      inUrl: false,
      withSample: (sample) => {
        const copy = validBody() as Record<string, unknown>;
        const parent = leaf.slice(0, -1).reduce<Record<string, unknown>>((inner, key) => inner[key] as Record<string, unknown>, copy);
        const key = leaf.at(-1)!;
        parent[key] = `${String(parent[key])}${sample}`;
        return { url, body: copy };
      },
    });
  }
  return targets;
}

/** Random dates sent to each date a route takes, after every one of DATE_SAMPLES. */
const DATE_RUNS = 150;

const digits = (min: number, max: number, width = 2) => fc.integer({ min, max }).map((value) => String(value).padStart(width, '0'));
/** Mostly a part that can be (a month from 01 to 12), sometimes one that cannot (00, 13). */
const mostlyReal = (min: number, max: number, past: number) => fc.oneof({ arbitrary: digits(min, max), weight: 4 }, { arbitrary: digits(0, past), weight: 1 });
/**
 * A year near the ends of the shop's years and of the database's, any year of four digits, or one
 * of six with a sign as ISO's expanded years write them (+275760, -000001), past what JavaScript keeps.
 */
const anyYear = fc.oneof(
  fc.constantFrom('0000', '0001', '1999', '2000', '2100', '2101', '9999'),
  digits(0, 9999, 4),
  fc.integer({ min: -300_000, max: 300_000 }).map((year) => `${year < 0 ? '-' : '+'}${String(Math.abs(year)).padStart(6, '0')}`),
);
const anyOffset = fc.oneof(
  fc.constantFrom('Z', '-14:00', '+14:00'),
  fc.tuple(fc.constantFrom('+', '-'), digits(0, 24), digits(0, 60)).map(([sign, hours, minutes]) => `${sign}${hours}:${minutes}`),
);

/**
 * Moments, days and months of any year, month, day and time (month 13, February 30, 24:00, second 60,
 * offsets of a day), and every moment JavaScript keeps as it writes them.
 */
const DATE_ARBITRARIES: Record<DateField['kind'], fc.Arbitrary<string>> = {
  moment: fc.oneof(
    fc
      .tuple(anyYear, mostlyReal(1, 12, 13), mostlyReal(1, 28, 32), mostlyReal(0, 23, 24), mostlyReal(0, 59, 60), mostlyReal(0, 59, 61), fc.constantFrom('', '.5', '.999999999'), anyOffset)
      .map(([year, month, day, hours, minutes, seconds, fraction, offset]) => `${year}-${month}-${day}T${hours}:${minutes}:${seconds}${fraction}${offset}`),
    fc.date({ noInvalidDate: true }).map((moment) => moment.toISOString()),
  ),
  day: fc.tuple(anyYear, mostlyReal(1, 12, 13), mostlyReal(1, 28, 32)).map(([year, month, day]) => `${year}-${month}-${day}`),
  month: fc.tuple(anyYear, mostlyReal(1, 12, 13)).map(([year, month]) => `${year}-${month}`),
};

/** The identity service's calls (better-auth, under /api/auth), whose texts no route schema of ours reads. */
interface IdentityCall {
  method: 'GET' | 'POST';
  route: string;
  url: string;
  body?: () => object;
  /** Sent with the sweep user's session cookie. */
  signedIn?: boolean;
}

let signUps = 0;
const IDENTITY_CALLS = (email: string, password: string): IdentityCall[] => [
  { method: 'POST', route: '/api/auth/sign-in/email', url: '/api/auth/sign-in/email', body: () => ({ email, password }) },
  {
    method: 'POST',
    route: '/api/auth/sign-up/email',
    url: '/api/auth/sign-up/email',
    body: () => ({ name: 'Sweep Person', email: `sweep-${(signUps += 1)}@example.com`, password: 'Abc#1234' }),
  },
  { method: 'POST', route: '/api/auth/request-password-reset', url: '/api/auth/request-password-reset', body: () => ({ email, redirectTo: '/reset-password' }) },
  { method: 'POST', route: '/api/auth/reset-password', url: '/api/auth/reset-password', body: () => ({ token: 'no-such-token', newPassword: 'Fresh#123' }) },
  { method: 'GET', route: '/api/auth/reset-password/{token}', url: '/api/auth/reset-password/no-such-token?callbackURL=%2Freset-password' },
  // A wrong current password, so no call of the sweep changes the password its session holds.
  { method: 'POST', route: '/api/auth/change-password', url: '/api/auth/change-password', body: () => ({ currentPassword: 'Wrong#123', newPassword: 'Fresh#123' }), signedIn: true },
  { method: 'POST', route: '/api/auth/update-user', url: '/api/auth/update-user', body: () => ({ name: 'Sweep Renamed' }), signedIn: true },
];

/**
 * On one database (PostgreSQL where there is one): what the fuzzer looks for is how each route reads
 * what it is sent, which is the same code before either database; the two databases are PostgreSQL
 * alike, and every route's behaviour on each is the API suites' (decision 064). Both took a third of
 * CI's API time.
 */
describe.each([oneDatabaseKind])(`fuzzing every route with ${TOTAL_REQUESTS} requests on $name`, (kind) => {
  // The sweep makes about as many identity calls as the limit per address allows in a minute, and
  // sends DELETE /api/me a wrong password for each kind of character.
  const shop = useTestShop(kind, { seed: true, users: true, environment: { AUTH_RATE_LIMIT_MAX: '100000', ACCOUNT_DELETION_TRIES_PER_HOUR: '100000' } });
  let serverErrors: string[];
  let requestsSent = 0;
  /**
   * A row's fixtures: one set shared by the rows that only read (GET): a read leaves them as they
   * were, and making a set (an order paid, shipped and returned, a picture, a review…) was most of a
   * read row's time. A row whose calls may change or take them (POST, PATCH, PUT, DELETE) gets a set
   * as made: a new one, or the last such row's when its requests left every watched row as it found
   * them (route-catalogue.ts's fixtureHandover), as most of a write row's fuzzed calls are refused.
   */
  let readFixtures: Promise<Fixtures> | undefined;
  const writeSets = fixtureHandover(shop, () => shop.customer, () => shop.admin);
  async function withFixtures(row: MatrixRow, test: (fixtures: Fixtures) => Promise<void>): Promise<void> {
    if (row.method === 'GET') return test(await (readFixtures ??= freshFixtures(shop, shop.customer, shop.admin)));
    const { fixtures, asFound } = await writeSets.take();
    await test(fixtures);
    await writeSets.giveBack(fixtures, asFound);
  }
  beforeAll(async () => {
    serverErrors = [];
  });

  it.each(AUTHORIZATION_MATRIX.map((row) => [`${row.method} ${row.route}`, row] as const))(
    '%s never answers 5xx',
    { timeout: 120_000 },
    async (_label, row: MatrixRow) => {
      await withFixtures(row, async (fixtures) => {
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
      });
      expect(serverErrors).toEqual([]);
    },
  );

  /** Sends each category's samples into each text of a call; returns what was wrong (5xx, a limit met, a refused text taken). */
  async function sweep(method: string, route: string, targets: TextTarget[], headers: Record<string, string>): Promise<string[]> {
    const problems: string[] = [];
    for (const target of targets) {
      for (const [category, sample] of CATEGORY_SAMPLES) {
        const { url, body } = target.withSample(sample);
        const response = await shop.app.inject({
          method: method as 'GET',
          url,
          headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        const what = `${method} ${route} ${target.where} ${category} U+${sample.codePointAt(0)!.toString(16).padStart(4, '0')}`;
        if (response.statusCode >= 500) problems.push(`${what} -> ${response.statusCode} ${response.body}`);
        // A limit met would hide the rest of the sweep behind 429s.
        if (response.statusCode === 429) problems.push(`${what} -> 429`);
        const arrivesWhole = !(target.inUrl && /\p{Cs}/u.test(sample));
        if (NEVER_TAKEN.has(sample) && arrivesWhole && response.statusCode < 400) problems.push(`${what} -> taken (${response.statusCode})`);
      }
    }
    return problems;
  }

  it('has a sample of each general category it names', () => {
    for (const [category, sample] of CATEGORY_SAMPLES) expect(new RegExp(`^\\p{gc=${category}}$`, 'u').test(sample), `${category} ${sample}`).toBe(true);
    expect(new Set(CATEGORY_SAMPLES.map(([category]) => category)).size).toBe(30);
  });

  it.each(AUTHORIZATION_MATRIX.filter((row) => !row.multipart).map((row) => [`${row.method} ${row.route}`, row] as const))(
    '%s takes every kind of character in each text without a 5xx, and never a control character',
    { timeout: 120_000 },
    async (_label, row: MatrixRow) => {
      const caller = row.allowed.includes('admin') ? shop.admin : row.allowed.includes('owner') || row.allowed.includes('other') ? shop.customer : null;
      const headers: Record<string, string> = row.cookie ? browserHeaders(shop.customer.cookie) : caller ? bearer(caller) : {};
      await withFixtures(row, async (fixtures) => {
        expect(await sweep(row.method, row.route, textTargets(row.route, row.url(fixtures), () => row.body?.(fixtures)), headers)).toEqual([]);
      });
    },
  );

  it('sends every kind of character into each text of the identity service without a 5xx, and never a control character', { timeout: 300_000 }, async () => {
    const { customer } = shop;
    const problems: string[] = [];
    for (const call of IDENTITY_CALLS(customer.email, customer.password)) {
      const targets = textTargets(call.route, call.url, () => call.body?.());
      problems.push(...(await sweep(call.method, call.route, targets, browserHeaders(call.signedIn ? customer.cookie : undefined))));
    }
    expect(problems).toEqual([]);
  });

  it.each(AUTHORIZATION_MATRIX.filter((row) => row.dates).map((row) => [`${row.method} ${row.route}`, row] as const))(
    '%s takes any date (year 0000, 9999, 275760, before year 0, -14:00, February 30, 24:00, a leap second) without a 5xx',
    { timeout: 120_000 },
    async (_label, row: MatrixRow) => {
      await withFixtures(row, async (fixtures) => {
        const problems: string[] = [];
        const send = async (field: DateField, value: string) => {
          requestsSent += 1;
          const { url, body } = callWithDate(row, field, fixtures, value);
          const response = await shop.app.inject({ method: row.method, url, headers: bearer(shop.admin), ...(body === undefined ? {} : { payload: body as object }) });
          if (response.statusCode >= 500) problems.push(`${row.method} ${url} ${field.name}=${value} -> ${response.statusCode} ${response.body}`);
          return response.statusCode < 500;
        };
        for (const field of row.dates!) {
          for (const value of Object.values(DATE_SAMPLES).flatMap((samples) => samples[field.kind])) await send(field, value);
          await fc.assert(
            fc.asyncProperty(DATE_ARBITRARIES[field.kind], (value) => send(field, value)),
            { numRuns: DATE_RUNS, seed: 20261127 },
          );
        }
        expect(problems).toEqual([]);
      });
    },
  );

  it(`sent at least ${TOTAL_REQUESTS} requests`, () => {
    expect(requestsSent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
  });
});
