import { and, eq, sql, type SQL } from 'drizzle-orm';
import { entityIdSchema } from '@voltline/shared/id';
import {
  businessAccountMessages,
  type BusinessAccount,
  type BusinessAccountsQuery,
  type businessAccountApplicationSchema,
} from '@voltline/shared/business-accounts';
import type { z } from 'zod';
import { fromCents, toCents } from '@voltline/shared/money';
import { onAccountMessages, type PaymentTerms } from '@voltline/shared/on-account';
import type { Database, DbExecutor } from '../db/client.ts';
import { openOnAccountCentsSql } from '../orders/lifecycle/index.ts';
import { businessAccounts, vatChecks } from '../db/schema.ts';
import type { Caller } from '../identity/caller.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { recordMails } from '../notifications/notification-outbox.ts';
import { AppError, notFound } from '../platform/app-error.ts';
import { likePattern, mapPage, type KeysetOrder, type Page, type Paging } from '../platform/paging.ts';
import type { VatIdRegister } from '../pricing/buyer-vat.ts';
import type { BusinessAccountMail } from './business-account-mail.ts';

type AccountRow = typeof businessAccounts.$inferSelect;
type CheckRow = Pick<typeof vatChecks.$inferSelect, 'vatId' | 'result' | 'checkedAt' | 'consultationNumber'>;
type Application = z.output<typeof businessAccountApplicationSchema>;

const newestFirst: KeysetOrder = { key: businessAccounts.appliedAt, keyType: 'timestamptz', id: businessAccounts.id, idType: 'uuid', direction: 'desc' };

/** The latest check of the account's VAT id, whatever it said: the admins read it beside the application. */
const lastCheck = sql<CheckRow | null>`(
  select json_build_object('vatId', c.vat_id, 'result', c.result, 'checkedAt', c.checked_at, 'consultationNumber', c.consultation_number)
  from ${vatChecks} c where c.vat_id = ${businessAccounts.vatId} order by c.checked_at desc limit 1)`;

/** What the account's open orders on account still owe (decision 060): the credit limit counts it. */
const openOnAccount = openOnAccountCentsSql(businessAccounts.customerId);

function toBusinessAccountDto(row: AccountRow, check: CheckRow | null, openCents: number): BusinessAccount {
  return {
    _id: row.id,
    email: row.email,
    companyName: row.companyName,
    vatId: row.vatId,
    billingStreet: row.billingStreet,
    billingPostcode: row.billingPostcode,
    billingCity: row.billingCity,
    billingCountry: row.billingCountry,
    note: row.note,
    state: row.state,
    refusalReason: row.refusalReason,
    appliedAt: row.appliedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy,
    lastVatCheck: check && { ...check, checkedAt: new Date(check.checkedAt).toISOString() },
    vatConfirmation:
      row.vatConfirmedAt && row.vatConfirmedBy && row.vatConfirmedReason
        ? { confirmedBy: row.vatConfirmedBy, confirmedAt: row.vatConfirmedAt.toISOString(), reason: row.vatConfirmedReason }
        : null,
    paymentTerms: {
      netDays: row.paymentTermsDays,
      creditLimit: fromCents(row.creditLimitCents),
      openOnAccount: fromCents(openCents),
      creditAvailable: fromCents(Math.max(0, row.creditLimitCents - openCents)),
    },
  };
}

/** Three characters and more: a part of the company, VAT id or email; fewer: the company's start. Both on the trigram index. */
function searchFor(q: string | undefined): SQL | undefined {
  if (q === undefined) return undefined;
  const searchText = sql`lower(${businessAccounts.companyName} || E'\\n' || ${businessAccounts.vatId} || E'\\n' || ${businessAccounts.email})`;
  return q.length >= 3 ? sql`${searchText} like ${likePattern(q, 'contains')}` : sql`${searchText} like ${likePattern(q, 'prefix')}`;
}

/**
 * Business accounts (issue 39, decision 055): a customer's application from My Profile (its VAT id
 * checked at once through the checker), the admins' Trade accounts page, their approval or refusal
 * (mailed through the outbox in the decision's transaction) and their confirmation of a VAT id by hand.
 */
export function createBusinessAccountsService({ db, paging, vatIds, mail }: { db: Database; paging: Paging; vatIds: VatIdRegister; mail: BusinessAccountMail }) {
  async function answer(executor: DbExecutor, where: SQL | undefined): Promise<BusinessAccount | null> {
    const [found] = await executor.select({ account: businessAccounts, check: lastCheck, open: openOnAccount }).from(businessAccounts).where(where);
    return found ? toBusinessAccountDto(found.account, found.check, found.open) : null;
  }

  /** An admin decides on an application only while it waits. */
  const PENDING = { state: 'pending', refusal: businessAccountMessages.notPending } as const;

  /**
   * An account as the audit log records it (decision 065): its state and terms, never its company,
   * VAT id, address or the admin's words, which are the customer's and go with an erasure.
   */
  const accountAudited = (row: AccountRow) => ({
    state: row.state,
    netDays: row.paymentTermsDays,
    creditLimit: fromCents(row.creditLimitCents),
    vatIdConfirmed: row.vatConfirmedAt !== null,
  });

  /**
   * Sets `values` on one account with its row locked, when it is in the state `needs` names; else
   * refuses in `needs`' words. `then` writes what goes with the change (the customer's mail) in the
   * same transaction. Recorded in the audit log as `action`.
   */
  async function decide(
    admin: Caller,
    action: string,
    accountId: string,
    needs: { state: AccountRow['state']; refusal: string },
    values: Partial<typeof businessAccounts.$inferInsert>,
    then?: (tx: DbExecutor, row: AccountRow) => Promise<void>,
  ): Promise<BusinessAccount> {
    const id = entityIdSchema.safeParse(accountId);
    if (!id.success) throw notFound(businessAccountMessages.notFound);
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(businessAccounts).where(eq(businessAccounts.id, id.data)).for('update');
      if (!row) throw notFound(businessAccountMessages.notFound);
      if (row.state !== needs.state) throw new AppError('conflict', needs.refusal);
      await tx.update(businessAccounts).set(values).where(eq(businessAccounts.id, row.id));
      await then?.(tx, row);
      const [changed] = await tx.select().from(businessAccounts).where(eq(businessAccounts.id, row.id));
      await recordAudit(tx, { actor: admin, kind: 'trade_account', action, subject: row.id, before: accountAudited(row), after: accountAudited(changed!) });
      return (await answer(tx, eq(businessAccounts.id, row.id)))!;
    });
  }

  return {
    /** GET /api/business-account: the caller's own, or null. */
    mine: (caller: Caller) => answer(db, eq(businessAccounts.customerId, caller.userId)),

    /**
     * POST /api/business-account: a new application, or a new one after a refusal (or while one
     * waits: what was typed last counts). The VAT id is checked at once (outside the transaction: it
     * may wait for VIES), so the admins see VIES's answer beside it.
     */
    async apply(caller: Caller, application: Application, now = new Date()): Promise<BusinessAccount> {
      const [current] = await db.select({ state: businessAccounts.state }).from(businessAccounts).where(eq(businessAccounts.customerId, caller.userId));
      if (current?.state === 'approved') throw new AppError('conflict', businessAccountMessages.alreadyApproved);
      await vatIds.check(application.vatId, now);
      const values = {
        email: caller.email,
        companyName: application.companyName,
        vatId: application.vatId,
        billingStreet: application.billingStreet,
        billingPostcode: application.billingPostcode,
        billingCity: application.billingCity,
        billingCountry: application.billingCountry,
        note: application.note ?? null,
        state: 'pending' as const,
        refusalReason: null,
        appliedAt: now,
        decidedAt: null,
        decidedBy: null,
      };
      // An approval racing this new application wins: the update leaves an approved account alone.
      const [saved] = await db
        .insert(businessAccounts)
        .values({ customerId: caller.userId, ...values })
        .onConflictDoUpdate({ target: businessAccounts.customerId, set: values, setWhere: sql`${businessAccounts.state} <> 'approved'` })
        .returning({ id: businessAccounts.id });
      if (!saved) throw new AppError('conflict', businessAccountMessages.alreadyApproved);
      return (await answer(db, eq(businessAccounts.id, saved.id)))!;
    },

    /** The Trade accounts page: newest application first, a page at a time; q and state narrow it. */
    async list(query: BusinessAccountsQuery): Promise<Page<BusinessAccount>> {
      const page = paging.page({ list: 'business-accounts', order: newestFirst, scope: { q: query.q, state: query.state }, query });
      const select = db.select({ account: businessAccounts, check: lastCheck, open: openOnAccount, cursorKey: page.cursorKey }).from(businessAccounts).$dynamic();
      const inState = query.state ? eq(businessAccounts.state, query.state) : undefined;
      return mapPage(await page.read(select, and(inState, searchFor(query.q)), (row) => row.account.id), (row) => toBusinessAccountDto(row.account, row.check, row.open));
    },

    approve: (admin: Caller, accountId: string, now = new Date()) =>
      decide(admin, 'approved', accountId, PENDING, { state: 'approved', decidedAt: now, decidedBy: admin.email }, (tx, row) =>
        recordMails(tx, 'business_account.approved', [mail.approved(row.email, row.companyName)], now),
      ),

    refuse: (admin: Caller, accountId: string, reason: string, now = new Date()) =>
      decide(admin, 'refused', accountId, PENDING, { state: 'refused', refusalReason: reason, decidedAt: now, decidedBy: admin.email }, (tx, row) =>
        recordMails(tx, 'business_account.refused', [mail.refused(row.email, row.companyName, reason)], now),
      ),

    /**
     * Payment terms (decision 060): net days and a credit limit, 0 for card only. Of an approved
     * account; the row lock makes a checkout on account racing the change see the old or the new
     * terms whole. A lower limit leaves orders already placed as they are.
     */
    setPaymentTerms: (admin: Caller, accountId: string, terms: PaymentTerms) =>
      decide(admin, 'payment terms set', accountId, { state: 'approved', refusal: onAccountMessages.termsNeedApproval }, {
        paymentTermsDays: terms.netDays,
        creditLimitCents: toCents(terms.creditLimit),
      }),

    /** An admin vouches for an approved account's VAT id (VIES away for days, a register's own paper): who, when, why are kept. */
    confirmVatId: (admin: Caller, accountId: string, reason: string, now = new Date()) =>
      decide(admin, 'VAT id confirmed', accountId, { state: 'approved', refusal: businessAccountMessages.notApproved }, {
        vatConfirmedBy: admin.email,
        vatConfirmedAt: now,
        vatConfirmedReason: reason,
      }),
  };
}
export type BusinessAccountsService = ReturnType<typeof createBusinessAccountsService>;
