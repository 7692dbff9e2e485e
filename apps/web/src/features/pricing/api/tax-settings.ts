import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxSettings, TaxSettingsInput } from '@voltline/shared/tax-settings';
import { apiRequest } from '../../../lib/api-client.ts';
import { clientConfigKey, pricingKeys } from '../../../lib/query-keys.ts';

/** GET /api/admin/tax-settings (admin): how the shop charges VAT, to edit. */
export const taxSettingsQueryOptions = queryOptions({
  queryKey: pricingKeys.taxSettings(),
  queryFn: () => apiRequest<TaxSettings>('/admin/tax-settings'),
});

export const useTaxSettings = () => useQuery(taxSettingsQueryOptions);

/** PUT /api/admin/tax-settings (admin); the shop's set-up the forms read (the tool form's rate hint, checkout's country) is read again too. */
export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TaxSettingsInput) => apiRequest<TaxSettings>('/admin/tax-settings', { method: 'PUT', body: JSON.stringify(settings) }),
    onSuccess: (saved) => {
      queryClient.setQueryData(pricingKeys.taxSettings(), saved);
      return queryClient.invalidateQueries({ queryKey: clientConfigKey });
    },
  });
}
