import type { ComponentProps } from 'react';
import { countryName } from '#contract/addresses.ts';
import { COUNTRY_CODES } from '#contract/countries.ts';
import { SelectField } from './ui/field.tsx';

/** Every country, by its English name. */
const COUNTRIES = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
  a.name.localeCompare(b.name, 'en'),
);

/** A country, chosen by its English name (an address, a tax rate, a typed address at checkout). */
export function CountryField(
  props: Omit<ComponentProps<typeof SelectField>, 'label' | 'children'>,
) {
  return (
    <SelectField label="Country" autoComplete="country" {...props}>
      <option value="">Choose a country</option>
      {COUNTRIES.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </SelectField>
  );
}
