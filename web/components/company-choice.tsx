import { type ComponentProps, useDeferredValue, useState } from 'react';
import { useCompanyChoices } from '#web/lib/buyer-choices.ts';
import { SearchSelect } from './ui/search-select.tsx';

/** Companies offered at once: a search finds the others. */
const COMPANY_CHOICES = 50;

/**
 * An admin names a company (payment terms, a tax exemption): the first companies by name, and a
 * search by part of a name for the rest (GET /api/companies is paged).
 */
export function CompanyChoice({
  error,
  select,
}: {
  error?: string | undefined;
  select: Omit<ComponentProps<'select'>, 'className' | 'children'>;
}) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const companies = useCompanyChoices({ q: q || undefined, limit: COMPANY_CHOICES });
  return (
    <SearchSelect
      label="Company"
      searchLabel="Find a company"
      search={search}
      onSearch={setSearch}
      noneLabel="Choose a company"
      noun={['company', 'companies']}
      matches={
        companies.data
          ? {
              state: 'ready',
              total: companies.data.total,
              options: companies.data.companies.map((company) => ({
                value: company._id,
                label: company.name,
              })),
            }
          : companies.isError
            ? { state: 'error' }
            : { state: 'loading' }
      }
      error={error}
      select={select}
    />
  );
}
