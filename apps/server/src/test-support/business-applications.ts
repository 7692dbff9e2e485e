import type { BusinessAccountApplication } from '@voltline/shared/business-accounts';
import { VAT_ID_EXAMPLES } from '@voltline/shared/vat-id-examples';

/** A French electrician's application for a business account, its VAT id one the built-in checker registers. */
export const businessApplication = (overrides: Partial<BusinessAccountApplication> = {}): BusinessAccountApplication => ({
  companyName: 'Ampère Électricité SARL',
  vatId: VAT_ID_EXAMPLES.FR,
  billingStreet: '3 Rue Ampère',
  billingPostcode: '75017',
  billingCity: 'Paris',
  billingCountry: 'FR',
  note: 'We wire offices.',
  ...overrides,
});
