import { sql } from 'drizzle-orm';
import type { VatIdEvidence } from '@voltline/shared/vat-checks';
import type { Database, DbExecutor } from '../db/client.ts';
import { vatChecks } from '../db/schema.ts';
import type { VatIdRegister, VatIdStanding } from '../pricing/buyer-vat.ts';
import type { VatChecker } from './vat-checker.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface StandingRow {
  accountVatId: string | null;
  companyName: string | null;
  billingStreet: string | null;
  billingPostcode: string | null;
  billingCity: string | null;
  billingCountry: string | null;
  confirmedAt: string | null;
  confirmedBy: string | null;
  confirmedReason: string | null;
  passedAt: string | null;
  consultationNumber: string | null;
}

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * The shop's knowledge of VAT ids (decision 055): the approved business account of a buyer, the
 * latest passing check of an id, and the checker's answers as they come. Pricing asks it through
 * VatIdRegister (pricing/buyer-vat.ts).
 */
export function createVatIdRegister(db: Database, checker: VatChecker, maxAgeDays: number): VatIdRegister {
  return {
    maxAgeDays,

    /**
     * One statement: the buyer's approved account on its unique index, and, only when there is an
     * id to look for, its latest passing check on (vat_id, checked_at). A consumer reads one index row.
     */
    async standing(executor: DbExecutor, customerId: string, typedVatId: string | undefined, now: Date): Promise<VatIdStanding> {
      const [row] = rowsOf<StandingRow>(
        await executor.execute(sql`
          select account.vat_id as "accountVatId", account.company_name as "companyName", account.billing_street as "billingStreet",
                 account.billing_postcode as "billingPostcode", account.billing_city as "billingCity", account.billing_country as "billingCountry",
                 account.vat_confirmed_at as "confirmedAt", account.vat_confirmed_by as "confirmedBy", account.vat_confirmed_reason as "confirmedReason",
                 passed.checked_at as "passedAt", passed.consultation_number as "consultationNumber"
          from (select 1) one
          left join business_accounts account on account.customer_id = ${customerId} and account.state = 'approved'
          left join lateral (
            select checked_at, consultation_number from vat_checks
            where vat_id = coalesce(${typedVatId ?? null}::text, account.vat_id) and result = 'valid'
            order by checked_at desc limit 1
          ) passed on true`),
      );
      const vatId = typedVatId ?? row?.accountVatId ?? null;
      if (!row || vatId === null) return { vatId: null, business: null, evidence: null, lastPassedAt: null };
      // The account names the company only on orders that carry its own VAT id.
      const ownId = row.accountVatId !== null && row.accountVatId === vatId;
      const business = ownId
        ? { companyName: row.companyName!, billingStreet: row.billingStreet!, billingPostcode: row.billingPostcode!, billingCity: row.billingCity!, billingCountry: row.billingCountry! }
        : null;
      const lastPassedAt = row.passedAt === null ? null : iso(row.passedAt);
      const fresh = lastPassedAt !== null && now.getTime() - Date.parse(lastPassedAt) <= maxAgeDays * DAY_MS;
      const evidence: VatIdEvidence | null =
        ownId && row.confirmedAt !== null
          ? { kind: 'confirmed', confirmedAt: iso(row.confirmedAt), confirmedBy: row.confirmedBy!, reason: row.confirmedReason! }
          : fresh
            ? { kind: 'checked', checkedAt: lastPassedAt, consultationNumber: row.consultationNumber }
            : null;
      return { vatId, business, evidence, lastPassedAt };
    },

    async check(vatId: string, now: Date) {
      const answer = await checker.check(vatId);
      const checkedAt = now.toISOString();
      await db.insert(vatChecks).values({ vatId, result: answer.result, consultationNumber: answer.consultationNumber, checkedAt: now });
      return { ...answer, checkedAt };
    },
  };
}
