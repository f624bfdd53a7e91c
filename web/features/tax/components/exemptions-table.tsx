import type { TaxExemption } from '#contract/tax.ts';
import { BuyerCell } from '#web/components/buyer-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { type Column, DataTable } from '#web/components/ui/table.tsx';

/** The tax-exempt buyers, with what each exemption rests on; an exemption can be ended. */
export function ExemptionsTable({
  exemptions,
  onEnd,
}: {
  exemptions: TaxExemption[];
  onEnd: (exemption: TaxExemption) => void;
}) {
  const columns: Column<TaxExemption>[] = [
    {
      header: 'Buyer',
      isRowHeader: true,
      cell: (row) => <BuyerCell buyer={row.buyer} />,
    },
    { header: 'Reference', cell: (row) => row.reference },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (row) => (
        <Button size="sm" variant="danger-outline" onClick={() => onEnd(row)}>
          End exemption<span className="sr-only"> of {row.buyer.name}</span>
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      caption="Tax-exempt buyers"
      columns={columns}
      rows={exemptions}
      rowKey={(row) => row._id}
    />
  );
}
