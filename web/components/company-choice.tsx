import { type ComponentProps, useDeferredValue, useState } from 'react';
import { useCompanyChoices } from '#web/lib/buyer-choices.ts';
import { matchesOf, SearchSelect } from './ui/search-select.tsx';

/** Companies offered at once: a search finds the others. */
const COMPANY_CHOICES = 50;

/**
 * An admin names a company (payment terms, a tax exemption, the orders filter): the first companies
 * by name, and a search by part of a name for the rest (GET /api/companies is paged).
 */
export function CompanyChoice({
  error,
  select,
  noneLabel = 'Choose a company',
  kept,
}: {
  error?: string | undefined;
  select: Omit<ComponentProps<'select'>, 'className' | 'children'>;
  /** What choosing none means ("Any company" in a filter). */
  noneLabel?: string;
  /** A company chosen earlier that the page of matches may not hold: kept as an option. */
  kept?: { value: string; label: string } | undefined;
}) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const companies = useCompanyChoices({ q: q || undefined, limit: COMPANY_CHOICES });
  // The company chosen stays an option while a later search shows others: the list never hides
  // a choice the form would still send.
  const [chosen, setChosen] = useState<{ value: string; label: string } | undefined>();
  const onChange: ComponentProps<'select'>['onChange'] = (event) => {
    const option = event.target.selectedOptions[0];
    setChosen(option?.value ? { value: option.value, label: option.text } : undefined);
    return select.onChange?.(event);
  };
  return (
    <SearchSelect
      label="Company"
      searchLabel="Find a company"
      search={search}
      onSearch={setSearch}
      noneLabel={noneLabel}
      kept={chosen ?? kept}
      noun={['company', 'companies']}
      matches={matchesOf(companies, (data) => ({
        total: data.total,
        options: data.companies.map((company) => ({ value: company._id, label: company.name })),
      }))}
      error={error}
      select={{ ...select, onChange }}
    />
  );
}
