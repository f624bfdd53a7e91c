import { countryInSentence, countryName } from '#contract/addresses.ts';
import type { TaxRate } from '#contract/tax.ts';
import { Button } from '#web/components/ui/button.tsx';
import { type Column, DataTable } from '#web/components/ui/table.tsx';

/** "20%", "7.5%": a rate as people write it. */
export const percentText = (rate: number) =>
  `${rate.toLocaleString('en', { maximumFractionDigits: 2 })}%`;

/** What a rate is of: the whole country, or a region of it. */
const placeText = (rate: TaxRate) => rate.region ?? `All of ${countryInSentence(rate.country)}`;

/** The rates by country (by the country's name), each country's own rate before its regions. */
function byCountry(rates: TaxRate[]): [country: string, rates: TaxRate[]][] {
  const groups = new Map<string, TaxRate[]>();
  for (const rate of rates) groups.set(rate.country, [...(groups.get(rate.country) ?? []), rate]);
  for (const group of groups.values())
    group.sort(
      (a, b) =>
        Number(a.region !== null) - Number(b.region !== null) ||
        (a.region ?? '').localeCompare(b.region ?? '', 'en'),
    );
  return [...groups.entries()].sort(([a], [b]) =>
    countryName(a).localeCompare(countryName(b), 'en'),
  );
}

/** Every tax rate, a table per country, with its actions. */
export function TaxRatesList({
  rates,
  onEdit,
  onDelete,
}: {
  rates: TaxRate[];
  onEdit: (rate: TaxRate) => void;
  onDelete: (rate: TaxRate) => void;
}) {
  const columns: Column<TaxRate>[] = [
    {
      header: 'Applies to',
      isRowHeader: true,
      cell: (rate) => (
        <span>
          <span className="block font-semibold text-navy-900">{placeText(rate)}</span>
          {rate.region !== null && (
            <span className="block text-xs text-stone-600">
              Postcodes beginning {rate.postcodePrefixes.join(', ')}
            </span>
          )}
        </span>
      ),
    },
    { header: 'Rate', isNumeric: true, cell: (rate) => percentText(rate.rate) },
    { header: 'Called', cell: (rate) => rate.label },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (rate) => (
        <div className="flex flex-wrap gap-2 md:justify-end">
          <Button size="sm" variant="outline" onClick={() => onEdit(rate)}>
            Edit<span className="sr-only"> {placeText(rate)}</span>
          </Button>
          <Button size="sm" variant="danger-outline" onClick={() => onDelete(rate)}>
            Delete<span className="sr-only"> {placeText(rate)}</span>
          </Button>
        </div>
      ),
    },
  ];
  return (
    <div className="space-y-8">
      {byCountry(rates).map(([country, group]) => (
        <section key={country} aria-labelledby={`tax-country-${country}`}>
          <h3 id={`tax-country-${country}`} className="mb-3 text-base font-bold text-navy-900">
            {countryName(country)}
          </h3>
          <DataTable
            caption={`Tax rates for ${countryInSentence(country)}`}
            columns={columns}
            rows={group}
            rowKey={(rate) => rate._id}
          />
        </section>
      ))}
    </div>
  );
}
