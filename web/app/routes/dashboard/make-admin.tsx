import { useState } from 'react';
import type { MetaArgs } from 'react-router';
import type { UserSummary } from '../../../../contract/users.ts';
import { PageHeading } from '../../../components/ui/page-heading.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { ErrorState } from '../../../components/ui/state.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useSignedInUser } from '../../../features/auth/api/session.ts';
import { useAllUsers, useSetRole } from '../../../features/users/api/users.ts';
import { UsersTable } from '../../../features/users/components/users-table.tsx';
import { pageMeta } from '../../../lib/page-meta.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Make admin', path: location.pathname, noIndex: true });

export function MakeAdminPage() {
  const me = useSignedInUser();
  const users = useAllUsers();
  const setRole = useSetRole();
  const toast = useToast();
  const [pendingId, setPendingId] = useState<string | null>(null);

  const toggleAdmin = (user: UserSummary) => {
    const role = user.role === 'Admin' ? 'User' : 'Admin';
    setPendingId(user._id);
    setRole.mutate(
      { user, role },
      {
        onSuccess: () =>
          toast.success(
            role === 'Admin'
              ? `${user.name} is now an admin.`
              : `${user.name} is no longer an admin.`,
          ),
        onSettled: () => setPendingId(null),
      },
    );
  };

  return (
    <>
      <PageHeading
        title="Make admin"
        description="Give the admin role to a colleague, or take it back. There is always at least one admin."
      />
      {setRole.error && (
        <ErrorState error={setRole.error} title="The role was not changed" className="mb-6" />
      )}
      <QueryView
        query={users}
        loadingLabel="Loading users…"
        errorTitle="We could not load the users"
        isEmpty={(data) => data.length === 0}
        emptyTitle="No users yet"
      >
        {(data) => (
          <UsersTable
            users={data}
            currentEmail={me.email}
            pendingId={pendingId}
            onToggleAdmin={toggleAdmin}
          />
        )}
      </QueryView>
    </>
  );
}

export default MakeAdminPage;
