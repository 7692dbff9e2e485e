import { sql } from 'drizzle-orm';
import { percentFromHundredths, percentInHundredths } from '@voltline/shared/money';
import type { TaxSettings, TaxSettingsChange } from '@voltline/shared/tax-settings';
import type { Database, DbExecutor } from '../db/client.ts';
import { taxSettings } from '../db/schema.ts';
import type { CacheBus } from '../platform/cache-bus.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import type { Config } from '../config.ts';

type TaxSettingsRow = typeof taxSettings.$inferSelect;

const toSettings = (row: TaxSettingsRow): TaxSettings => ({
  country: row.country,
  standardRate: percentFromHundredths(row.standardRateHundredths),
  pricesIncludeVat: row.pricesIncludeVat,
  vatNote: row.vatNote,
});

/** What the environment says (SHOP_COUNTRY, SHOP_VAT_RATE, SHOP_PRICES_INCLUDE_VAT, SHOP_VAT_NOTE): a new shop's first tax settings. */
export const initialTaxSettings = (config: Pick<Config, 'shopCountry' | 'vat'>): TaxSettings => ({
  country: config.shopCountry,
  standardRate: config.vat.standardRate,
  pricesIncludeVat: config.vat.pricesIncludeVat,
  vatNote: config.vat.note,
});

/**
 * At start (main.ts, and every test shop): a shop without tax settings takes the environment's
 * (SHOP_COUNTRY, SHOP_VAT_RATE, SHOP_PRICES_INCLUDE_VAT, SHOP_VAT_NOTE). Only a missing row is
 * filled, so what an admin set is never replaced by the environment; one statement, so instances
 * starting together add it once.
 */
export async function addInitialTaxSettings(db: Database, initial: TaxSettings): Promise<void> {
  await db.execute(sql`
    insert into ${taxSettings} (id, country, standard_rate_hundredths, prices_include_vat, vat_note)
    values (true, ${initial.country}, ${percentInHundredths(initial.standardRate)}::integer, ${initial.pricesIncludeVat}, ${initial.vatNote})
    on conflict do nothing`);
}

/**
 * The shop's tax settings. Every quote and order reads them, so they are kept in memory until an
 * admin changes them here or on another instance (the cache bus, decision 014), as the delivery
 * promotion is. `initial` answers while the row is missing (a database imported without it).
 */
export function createTaxSettingsService(db: Database, bus: CacheBus, initial: TaxSettings) {
  let kept: Promise<TaxSettings> | undefined;
  const forget = () => {
    kept = undefined;
  };
  bus.onInvalidated(forget);

  const read = async (executor: DbExecutor): Promise<TaxSettings> => {
    const [row] = await executor.select().from(taxSettings);
    return row ? toSettings(row) : initial;
  };

  return {
    /** As set now, from memory when known. Not inside a transaction on the embedded database (one connection): use `readIn`. */
    current(): Promise<TaxSettings> {
      if (!kept) {
        const reading = read(db);
        kept = reading;
        // A failed read is not kept: the next caller asks the database again.
        reading.catch(() => kept === reading && forget());
      }
      return kept;
    },

    /** As stored, read in a transaction under way (a document copies the VAT note at issue). */
    readIn: (tx: DbExecutor) => read(tx),

    async update(admin: AuditActor, input: TaxSettingsChange): Promise<TaxSettings> {
      const values = {
        country: input.country,
        standardRateHundredths: percentInHundredths(input.standardRate),
        pricesIncludeVat: input.pricesIncludeVat,
        vatNote: input.vatNote,
        updatedAt: new Date(),
      };
      const row = await db.transaction(async (tx) => {
        const before = await read(tx);
        const [after] = await tx.insert(taxSettings).values({ id: true, ...values }).onConflictDoUpdate({ target: taxSettings.id, set: values }).returning();
        await recordAudit(tx, { actor: admin, kind: 'settings', action: 'tax settings changed', subject: null, before, after: toSettings(after!) });
        return after;
      });
      forget();
      bus.publish();
      return toSettings(row!);
    },
  };
}
export type TaxSettingsService = ReturnType<typeof createTaxSettingsService>;
