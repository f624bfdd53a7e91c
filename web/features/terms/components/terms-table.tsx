import type { PaymentTerms } from '#contract/payment-terms.ts';
import { BuyerCell } from '#web/components/buyer-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { type Column, DataTable } from '#web/components/ui/table.tsx';
import { useMoney } from '#web/lib/store-config.ts';

/** Every buyer with terms: net days, credit limit, what is owed and left; terms can be taken away. */
export function TermsTable({
  terms,
  onClear,
}: {
  terms: PaymentTerms[];
  onClear: (terms: PaymentTerms) => void;
}) {
  const money = useMoney();
  const columns: Column<PaymentTerms>[] = [
    {
      header: 'Buyer',
      isRowHeader: true,
      cell: (row) => <BuyerCell buyer={row.buyer} />,
    },
    { header: 'Terms', cell: (row) => `Net ${row.netDays}` },
    { header: 'Credit limit', isNumeric: true, cell: (row) => money(row.creditLimit) },
    { header: 'Owed', isNumeric: true, cell: (row) => money(row.owed) },
    {
      header: 'Left',
      isNumeric: true,
      cell: (row) => (
        <span className="font-semibold">{money(Math.max(0, row.creditLimit - row.owed))}</span>
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (row) => (
        <Button size="sm" variant="danger-outline" onClick={() => onClear(row)}>
          Take away
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      caption="Buyers with payment terms"
      columns={columns}
      rows={terms}
      rowKey={(row) => row._id}
    />
  );
}
