import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { COMPANY_ROLES } from '#contract/companies.ts';
import {
  type CompanyInvitation,
  type InviteBody,
  InviteBodySchema,
} from '#contract/company-details.ts';
import { formatDate } from '#contract/dates.ts';
import { formatCount } from '#contract/format.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { SelectField, SubmitError, TextField } from '#web/components/ui/field.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import { useSubmitFailure } from '#web/lib/form-errors.ts';
import { countSentence, useUrlList } from '#web/lib/url-list.ts';
import { useFocusTitleWhenRemoved } from '#web/lib/use-focus-title.ts';
import { useCompanyInvitations, useInvite, useRevokeInvitation } from '../api/companies.ts';
import { ROLE_HINTS, ROLE_LABELS } from './role-labels.ts';

const OUTCOME = {
  notDone: 'No invitation was sent.',
  unknown: 'The invitation may have been sent: check the open invitations below.',
};
const FIELDS = ['email', 'role'] as const;

/** The form's fields as typed; the schema trims the email and puts it in lower case. */
type InviteInput = z.input<typeof InviteBodySchema>;

/** An owner invites an email address with a role; the address is mailed a link. */
export function InviteForm() {
  const invite = useInvite();
  const toast = useToast();
  const form = useForm<InviteInput, unknown, InviteBody>({
    resolver: zodResolver(InviteBodySchema),
    defaultValues: { email: '', role: 'buyer' },
    mode: 'onTouched',
  });
  const { failure, fail, clear } = useSubmitFailure(form.setError, FIELDS, OUTCOME);
  const { errors } = form.formState;
  const role = form.watch('role');
  const onSubmit = form.handleSubmit((body) =>
    invite.mutate(body, {
      onSuccess: (sent) => {
        clear();
        form.reset({ email: '', role: body.role });
        toast.success(`An invitation is on its way to ${sent.email}.`);
      },
      onError: fail,
    }),
  );
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4 sm:grid-cols-[1fr_12rem] sm:items-start"
    >
      <TextField
        label="Email address"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <SelectField
        label="Role"
        error={errors.role?.message}
        hint={ROLE_HINTS[role]}
        {...form.register('role')}
      >
        {COMPANY_ROLES.map((value) => (
          <option key={value} value={value}>
            {ROLE_LABELS[value]}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-col gap-4 sm:col-span-2">
        <SubmitError failure={failure} onRetry={onSubmit} isRetrying={invite.isPending} />
        <Button
          type="submit"
          variant="secondary"
          isPending={invite.isPending}
          className="sm:self-start"
        >
          Send invitation
        </Button>
      </div>
    </form>
  );
}

const PAGE_SIZE = 20;

/**
 * The open invitations, newest first, a page at a time (the page in the URL as `invitations`),
 * each with when it stops working and a way to withdraw it.
 */
export function InvitationsList({
  titleId,
}: {
  /** The page's title, which takes focus once a withdrawn invitation's row (and its button) is gone. */
  titleId: string;
}) {
  const list = useUrlList(PAGE_SIZE, {}, 'invitations');
  const invitations = useCompanyInvitations({ limit: PAGE_SIZE, offset: list.offset });
  const revoke = useRevokeInvitation();
  const toast = useToast();
  const [withdrawing, setWithdrawing] = useState<CompanyInvitation | null>(null);
  // Withdrawing takes the invitation's row, and the button that had the keyboard, with it: when
  // the invitations are read again, after the dialog has closed.
  const markWithdrawn = useFocusTitleWhenRemoved(
    invitations.data?.invitations,
    (invitation) => invitation._id,
    titleId,
    withdrawing !== null,
  );
  return (
    <>
      <QueryView
        query={invitations}
        loadingLabel="Loading the open invitations…"
        errorTitle="We could not load the open invitations"
        isEmpty={(data) => data.invitations.length === 0}
        emptyTitle={list.page > 1 ? 'No invitations on this page' : 'No invitations are waiting'}
        emptyText={
          list.page > 1
            ? 'There are fewer open invitations than this page would show: go back to the first page.'
            : 'Invitations you send are listed here until they are accepted or withdrawn.'
        }
      >
        {(data) => (
          <>
            <p className="mb-3 text-sm text-stone-700" aria-live="polite">
              {countSentence(
                data.total,
                { offset: list.offset, count: data.invitations.length, pageSize: PAGE_SIZE },
                ['open invitation', 'open invitations'],
                formatCount,
              )}
            </p>
            <InvitationRows invitations={data.invitations} onWithdraw={setWithdrawing} />
            <Pagination
              page={list.page}
              pageCount={Math.ceil(data.total / PAGE_SIZE)}
              hrefFor={list.hrefFor}
              label="Pages of the open invitations"
            />
          </>
        )}
      </QueryView>
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw this invitation?"
        message={withdrawing && <p>The link sent to {withdrawing.email} stops working at once.</p>}
        confirmLabel="Withdraw invitation"
        isPending={revoke.isPending}
        onClose={() => setWithdrawing(null)}
        onConfirm={() =>
          withdrawing &&
          revoke.mutate(withdrawing._id, {
            onSuccess: () => {
              toast.success(`The invitation of ${withdrawing.email} is withdrawn.`);
              markWithdrawn(withdrawing._id);
            },
            onError: (error) => toast.error(errorMessage(error)),
            onSettled: () => setWithdrawing(null),
          })
        }
      />
    </>
  );
}

function InvitationRows({
  invitations,
  onWithdraw,
}: {
  invitations: CompanyInvitation[];
  onWithdraw: (invitation: CompanyInvitation) => void;
}) {
  return (
    <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
      {invitations.map((invitation) => (
        <li
          key={invitation._id}
          className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
        >
          <span className="min-w-0">
            <span className="block font-semibold break-all text-navy-900">{invitation.email}</span>
            <span className="block text-sm text-stone-600">
              {ROLE_LABELS[invitation.role]}; sent {formatDate(invitation.createdAt)}, works until{' '}
              {formatDate(invitation.expiresAt)}
            </span>
          </span>
          <Button
            size="sm"
            variant="danger-outline"
            aria-label={`Withdraw the invitation of ${invitation.email}`}
            onClick={() => onWithdraw(invitation)}
          >
            Withdraw
          </Button>
        </li>
      ))}
    </ul>
  );
}
