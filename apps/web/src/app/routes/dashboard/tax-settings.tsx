import { QueryState } from '../../../components/query-state.tsx';
import { useTaxSettings } from '../../../features/pricing/api/tax-settings.ts';
import { TaxSettingsForm } from '../../../features/pricing/components/tax-settings-form.tsx';
import { DashboardPage } from '../../layout/dashboard-page.tsx';

/** Admin: how the shop charges VAT (issue 43, item 7). */
export function TaxSettingsPage() {
  const settings = useTaxSettings();
  return (
    <DashboardPage title="Tax settings" width="3xl">
      <QueryState query={settings} loadingLabel="Loading the tax settings">
        {(saved) => <TaxSettingsForm saved={saved} />}
      </QueryState>
    </DashboardPage>
  );
}
