import type { UserSummary } from '#contract/users.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { EmailAddress } from '#web/components/ui/email-address.tsx';
import { type Column, DataTable } from '#web/components/ui/table.tsx';

export function UsersTable({
  users,
  currentEmail,
  caption,
  onToggleAdmin,
}: {
  users: UserSummary[];
  currentEmail: string;
  caption: string;
  /** Opens the confirmation for this person's role change. */
  onToggleAdmin: (user: UserSummary) => void;
}) {
  const columns: Column<UserSummary>[] = [
    {
      header: 'Name',
      cell: (user) => (
        <span className="font-semibold text-navy-900">
          {user.name}
          {user.email === currentEmail && (
            <span className="ml-1 font-normal text-stone-600">(you)</span>
          )}
        </span>
      ),
    },
    { header: 'Email', cell: (user) => <EmailAddress email={user.email} /> },
    {
      header: 'Role',
      cell: (user) => (
        <Badge tone={user.role === 'Admin' ? 'brand' : 'neutral'}>
          {user.role === 'Admin' ? 'Admin' : 'User'}
        </Badge>
      ),
    },
    {
      header: 'Action',
      hideHeader: true,
      cell: (user) => (
        <span className="flex w-full justify-end">
          <Button
            size="sm"
            variant={user.role === 'Admin' ? 'outline' : 'secondary'}
            onClick={() => onToggleAdmin(user)}
            aria-label={`${user.role === 'Admin' ? 'Remove admin' : 'Make admin'}: ${user.name}`}
          >
            {user.role === 'Admin' ? 'Remove admin' : 'Make admin'}
          </Button>
        </span>
      ),
    },
  ];
  return <DataTable caption={caption} columns={columns} rows={users} rowKey={(user) => user._id} />;
}
