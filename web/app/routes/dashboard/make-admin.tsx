import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, Link, type MetaArgs, useNavigate } from 'react-router';
import { formatCount } from '#contract/format.ts';
import { ListUsersQuerySchema, ROLES, type Role } from '#contract/users.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SelectField, TextField } from '#web/components/ui/field.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useSignedInUser } from '#web/features/auth/api/session.ts';
import { useSetRole, useUsersPage } from '#web/features/users/api/users.ts';
import {
  type RoleChange,
  RoleChangeDialog,
} from '#web/features/users/components/role-change-dialog.tsx';
import { UsersTable } from '#web/features/users/components/users-table.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { queryKeys } from '#web/lib/query-client.ts';
import { countSentence, useUrlList } from '#web/lib/url-list.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Make admin', path: location.pathname, noIndex: true });

const PAGE_SIZE = 50;
const ROLE_LABELS: Record<Role, string> = { Admin: 'Admins', User: 'Customers' };

export function MakeAdminPage() {
  const me = useSignedInUser();
  const list = useUrlList(PAGE_SIZE);
  const typed = { q: list.get('q'), role: list.get('role') };
  const parsed = ListUsersQuerySchema.safeParse(typed);
  const qError = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === 'q');
  const roleOk = ROLES.includes(typed.role as Role);
  const params = {
    q: qError ? undefined : typed.q,
    role: roleOk ? (typed.role as Role) : undefined,
    limit: PAGE_SIZE,
    offset: list.offset,
  };
  const isFiltered = Boolean(typed.q || typed.role);
  const users = useUsersPage(params);
  const setRole = useSetRole();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [change, setChange] = useState<RoleChange | null>(null);

  const close = () => {
    setChange(null);
    setRole.reset();
  };
  const confirm = ({ user, role }: RoleChange) => {
    const isSelf = user.email.toLowerCase() === me.email.toLowerCase();
    setRole.mutate(
      { user, role, isSelf },
      {
        onSuccess: () => {
          setChange(null);
          if (isSelf && role === 'User') {
            // Out of the admin screens first, then the session learns the new role.
            navigate(paths.profile(), { replace: true });
            toast.success('You are no longer an admin. Another admin can give the role back.');
            void queryClient.invalidateQueries({ queryKey: queryKeys.session });
            return;
          }
          toast.success(
            role === 'Admin'
              ? `${user.name} is now an admin.`
              : `${user.name} is no longer an admin.`,
          );
        },
      },
    );
  };

  return (
    <>
      <PageHeading
        title="Make admin"
        description="Find people by any part of their name or email, give the admin role to a colleague, or take it back. There is always at least one admin."
      />
      {/* A plain GET form: the search lives in the URL, and works before the page's script. */}
      <Form
        method="get"
        role="search"
        aria-label="Find people"
        key={list.formKey}
        ref={list.formRef}
        onSubmit={list.submit}
        className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <TextField
          label="Find a person"
          name="q"
          type="search"
          defaultValue={typed.q ?? ''}
          hint="Any part of a name or an email."
          error={qError ? 'Enter at most 100 characters of a name or an email.' : undefined}
          autoComplete="off"
          spellCheck={false}
        />
        <SelectField label="Role" name="role" defaultValue={roleOk ? typed.role : ''}>
          <option value="">Everyone</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap items-end gap-3">
          <Button type="submit" variant="secondary" worksWithoutScript>
            Find
          </Button>
          {isFiltered && (
            <Link
              to="?"
              onClick={list.clearFilters}
              className="py-2 text-sm font-semibold text-navy-700 underline"
            >
              Show everyone
            </Link>
          )}
        </div>
      </Form>
      <QueryView
        query={users}
        loadingLabel="Loading people…"
        errorTitle="We could not load the people"
        isEmpty={(data) => data.users.length === 0}
        emptyTitle={isFiltered ? 'Nobody matches this search' : 'No one has an account yet'}
      >
        {(data) => (
          <>
            <p className="mb-3 text-sm text-stone-700" aria-live="polite">
              {countSentence(
                data.total,
                { offset: list.offset, count: data.users.length, pageSize: PAGE_SIZE },
                ['person', 'people'],
                formatCount,
              )}
            </p>
            <UsersTable
              users={data.users}
              currentEmail={me.email}
              caption="People and their roles, oldest account first"
              onToggleAdmin={(user) =>
                setChange({ user, role: user.role === 'Admin' ? 'User' : 'Admin' })
              }
            />
            <Pagination
              page={list.page}
              pageCount={Math.ceil(data.total / PAGE_SIZE)}
              hrefFor={list.hrefFor}
              label="Pages of people"
            />
          </>
        )}
      </QueryView>
      <RoleChangeDialog
        change={change}
        myEmail={me.email}
        isPending={setRole.isPending}
        error={setRole.error}
        onConfirm={confirm}
        onClose={close}
      />
    </>
  );
}

export default MakeAdminPage;
