import { asc, sql } from 'drizzle-orm';
import { fromCents, toCents } from '@voltline/shared/money';
import {
  promotionApplies,
  REST_OF_WORLD,
  type DeliveryPromotion,
  type DeliveryPromotionInput,
  type DeliveryRates,
  type DeliveryRatesInput,
} from '@voltline/shared/delivery-settings';
import type { Database, DbExecutor } from '../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { deliveryPromotion, deliveryRates } from '../db/schema.ts';
import type { CacheBus } from '../platform/cache-bus.ts';

/** What a new shop charges for delivery, so that checkout works before an admin sets anything. */
const DEFAULT_HOME_RATE = { chargeCents: 490, freeFromCents: 15_000 };
const DEFAULT_WORLD_RATE = { chargeCents: 1990, freeFromCents: null };

/**
 * At start (main.ts, and every test shop): a shop without delivery rates gets a home rate for its
 * country and a rate for the rest of the world. Only an empty table is filled: an admin's PUT always
 * leaves the world rate, so rates once set are never replaced. One statement, so instances starting
 * together add them once.
 */
export async function addDefaultDeliveryRates(db: Database, shopCountry: string): Promise<void> {
  await db.execute(sql`
    insert into ${deliveryRates} (country, charge_cents, free_from_cents)
    select * from (values
      (${shopCountry}, ${DEFAULT_HOME_RATE.chargeCents}::integer, ${DEFAULT_HOME_RATE.freeFromCents}::integer),
      (${REST_OF_WORLD}, ${DEFAULT_WORLD_RATE.chargeCents}::integer, ${DEFAULT_WORLD_RATE.freeFromCents}::integer)
    ) as defaults
    where not exists (select 1 from ${deliveryRates})
    on conflict do nothing`);
}

type PromotionRow = typeof deliveryPromotion.$inferSelect;
const toPromotion = (row: PromotionRow): DeliveryPromotion => ({
  percentOff: row.percentOff,
  active: row.active,
  until: row.until?.toISOString() ?? null,
});

/**
 * Delivery rates by destination and the one delivery promotion, as admins set them. The promotion is
 * read on every home page, so it is kept in memory until it changes here or on another instance (the
 * cache bus, decision 014); whether it applies is decided per request, so it ends at its `until`
 * without anyone writing.
 */
export function createDeliverySettingsService(db: Database, bus: CacheBus) {
  let kept: Promise<PromotionRow> | undefined;
  const forget = () => {
    kept = undefined;
  };
  bus.onInvalidated(forget);

  function storedPromotion(): Promise<PromotionRow> {
    if (!kept) {
      const reading = db
        .select()
        .from(deliveryPromotion)
        .then(([row]) => {
          // The migration adds the row; a shop without it (a hand-edited database) has no promotion.
          return row ?? { id: true, percentOff: 10, active: false, until: null, updatedAt: new Date(0) };
        });
      kept = reading;
      // A failed read is not kept: the next visitor asks the database again.
      reading.catch(() => kept === reading && forget());
    }
    return kept;
  }

  async function rates(executor: DbExecutor = db): Promise<DeliveryRates> {
    const rows = await executor.select().from(deliveryRates).orderBy(asc(deliveryRates.country));
    return {
      rates: rows.map((row) => ({
        country: row.country,
        charge: fromCents(row.chargeCents),
        freeFrom: row.freeFromCents === null ? null : fromCents(row.freeFromCents),
      })),
    };
  }

  /** The rates as the audit log records them: a field per country, so a change names the countries it touched. */
  const ratesByCountry = ({ rates: each }: DeliveryRates) => Object.fromEntries(each.map(({ country, ...rate }) => [country, rate]));

  return {
    rates: () => rates(),

    /** The whole table at once: the old rates go and the new ones come in one transaction. */
    async replaceRates(admin: AuditActor, input: DeliveryRatesInput): Promise<DeliveryRates> {
      await db.transaction(async (tx) => {
        const before = await rates(tx);
        await tx.delete(deliveryRates);
        await tx.insert(deliveryRates).values(
          input.rates.map((rate) => ({
            country: rate.country,
            chargeCents: toCents(rate.charge),
            freeFromCents: rate.freeFrom == null ? null : toCents(rate.freeFrom),
          })),
        );
        await recordAudit(tx, { actor: admin, kind: 'delivery', action: 'rates changed', subject: null, before: ratesByCountry(before), after: ratesByCountry(await rates(tx)) });
      });
      return rates();
    },

    /** As stored, for the admins' form. */
    promotion: async (): Promise<DeliveryPromotion> => toPromotion(await storedPromotion()),

    /** As visitors see it now: inactive once switched off or past its `until`. */
    async currentPromotion(now = new Date()): Promise<DeliveryPromotion> {
      const promotion = toPromotion(await storedPromotion());
      return { ...promotion, active: promotionApplies(promotion, now) };
    },

    async setPromotion(admin: AuditActor, input: DeliveryPromotionInput): Promise<DeliveryPromotion> {
      const values = { percentOff: input.percentOff, active: input.active, until: input.until ? new Date(input.until) : null, updatedAt: new Date() };
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(deliveryPromotion).for('update');
        const [after] = await tx
          .insert(deliveryPromotion)
          .values({ id: true, ...values })
          .onConflictDoUpdate({ target: deliveryPromotion.id, set: values })
          .returning();
        await recordAudit(tx, { actor: admin, kind: 'delivery', action: 'promotion changed', subject: null, before: before ? toPromotion(before) : null, after: toPromotion(after!) });
        return after;
      });
      forget();
      bus.publish();
      return toPromotion(row!);
    },
  };
}
export type DeliverySettingsService = ReturnType<typeof createDeliverySettingsService>;
