import { QueryState } from '../../../components/query-state.tsx';
import { useTaxSettings } from '../../../features/pricing/api/tax-settings.ts';
import { TaxSettingsForm } from '../../../features/pricing/components/tax-settings-form.tsx';

/** Admin: how the shop charges VAT (issue 43, item 7). */
export function TaxSettingsPage() {
  const settings = useTaxSettings();
  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <h2 className="text-2xl font-bold">Tax settings</h2>
      <QueryState query={settings} loadingLabel="Loading the tax settings">
        {(saved) => <TaxSettingsForm saved={saved} />}
      </QueryState>
    </section>
  );
}
