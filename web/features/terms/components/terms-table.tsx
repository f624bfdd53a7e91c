import type { PaymentTerms } from '#contract/payment-terms.ts';
import { BuyerCell } from '#web/components/buyer-fields.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { type Column, DataTable } from '#web/components/ui/table.tsx';
import { useMoney } from '#web/lib/store-config.ts';

/**
 * Every buyer with terms: net days, credit limit, what they owe, what the store owes them (paid
 * beyond credit notes, not yet paid back) and what is left; terms can be taken away.
 */
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
      header: 'We owe them',
      isNumeric: true,
      cell: (row) => (row.owedToBuyer > 0 ? money(row.owedToBuyer) : 'Nothing'),
    },
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
