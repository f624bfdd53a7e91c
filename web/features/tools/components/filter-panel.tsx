import { useLocation } from 'react-router';
import type { SpecFacet } from '#contract/catalogue-filters.ts';
import { fromMinorUnits } from '#contract/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useCurrency } from '#web/lib/store-config.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import type { CatalogueFacets } from '../api/tools-queries.ts';
import {
  type CatalogueFilters,
  parseRange,
  SPEC_PREFIX,
  toggleBrand,
  toggleSpecValue,
  withSpecValues,
} from '../utils/catalogue-address.ts';
import { numberRange, priceBounds } from '../utils/filter-labels.ts';
import { CheckboxGroup, FilterCheckbox, FilterGroup, RangeGroup } from './filter-groups.tsx';

/** A number with more values than this is filtered by a range rather than by each value. */
const MAX_NUMBER_CHOICES = 8;
/** How many specifications are open at first; the rest fold. */
const OPEN_SPEC_GROUPS = 5;

/**
 * The specifications that describe the most tools here (Voltage across power tools, before Blade
 * diameter, which only saws have), in the category's order when as wide: the ones open at first.
 */
function widestSpecs(specs: readonly SpecFacet[]): Set<string> {
  const tools = (spec: SpecFacet) => spec.values.reduce((sum, value) => sum + value.count, 0);
  return new Set(
    specs
      .map((spec, index) => ({ key: spec.key, tools: tools(spec), index }))
      .sort((a, b) => b.tools - a.tools || a.index - b.index)
      .slice(0, OPEN_SPEC_GROUPS)
      .map((spec) => spec.key),
  );
}

interface PanelProps {
  facets: CatalogueFacets;
  filters: CatalogueFilters;
  /** Parameters the form sends along unchanged without the script (q, sort). */
  kept: [string, string][];
  onChange: (filters: CatalogueFilters) => void;
}

/**
 * The catalogue's filters as one GET form: with the script each change applies at once (no
 * reload); without it, the checkboxes are sent by "Apply filters" as the address's parameters.
 * Ranges (price, numbers) need the script: their fields are in currency units or open-ended, and
 * the address holds them otherwise.
 */
export function FilterPanel({ facets, filters, kept, onChange }: PanelProps) {
  const isHydrated = useHydrated();
  const widest = widestSpecs(facets.specs);
  const { pathname } = useLocation();
  const ranges = rangeParams(filters);
  return (
    <form
      method="get"
      action={pathname}
      aria-label="Filters"
      className="flex flex-col gap-4 [&>fieldset:first-of-type]:border-t-0 [&>fieldset:first-of-type]:pt-0"
      onSubmit={(event) => event.preventDefault()}
    >
      {[...kept, ...ranges].map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      {facets.brands.length > 0 && (
        <CheckboxGroup
          legend="Brand"
          name="brand"
          values={facets.brands}
          chosen={filters.brands}
          onToggle={(brand) => onChange(toggleBrand(filters, brand))}
        />
      )}
      <FilterGroup legend="Availability">
        <FilterCheckbox
          name="inStock"
          value="true"
          label="In stock only"
          count={facets.inStock.count}
          checked={filters.inStock}
          onToggle={() => onChange({ ...filters, inStock: !filters.inStock })}
        />
      </FilterGroup>
      <PriceGroup facets={facets} filters={filters} onChange={onChange} />
      {/* Where the catalogue offers no specifications (the whole of it: dozens of groups), the
          facets carry none, and say whether a category or a search would (facetsQuery). */}
      {facets.specs.length > 0
        ? facets.specs.map((spec) => (
            <SpecGroup
              key={spec.key}
              spec={spec}
              filters={filters}
              onChange={onChange}
              // The widest few open; the rest fold under their names, unless something is chosen.
              isInitiallyOpen={widest.has(spec.key) || (filters.specs[spec.key] ?? []).length > 0}
            />
          ))
        : facets.hasSpecs && (
            <p className="border-t border-stone-200 pt-4 text-sm text-stone-600">
              Choose a category, or search, to filter by specifications such as voltage or size.
            </p>
          )}
      {!isHydrated && (
        <Button type="submit" variant="secondary" worksWithoutScript>
          Apply filters
        </Button>
      )}
    </form>
  );
}

/** Price and number ranges the form sends along as they are (their fields need the script). */
function rangeParams(filters: CatalogueFilters): [string, string][] {
  const params: [string, string][] = [];
  if (filters.minPrice !== undefined) params.push(['minPrice', String(filters.minPrice)]);
  if (filters.maxPrice !== undefined) params.push(['maxPrice', String(filters.maxPrice)]);
  for (const [key, values] of Object.entries(filters.specs)) {
    const range = values.find((value) => parseRange(value));
    if (range) params.push([`${SPEC_PREFIX}${key}`, range]);
  }
  return params;
}

function PriceGroup({ facets, filters, onChange }: Omit<PanelProps, 'kept' | 'showSpecs'>) {
  const currency = useCurrency();
  const typed = (cents: number | undefined) =>
    cents === undefined ? '' : fromMinorUnits(cents, currency);
  return (
    <RangeGroup
      legend="Price"
      unit={currency}
      initial={{ min: typed(filters.minPrice), max: typed(filters.maxPrice) }}
      placeholders={
        facets.price ? { min: typed(facets.price.min), max: typed(facets.price.max) } : undefined
      }
      hint="Per unit; leave a field empty for no limit."
      onApply={(min, max) => {
        const bounds = priceBounds(min, max, currency);
        if ('problems' in bounds)
          return bounds.problems.map((problem) => problem.message).join(' ');
        onChange({ ...filters, ...bounds });
        return undefined;
      }}
    />
  );
}

function SpecGroup({
  spec,
  filters,
  onChange,
  isInitiallyOpen,
}: {
  isInitiallyOpen: boolean;
  spec: SpecFacet;
  filters: CatalogueFilters;
  onChange: (filters: CatalogueFilters) => void;
}) {
  const name = `${SPEC_PREFIX}${spec.key}`;
  const isRange = spec.kind === 'number' && spec.values.length > MAX_NUMBER_CHOICES;
  if (!isRange) {
    if (spec.values.length === 0) return null;
    return (
      <CheckboxGroup
        legend={spec.name}
        isInitiallyOpen={isInitiallyOpen}
        name={name}
        values={spec.values}
        chosen={filters.specs[spec.key] ?? []}
        onToggle={(value) => onChange(toggleSpecValue(filters, spec.key, value))}
      />
    );
  }
  const chosen = (filters.specs[spec.key] ?? []).map(parseRange).find(Boolean);
  return (
    <RangeGroup
      legend={spec.name}
      isInitiallyOpen={isInitiallyOpen}
      unit={spec.unit}
      initial={{ min: chosen?.min ?? '', max: chosen?.max ?? '' }}
      placeholders={
        spec.range ? { min: String(spec.range.min), max: String(spec.range.max) } : undefined
      }
      onApply={(min, max) => {
        const range = numberRange(min, max);
        if ('problem' in range) return range.problem;
        onChange(withSpecValues(filters, spec.key, range.value ? [range.value] : []));
        return undefined;
      }}
    />
  );
}
