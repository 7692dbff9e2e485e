import type { EuMemberState } from './vat-id.ts';

/**
 * One real VAT id of each member state, in its published format and with the check digits its
 * state's algorithm gives (businesses' own published ids, as collected in python-stdnum's tests),
 * for the tests of the VAT id check and of the reverse charge.
 */
export const VAT_ID_EXAMPLES: Record<EuMemberState, string> = {
  AT: 'ATU14243102',
  BE: 'BE0202239951',
  BG: 'BG175074752',
  CY: 'CY10246672X',
  CZ: 'CZ25123891',
  DE: 'DE113866163',
  DK: 'DK13202435',
  EE: 'EE100931558',
  ES: 'ESA28184661',
  FI: 'FI20774740',
  FR: 'FR40303265045',
  GR: 'EL094012834',
  HR: 'HR33392005961',
  HU: 'HU12509403',
  IE: 'IE6433435F',
  IT: 'IT01404480202',
  LT: 'LT119511515',
  LU: 'LU10059929',
  LV: 'LV40003521600',
  MT: 'MT10396417',
  NL: 'NL806753742B01',
  PL: 'PL5211355116',
  PT: 'PT500135495',
  RO: 'RO18547290',
  SE: 'SE556200077701',
  SI: 'SI26808498',
  SK: 'SK2022749619',
};
