import { useState } from 'react';
import { COMPANY_ROLES } from '#contract/companies.ts';
import type { CompanyMember, CompanyRole, MyCompany } from '#contract/company-details.ts';
import { formatCount } from '#contract/format.ts';
import { formatMoney, fromMinorUnits, toMinorUnits } from '#contract/money.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog, Dialog } from '#web/components/ui/dialog.tsx';
import { FormError, SelectField, TextField } from '#web/components/ui/field.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { type Column, DataTable } from '#web/components/ui/table.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import { useCurrency } from '#web/lib/store-config.ts';
import { countSentence, useUrlList } from '#web/lib/url-list.ts';
import { useFocusTitleWhenRemoved } from '#web/lib/use-focus-title.ts';
import { useCompanyMembers, useRemoveMember, useUpdateMember } from '../api/companies.ts';
import { ROLE_HINTS, ROLE_LABELS } from './role-labels.ts';

const PAGE_SIZE = 20;

/**
 * The members with their roles and limits, a page at a time (owners first, then by name; the page
 * in the URL as `members`); owners change them and remove members.
 */
export function MembersTable({
  company,
  myId,
  titleId,
}: {
  company: MyCompany;
  myId: string;
  /** The page's title, which takes focus once a removed member's row (and its button) is gone. */
  titleId: string;
}) {
  const list = useUrlList(PAGE_SIZE, {}, 'members');
  const members = useCompanyMembers({ limit: PAGE_SIZE, offset: list.offset });
  const currency = useCurrency();
  const isOwner = company.role === 'owner';
  const [editing, setEditing] = useState<CompanyMember | null>(null);
  const [removing, setRemoving] = useState<CompanyMember | null>(null);
  const remove = useRemoveMember();
  const toast = useToast();
  // Removing takes the member's row, and the button that had the keyboard, with it: when the
  // members are read again, after the dialog has closed.
  const markRemoved = useFocusTitleWhenRemoved(
    members.data?.members,
    (member) => member.userId,
    titleId,
    removing !== null,
  );
  const limit = (value: number | null) => (value === null ? 'None' : formatMoney(value, currency));
  const columns: Column<CompanyMember>[] = [
    {
      header: 'Member',
      isRowHeader: true,
      cell: (member) => (
        <span>
          <span className="block font-semibold text-navy-900">
            {member.name}
            {member.userId === myId && ' (you)'}
          </span>
          <span className="block text-xs break-all text-stone-600">{member.email}</span>
        </span>
      ),
    },
    { header: 'Role', cell: (member) => ROLE_LABELS[member.role] },
    { header: 'Limit per order', isNumeric: true, cell: (member) => limit(member.orderLimit) },
    { header: 'Limit per month', isNumeric: true, cell: (member) => limit(member.monthlyLimit) },
  ];
  if (isOwner) {
    columns.push({
      header: 'Actions',
      hideHeader: true,
      width: 'w-48',
      cell: (member) => (
        <span className="flex w-full flex-wrap justify-end gap-2">
          <Button
            size="sm"
            variant="outline"
            aria-label={`Change ${member.name}'s role or limits`}
            onClick={() => setEditing(member)}
          >
            Change
          </Button>
          <Button
            size="sm"
            variant="danger-outline"
            aria-label={`Remove ${member.name}`}
            onClick={() => setRemoving(member)}
          >
            Remove
          </Button>
        </span>
      ),
    });
  }
  return (
    <>
      <QueryView
        query={members}
        loadingLabel="Loading the members…"
        errorTitle="We could not load the members"
        isEmpty={(data) => data.members.length === 0}
        emptyTitle="No members on this page"
        emptyText="The company has fewer members than this page would show: go back to the first page."
      >
        {(data) => (
          <>
            <p className="mb-3 text-sm text-stone-700" aria-live="polite">
              {countSentence(
                data.total,
                { offset: list.offset, count: data.members.length, pageSize: PAGE_SIZE },
                ['member', 'members'],
                formatCount,
              )}
            </p>
            <DataTable
              caption={`Members of ${company.name}`}
              columns={columns}
              rows={data.members}
              rowKey={(member) => member.userId}
            />
            <Pagination
              page={list.page}
              pageCount={Math.ceil(data.total / PAGE_SIZE)}
              hrefFor={list.hrefFor}
              label="Pages of the members"
            />
          </>
        )}
      </QueryView>
      {editing && <EditMemberDialog member={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this member?"
        message={
          removing && (
            <p>
              {removing.name} ({removing.email}) leaves the company at once. The orders they placed
              stay the company's.
            </p>
          )
        }
        confirmLabel="Remove member"
        isPending={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.userId, {
            onSuccess: () => {
              toast.success(`${removing.name} is no longer a member.`);
              markRemoved(removing.userId);
            },
            onError: (error) => toast.error(errorMessage(error)),
            onSettled: () => setRemoving(null),
          })
        }
      />
    </>
  );
}

function EditMemberDialog({ member, onClose }: { member: CompanyMember; onClose: () => void }) {
  const currency = useCurrency();
  const update = useUpdateMember();
  const toast = useToast();
  const [role, setRole] = useState<CompanyRole>(member.role);
  const shown = (value: number | null) => (value === null ? '' : fromMinorUnits(value, currency));
  const [orderLimit, setOrderLimit] = useState(shown(member.orderLimit));
  const [monthlyLimit, setMonthlyLimit] = useState(shown(member.monthlyLimit));
  const [problem, setProblem] = useState<string | null>(null);
  const parse = (value: string) =>
    value.trim() === '' ? null : toMinorUnits(value.trim(), currency);
  const orderValue = parse(orderLimit);
  const monthValue = parse(monthlyLimit);
  const invalid = 'Must be an amount such as 500 or 500.00, or empty for none.';
  const save = () => {
    if (orderValue === undefined || monthValue === undefined) return;
    update.mutate(
      { userId: member.userId, role, orderLimit: orderValue, monthlyLimit: monthValue },
      {
        onSuccess: () => {
          toast.success(`${member.name}'s role and limits are saved.`);
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  return (
    <Dialog open onClose={onClose} title={`${member.name}: role and limits`}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <SelectField
          label="Role"
          value={role}
          hint={ROLE_HINTS[role]}
          onChange={(event) => setRole(event.target.value as CompanyRole)}
        >
          {COMPANY_ROLES.map((value) => (
            <option key={value} value={value}>
              {ROLE_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <TextField
          label={`Limit per order in ${currency}`}
          inputMode="decimal"
          hint="Empty: no limit. Above it, an order waits for approval."
          value={orderLimit}
          error={orderValue === undefined ? invalid : undefined}
          onChange={(event) => setOrderLimit(event.target.value)}
        />
        <TextField
          label={`Limit per calendar month in ${currency}`}
          inputMode="decimal"
          hint="Empty: no limit."
          value={monthlyLimit}
          error={monthValue === undefined ? invalid : undefined}
          onChange={(event) => setMonthlyLimit(event.target.value)}
        />
        <FormError>{problem}</FormError>
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" variant="secondary" isPending={update.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
