import { countriesByName } from '@voltline/shared/country-names';

/** The countries the checkout offers, by their English names (shared with every form that asks a country). */
export const checkoutCountries = countriesByName;
