import { COUNTRY_CODES } from './delivery-settings.ts';

export interface CountryOption {
  code: string;
  name: string;
}

let displayNames: Intl.DisplayNames | undefined;
/** Built the first time a name is asked for, not when the module loads. */
const names = () => (displayNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }));

/**
 * A country's English name, as people read it where the shop shows a destination (DE -> "Germany"):
 * a code alone is misread ("GE" is Georgia, not Germany). The names are the runtime's; a code it
 * cannot name shows as the code.
 */
export function countryName(code: string): string {
  return names().of(code) ?? code;
}

let byName: CountryOption[] | undefined;
/**
 * The shop's countries (the codes the server accepts, COUNTRY_CODES) with their English names, in
 * the order of their names, for every form where a country is chosen: by name, never by a typed code.
 */
export function countriesByName(): CountryOption[] {
  return (byName ??= COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name, 'en')));
}
