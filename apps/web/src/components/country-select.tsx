import type { ComponentProps } from 'react';
import { countriesByName } from '@voltline/shared/country-names';

/** Every ISO country by its English name (the code as the value): the checkout's destination, a billing address's country. */
export function CountrySelect(props: Omit<ComponentProps<'select'>, 'children' | 'className'>) {
  return (
    <select {...props} className="select w-full">
      {countriesByName().map(({ code, name }) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </select>
  );
}
