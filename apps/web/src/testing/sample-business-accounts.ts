import type { BusinessAccount } from '@voltline/shared/business-accounts';

/** A French electrician's business account, waiting for the shop: the component tests' sample, changed per test. */
export const sampleBusinessAccount: BusinessAccount = {
  _id: '5d1c7a0e-2b0a-4f7e-9d3c-1a2b3c4d5e6f',
  email: 'marie@ampere.example',
  companyName: 'Ampère Électricité SARL',
  vatId: 'FR40303265045',
  billingStreet: '3 Rue Ampère',
  billingPostcode: '75017',
  billingCity: 'Paris',
  billingCountry: 'FR',
  note: null,
  state: 'pending',
  refusalReason: null,
  appliedAt: '2026-11-24T09:30:00.000Z',
  decidedAt: null,
  decidedBy: null,
  lastVatCheck: null,
  vatConfirmation: null,
  paymentTerms: { netDays: 30, creditLimit: 0, openOnAccount: 0, creditAvailable: 0 },
};
