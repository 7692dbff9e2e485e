import { and, eq, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import { FORMER_CUSTOMER, forgetMeMessages, type DeleteMyAccount, type EraseCustomer, type ErasureAnswer } from '@voltline/shared/forget-me';
import type { Database, DbTransaction } from '../db/client.ts';
import {
  accountErasures,
  authAccounts,
  authUsers,
  authVerifications,
  businessAccounts,
  images,
  notifications,
  queries,
  reviews,
  stockAlerts,
  userProfiles,
  vatChecks,
} from '../db/schema.ts';
import type { Auth } from '../identity/better-auth.ts';
import type { Caller } from '../identity/caller.ts';
import type { InvoicesService } from '../invoices/invoices-service.ts';
import type { OrderLifecycle } from '../orders/lifecycle/index.ts';
import { AppError, notFound } from '../platform/app-error.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { JsonCache } from '../platform/cached-json.ts';

/** Erasures whose tax records end, cleared per run of the hourly job (the rest wait for the next hour). */
const RETENTION_BATCH = 100;

/** Who is erased: the account (null for a profile that never signed in with one) and its profile. */
interface Person {
  userId: string | null;
  profileId: string;
  email: string;
}

/** Who ran the erasure: the person themselves, or an admin for a request received by mail. */
type ErasedBy = { admin: Caller; request: string } | null;

const customerNotFound = () => notFound('Customer not found');

/**
 * "Forget me" (GDPR art. 17; issue 41, item 2; decision 061). Walks the tables the export reads
 * (my-data-export.ts) and erases or clears what they hold of the person, in one transaction: the
 * account, its sign-in methods, sessions and tokens, profile, role changes, business account and its
 * VAT checks, cart, back-in-stock alerts, queries, pictures they uploaded, mails addressed to them
 * or naming them, and their reviews (or keeps those as "a former customer"). The orders keep what
 * tax law asks (orders/lifecycle/forget.ts), until the retention job clears that too.
 */
export function createForgetMe(deps: { db: Database; auth: Auth; lifecycle: OrderLifecycle; invoices: InvoicesService; listCache: JsonCache; taxRecordYears: number }) {
  const { db, lifecycle } = deps;

  async function checkPassword(userId: string, password: string): Promise<void> {
    const [credential] = await db
      .select({ hash: authAccounts.password })
      .from(authAccounts)
      .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential'), isNotNull(authAccounts.password)));
    if (!credential?.hash) throw new AppError('invalid_data', forgetMeMessages.noPassword);
    const context = await deps.auth.$context;
    if (!(await context.password.verify({ hash: credential.hash, password }))) throw new AppError('invalid_data', forgetMeMessages.wrongPassword);
  }

  /** What is erased outright: everything of the person but their orders, in the erasure's transaction. */
  async function eraseEverythingElse(tx: DbTransaction, person: Person, keepReviews: boolean): Promise<number> {
    const { userId, email } = person;
    let reviewsKept = 0;
    // Their pictures: the profile's and the photos of the reviews that go (a kept review keeps its
    // photo). Only these: a former admin's uploads may show in the catalogue.
    const [profile] = await tx.select({ picture: userProfiles.profilePicture }).from(userProfiles).where(eq(userProfiles.id, person.profileId));
    const pictures = profile?.picture ? [profile.picture] : [];
    if (userId) {
      if (keepReviews) {
        reviewsKept = (await tx.update(reviews).set({ userName: FORMER_CUSTOMER, userEmail: '', userId: null }).where(eq(reviews.userId, userId)).returning({ id: reviews.id })).length;
      } else {
        const erased = await tx.delete(reviews).where(eq(reviews.userId, userId)).returning({ photo: reviews.photo });
        pictures.push(...erased.flatMap((review) => (review.photo ? [review.photo] : [])));
      }
      // A VAT id's checks name the business: they go unless another customer's business account holds the same id.
      const [business] = await tx.select({ vatId: businessAccounts.vatId }).from(businessAccounts).where(eq(businessAccounts.customerId, userId));
      if (business) {
        const sharedVatId = tx.select({ id: businessAccounts.id }).from(businessAccounts).where(and(eq(businessAccounts.vatId, business.vatId), ne(businessAccounts.customerId, userId)));
        await tx.delete(vatChecks).where(and(eq(vatChecks.vatId, business.vatId), sql`not exists (${sharedVatId})`));
      }
      await tx.delete(authVerifications).where(eq(authVerifications.value, userId));
    }
    const pictureIds = pictures.flatMap((picture) => picture.match(/^\/api\/images\/([0-9a-f-]{36})$/)?.[1] ?? []);
    // Their own uploads only: a profile may show a picture someone else uploaded (a tool's).
    if (userId && pictureIds.length > 0) await tx.delete(images).where(and(inArray(images.id, pictureIds), eq(images.uploadedBy, userId)));
    await tx.delete(queries).where(sql`lower(${queries.email}) = ${email}`);
    await tx.delete(stockAlerts).where(eq(stockAlerts.email, email));
    await tx.delete(authVerifications).where(eq(authVerifications.identifier, email));
    // The outbox's mails to them (by address: its index) and any mail or webhook that names them
    // (the shop's own order mails, webhooks of their orders): read through, an erasure is rare.
    await tx.delete(notifications).where(sql`${notifications.target} = ${email} or position(${email} in lower(${notifications.payload}::text)) > 0`);
    // The profile takes its role changes with it; the account its sessions, sign-in methods, cart and
    // business account, and leaves its orders, returns and coupon uses without an owner.
    await tx.delete(userProfiles).where(eq(userProfiles.id, person.profileId));
    if (userId) await tx.delete(authUsers).where(eq(authUsers.id, userId));
    return reviewsKept;
  }

  async function erase(person: Person, keepReviews: boolean, by: ErasedBy): Promise<ErasureAnswer> {
    // Drawn before: the documents then print as issued after the erasure clears their columns.
    if (person.userId) await deps.invoices.keepPdfsOfBuyer(person.userId);
    const now = new Date();
    const reviewsKept = await db.transaction(async (tx) => {
      if (person.userId) {
        const [account] = await tx.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, person.userId)).for('update');
        if (!account) throw customerNotFound();
        const open = await lifecycle.openOrdersOfCustomer(tx, person.userId);
        if (open.length > 0) throw new AppError('conflict', forgetMeMessages.openOrders(open));
      }
      const [erasure] = await tx
        .insert(accountErasures)
        .values({ erasedAt: now, byUserId: by?.admin.userId ?? null, byEmail: by?.admin.email ?? null, request: by?.request ?? null, reviewsKept: 0 })
        .returning({ id: accountErasures.id });
      const lastDocumentAt = person.userId ? (await lifecycle.forgetBuyer(tx, person.userId, erasure!.id)).lastDocumentAt : null;
      const kept = await eraseEverythingElse(tx, person, keepReviews);
      const taxRecordsUntil = lastDocumentAt && new Date(lastDocumentAt);
      taxRecordsUntil?.setUTCFullYear(taxRecordsUntil.getUTCFullYear() + deps.taxRecordYears);
      await tx.update(accountErasures).set({ reviewsKept: kept, taxRecordsUntil }).where(eq(accountErasures.id, erasure!.id));
      // An admin's erasure in the audit log by the erasure's id alone: nothing of the person (decision 065).
      if (by) await recordAudit(tx, { actor: by.admin, kind: 'erasure', action: 'customer erased', subject: erasure!.id, before: null, after: { keepReviews, reviewsKept: kept } });
      return kept;
    });
    // The home page's reviews are cached.
    deps.listCache.invalidate();
    return { erased: true, reviewsKept };
  }

  return {
    /** DELETE /api/me: the caller's own account, after the word DELETE and their password again. */
    async deleteMyAccount(caller: Caller, request: DeleteMyAccount): Promise<ErasureAnswer> {
      if (caller.roles.length > 0) throw new AppError('forbidden', forgetMeMessages.adminAccount);
      await checkPassword(caller.userId, request.password);
      return erase({ userId: caller.userId, profileId: caller.profileId, email: caller.email.toLowerCase() }, request.keepReviews, null);
    },

    /** POST /api/admin/users/{id}/erase: a customer's account, for a request received by mail (recorded, without the erased data). */
    async eraseCustomer(admin: Caller, profileId: string, request: EraseCustomer): Promise<ErasureAnswer> {
      const id = entityIdSchema.safeParse(profileId);
      if (!id.success) throw customerNotFound();
      const [profile] = await db.select().from(userProfiles).where(eq(userProfiles.id, id.data));
      if (!profile) throw customerNotFound();
      if (profile.role === 'admin' || profile.staffRoles.length > 0) throw new AppError('conflict', forgetMeMessages.adminAccount);
      if (request.request.toLowerCase().includes(profile.email)) throw new AppError('invalid_data', forgetMeMessages.requestNamesCustomer);
      return erase({ userId: profile.userId, profileId: profile.id, email: profile.email }, request.keepReviews, { admin, request: request.request });
    },

    /**
     * The hourly retention job: the erasures whose tax records have ended (TAX_RECORD_YEARS after
     * their last document) lose the buyer's name, address and VAT id from those documents too.
     * Answers the documents cleared.
     */
    async clearTaxRecordsDue(now = new Date()): Promise<number> {
      const due = await db
        .select({ id: accountErasures.id })
        .from(accountErasures)
        .where(and(isNotNull(accountErasures.taxRecordsUntil), isNull(accountErasures.taxRecordsClearedAt), lte(accountErasures.taxRecordsUntil, now)))
        .orderBy(accountErasures.taxRecordsUntil)
        .limit(RETENTION_BATCH);
      let cleared = 0;
      for (const { id } of due) {
        cleared += await db.transaction(async (tx) => {
          await tx.update(accountErasures).set({ taxRecordsClearedAt: now }).where(eq(accountErasures.id, id));
          return lifecycle.clearTaxRecords(tx, id);
        });
      }
      return cleared;
    },
  };
}
export type ForgetMe = ReturnType<typeof createForgetMe>;
