import { eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import type { QueryAnswer, QueryForm, QueryListQuery, StoredQuery } from '@voltline/shared/query-form';
import type { Database } from '../db/client.ts';
import { queries } from '../db/schema.ts';
import type { Caller } from '../identity/caller.ts';
import { recordMails } from '../notifications/notification-outbox.ts';
import { notFound } from '../platform/app-error.ts';
import { mapPage, type KeysetOrder, type Page, type Paging } from '../platform/paging.ts';
import type { QueryMail } from './query-mail.ts';

type QueryRow = typeof queries.$inferSelect;

const toQueryDto = (row: QueryRow): StoredQuery => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  role: row.role,
  query: row.query,
  createdAt: row.createdAt.toISOString(),
  answeredAt: row.answeredAt?.toISOString() ?? null,
  answeredBy: row.answeredBy,
});

const newestFirst: KeysetOrder = { key: queries.createdAt, keyType: 'timestamptz', id: queries.id, idType: 'uuid', direction: 'desc' };

const byStatus = { open: isNull(queries.answeredAt), answered: isNotNull(queries.answeredAt) } as const;

/**
 * The "Ask us anything" queries: visitors send them, the shop's contact address hears of each, and
 * admins work through them in the Queries inbox, marking each answered.
 */
export function createQueriesService(deps: { db: Database; paging: Paging; queryMail: QueryMail; shopNotifyEmail: string | undefined; publicUrl: string }) {
  const { db, paging, queryMail, shopNotifyEmail, publicUrl } = deps;
  const inboxLink = `${publicUrl}/dashboard/queries`;

  return {
    /** Stored, and its mail to the shop written in the same transaction: the mail exists exactly when the query does. */
    async submit(input: QueryForm): Promise<{ acknowledged: true; insertedId: string }> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(queries)
          .values({ name: input.name, email: input.email, phone: input.phone, role: input.role, query: input.query ?? '' })
          .returning({ id: queries.id });
        await recordMails(tx, 'query.received', shopNotifyEmail ? [queryMail(shopNotifyEmail, input, inboxLink)] : []);
        return { acknowledged: true as const, insertedId: row!.id };
      });
    },

    /** The inbox, newest first, a page at a time; `status` keeps the open or the answered ones. */
    async list(query: QueryListQuery): Promise<Page<StoredQuery>> {
      const page = paging.page({ list: 'queries', order: newestFirst, scope: { status: query.status }, query: { ...query, q: undefined } });
      const select = db.select({ query: queries, cursorKey: page.cursorKey }).from(queries).$dynamic();
      return mapPage(await page.read(select, query.status ? byStatus[query.status] : undefined, (row) => row.query.id), (row) => toQueryDto(row.query));
    },

    /**
     * Marks a query answered (by this admin, now) or open again. Marking an answered query answered
     * again keeps who answered it first and when.
     */
    async mark(admin: Caller, queryId: string, { answered }: QueryAnswer): Promise<StoredQuery> {
      const id = entityIdSchema.safeParse(queryId);
      if (!id.success) throw notFound('Query not found');
      const [row] = await db
        .update(queries)
        .set(
          answered
            ? { answeredAt: sql`coalesce(${queries.answeredAt}, now())`, answeredBy: sql`coalesce(${queries.answeredBy}, ${admin.email})` }
            : { answeredAt: null, answeredBy: null },
        )
        .where(eq(queries.id, id.data))
        .returning();
      if (!row) throw notFound('Query not found');
      return toQueryDto(row);
    },
  };
}
export type QueriesService = ReturnType<typeof createQueriesService>;
