import type { DeliveryMethod } from '#contract/delivery-methods.ts';
import { formatCount } from '#contract/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import { type Column, DataTable } from '#web/components/ui/table.tsx';
import { useMoney } from '#web/lib/store-config.ts';

/**
 * A method's bands in a line: "up to 2,000 g: $4.95; above: $9.95", or "any weight: $49.00" for
 * one open band (there is nothing for "above" to be above).
 */
function bandsText(method: DeliveryMethod, money: (minor: number) => string): string {
  const bound = (upTo: number) =>
    method.priceBasis === 'weight' ? `${formatCount(upTo)} g` : money(upTo);
  const open =
    method.bands.length === 1
      ? `any ${method.priceBasis === 'weight' ? 'weight' : 'amount'}`
      : 'above';
  return method.bands
    .map(
      (band) => `${band.upTo === null ? open : `up to ${bound(band.upTo)}`}: ${money(band.price)}`,
    )
    .join('; ');
}

/** The delivery methods, each with what it costs, how long it takes, and its actions. */
export function DeliveryMethodsTable({
  methods,
  onEdit,
  onDelete,
}: {
  methods: DeliveryMethod[];
  onEdit: (method: DeliveryMethod) => void;
  onDelete: (method: DeliveryMethod) => void;
}) {
  const money = useMoney();
  const columns: Column<DeliveryMethod>[] = [
    { header: 'Method', cell: (method) => method.name, isRowHeader: true },
    { header: 'Countries', cell: (method) => method.countries.join(', ') },
    {
      header: 'Price',
      cell: (method) =>
        `${bandsText(method, money)}${method.freeAbove === null ? '' : `; free from ${money(method.freeAbove)}`}`,
    },
    {
      header: 'Delivery',
      cell: (method) =>
        `${method.workingDays} working ${method.workingDays === 1 ? 'day' : 'days'}, cut-off ${method.cutOffTime}`,
    },
    { header: 'Offered', cell: (method) => (method.isActive ? 'Yes' : 'No') },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (method) => (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => onEdit(method)}>
            Edit<span className="sr-only"> {method.name}</span>
          </Button>
          <Button variant="outline" onClick={() => onDelete(method)}>
            Delete<span className="sr-only"> {method.name}</span>
          </Button>
        </div>
      ),
    },
  ];
  return (
    <DataTable
      caption="Delivery methods"
      columns={columns}
      rows={methods}
      rowKey={(method) => method._id}
    />
  );
}
