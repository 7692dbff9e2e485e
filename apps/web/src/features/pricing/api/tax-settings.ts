import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxSettings, TaxSettingsInput } from '@voltline/shared/tax-settings';
import { apiRequest, apiSend } from '../../../lib/api-client.ts';
import { clientConfigKey, pricingKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

/** GET /api/admin/tax-settings (admin): how the shop charges VAT, to edit. */
export const taxSettingsQueryOptions = queryOptions({
  queryKey: pricingKeys.taxSettings(),
  queryFn: () => apiRequest<TaxSettings>('/admin/tax-settings'),
});

export const useTaxSettings = () => useQuery(taxSettingsQueryOptions);

/** PUT /api/admin/tax-settings (admin); the shop's set-up the forms read (the tool form's rate hint, checkout's country) is read again too. */
export const useSaveTaxSettings = () =>
  useRefreshingMutation((settings: TaxSettingsInput) => apiSend<TaxSettings>('PUT', '/admin/tax-settings', settings), [pricingKeys.taxSettings(), clientConfigKey]);
