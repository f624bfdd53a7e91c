import { countryName } from '#contract/addresses.ts';
import { formatDateTime } from '#contract/dates.ts';
import type { CompanyVatNumber } from '#contract/tax.ts';
import { Button } from '#web/components/ui/button.tsx';
import { type Column, DataTable } from '#web/components/ui/table.tsx';

export type VatNumberState = 'unverified' | 'verified';

const companyColumn: Column<CompanyVatNumber> = {
  header: 'Company',
  isRowHeader: true,
  cell: (row) => <span className="font-semibold text-navy-900">{row.companyName}</span>,
};

const numberColumn: Column<CompanyVatNumber> = {
  header: 'VAT number',
  cell: (row) => <span className="font-mono break-words">{row.vatNumber}</span>,
};

/** The member state a number to check looks valid for, and the number verified before, if any. */
function CheckNote({ row }: { row: CompanyVatNumber }) {
  return (
    <span>
      <span className="block">
        {row.country === null ? 'None: ask the company for its number.' : countryName(row.country)}
      </span>
      {row.verifiedVatNumber === null ? null : (
        <span className="block text-xs text-stone-600">
          {row.verifiedVatNumber} was verified before; the company has changed it since.
        </span>
      )}
    </span>
  );
}

/**
 * Companies' EU VAT numbers: those to check with the tax office, each to be marked verified, or
 * those verified, each of which can be withdrawn.
 */
export function VatNumbersTable({
  state,
  rows,
  onVerify,
  onWithdraw,
}: {
  state: VatNumberState;
  rows: CompanyVatNumber[];
  onVerify: (row: CompanyVatNumber) => void;
  onWithdraw: (row: CompanyVatNumber) => void;
}) {
  const columns: Column<CompanyVatNumber>[] =
    state === 'unverified'
      ? [
          companyColumn,
          numberColumn,
          { header: 'Looks valid for', cell: (row) => <CheckNote row={row} /> },
          {
            header: 'Actions',
            hideHeader: true,
            width: 'w-40',
            cell: (row) =>
              row.country === null ? null : (
                <Button size="sm" variant="outline" onClick={() => onVerify(row)}>
                  Mark verified<span className="sr-only"> for {row.companyName}</span>
                </Button>
              ),
          },
        ]
      : [
          companyColumn,
          numberColumn,
          {
            header: 'Member state',
            cell: (row) => (row.country === null ? '' : countryName(row.country)),
          },
          {
            header: 'Verified',
            cell: (row) => (row.verifiedAt === null ? '' : formatDateTime(row.verifiedAt)),
          },
          {
            header: 'Actions',
            hideHeader: true,
            width: 'w-40',
            cell: (row) => (
              <Button size="sm" variant="danger-outline" onClick={() => onWithdraw(row)}>
                Withdraw<span className="sr-only"> the number of {row.companyName}</span>
              </Button>
            ),
          },
        ];
  return (
    <DataTable
      caption={state === 'unverified' ? 'VAT numbers to check' : 'Verified VAT numbers'}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.companyId}
    />
  );
}
