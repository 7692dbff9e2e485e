import { COUNTRY_CODES } from '@voltline/shared/delivery-settings';

/**
 * The countries the checkout offers, named in English and in the order of their names: the codes
 * are the shop's own list (the server accepts exactly these), the names the browser's (a code it
 * cannot name shows as the code).
 */
function countryOptions(): { code: string; name: string }[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

let options: { code: string; name: string }[] | undefined;
/** Built the first time a checkout shows, not when the module loads. */
export const checkoutCountries = () => (options ??= countryOptions());
