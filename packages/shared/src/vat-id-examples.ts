import type { EuMemberState } from './vat-id.ts';

/**
 * One VAT id in the published format of each member state (made-up numbers, not registered
 * businesses), for the tests of the format check and of the reverse charge.
 */
export const VAT_ID_EXAMPLES: Record<EuMemberState, string> = {
  AT: 'ATU12345678',
  BE: 'BE0123456789',
  BG: 'BG123456789',
  CY: 'CY12345678L',
  CZ: 'CZ12345678',
  DE: 'DE123456789',
  DK: 'DK12345678',
  EE: 'EE123456789',
  ES: 'ESB12345678',
  FI: 'FI12345678',
  FR: 'FRXX123456789',
  GR: 'EL123456789',
  HR: 'HR12345678901',
  HU: 'HU12345678',
  IE: 'IE1234567WA',
  IT: 'IT12345678901',
  LT: 'LT123456789012',
  LU: 'LU12345678',
  LV: 'LV12345678901',
  MT: 'MT12345678',
  NL: 'NL123456789B01',
  PL: 'PL1234567890',
  PT: 'PT123456789',
  RO: 'RO1234567',
  SE: 'SE123456789001',
  SI: 'SI12345678',
  SK: 'SK1234567890',
};
