import type { BusinessAccount } from '@voltline/shared/business-accounts';
import type { PaymentTerms } from '@voltline/shared/on-account';
import { apiSend } from '../../../lib/api-client.ts';
import { tradeKeys } from '../../../lib/query-keys.ts';
import { useRefreshingMutation } from '../../../lib/refreshing-mutation.ts';

/** PUT /api/admin/business-accounts/{id}/payment-terms (admin): net days and the credit limit (0: card only). */
const setPaymentTerms = ({ accountId, terms }: { accountId: string; terms: PaymentTerms }) =>
  apiSend<BusinessAccount>('PUT', `/admin/business-accounts/${encodeURIComponent(accountId)}/payment-terms`, terms);

export const useSetPaymentTerms = () => useRefreshingMutation(setPaymentTerms, [tradeKeys.all]);
