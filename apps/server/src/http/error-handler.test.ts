import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { testDatabaseKinds } from '../test-support/test-databases.ts';
import { registerErrorHandler } from './error-handler.ts';

/**
 * Issue 36: a value the database refuses (a date it does not keep, a number too large for its
 * type) answered 500. The schemas now refuse such values first; should one still reach the
 * database, its refusal is answered 400 in words, as the driver of each kind reports it.
 */
const REFUSALS = [
  { what: 'a date of year 0000 (22008)', query: sql`select ${'0000-01-01'}::date`, words: 'A date in this request is not one the shop can keep: give dates in the years 2000 to 2100, in UTC.' },
  {
    what: 'a moment past 9999 as JavaScript writes it (22009)',
    query: sql`select ${'+010000-01-01T00:00:00.000Z'}::timestamptz`,
    words: 'A date in this request is not one the shop can keep: give dates in the years 2000 to 2100, in UTC.',
  },
  { what: 'a date that is no date (22007)', query: sql`select ${'not a date'}::timestamptz`, words: 'A date in this request is not one the shop can keep: give dates in the years 2000 to 2100, in UTC.' },
  { what: 'a number too large for its type (22003)', query: sql`select ${'3000000000'}::integer`, words: 'A number in this request is too large for the shop to keep.' },
  { what: 'text where a number belongs (22P02)', query: sql`select ${'x'}::integer`, words: 'A value in this request is not of the kind the shop keeps there (such as text where a number belongs).' },
  { what: 'a NUL character (22021)', query: sql`select ${'a\u0000b'}::text`, words: 'A text in this request holds a character the shop cannot keep.' },
];

describe.each(testDatabaseKinds)('a value the database refuses on $name', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await kind.open();
    app = Fastify();
    registerErrorHandler(app);
    app.post<{ Params: { index: string } }>('/refused/:index', async (request) => database.db.execute(REFUSALS[Number(request.params.index)]!.query));
    // A column shorter than its text (22001): the shop's own text columns are CHECKed, this is a column without a check.
    app.post('/too-long', async () =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`create temporary table short_codes (code varchar(2)) on commit drop`);
        await tx.execute(sql`insert into short_codes values (${'abc'})`);
      }),
    );
    app.post('/divided-by-zero', async () => database.db.execute(sql`select 1 / ${0}::integer`));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each(REFUSALS.map((refusal, index) => [refusal.what, index, refusal.words] as const))('%s is answered 400 in words', async (_what, index, words) => {
    const answer = await app.inject({ method: 'POST', url: `/refused/${index}` });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toEqual({ error: 'bad_request', message: words });
  });

  it('a text longer than its column (22001) is answered 400 in words', async () => {
    const answer = await app.inject({ method: 'POST', url: '/too-long' });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toEqual({ error: 'bad_request', message: 'A text in this request is too long for the shop to keep.' });
  });

  it("keeps the shop's own mistakes 500 (a division by zero is no value of the request)", async () => {
    const answer = await app.inject({ method: 'POST', url: '/divided-by-zero' });
    expect(answer.statusCode, answer.body).toBe(500);
  });
});
