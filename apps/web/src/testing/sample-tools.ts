import type { Tool } from '@voltline/shared/tool';

/** A drill in stock, none of it promised: the catalogue's component tests start from it. */
export const sampleDrill: Tool = {
  _id: '00000000-0000-4000-8000-00000000d811',
  toolName: 'Voltline CD-18 Cordless Drill',
  description: 'An 18 V drill with two batteries.',
  img: '/images/tools/drill.svg',
  price: 120,
  minimumOrderQuantity: 2,
  availableQuantity: 40,
  orderableQuantity: 40,
  vatRate: null,
  sku: null,
  gtin: null,
  serialised: false,
  warrantyMonths: null,
};
