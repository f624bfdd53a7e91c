import { useState } from 'react';
import type { Role, UserSummary } from '#contract/users.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { ErrorState } from '#web/components/ui/state.tsx';

export interface RoleChange {
  user: UserSummary;
  role: Role;
}

/** What a role change does, in words, for the dialog's title and button. */
function roleChangeWords({ user, role }: RoleChange) {
  return role === 'Admin'
    ? { title: `Make ${user.name} an admin?`, action: 'Make admin' }
    : { title: `Remove the admin role from ${user.name}?`, action: 'Remove admin' };
}

/**
 * Asks before any role change, naming the person and the change. Taking away your own admin role
 * asks more: you type your email, having read that the admin screens close at once.
 */
export function RoleChangeDialog({
  change,
  myEmail,
  isPending,
  error,
  onConfirm,
  onClose,
}: {
  change: RoleChange | null;
  myEmail: string;
  isPending: boolean;
  error: unknown;
  onConfirm: (change: RoleChange) => void;
  onClose: () => void;
}) {
  const words = change ? roleChangeWords(change) : null;
  const isSelf = change?.user.email.toLowerCase() === myEmail.toLowerCase();
  const title = isSelf && change?.role === 'User' ? 'Remove your own admin role?' : words?.title;
  return (
    <Dialog open={change !== null} onClose={onClose} title={title ?? 'Change the role'}>
      {change && words && (
        <RoleChangeBody
          key={`${change.user._id}-${change.role}`}
          change={change}
          action={words.action}
          isSelfDemotion={isSelf && change.role === 'User'}
          myEmail={myEmail}
          isPending={isPending}
          error={error}
          onConfirm={onConfirm}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function RoleChangeBody({
  change,
  action,
  isSelfDemotion,
  myEmail,
  isPending,
  error,
  onConfirm,
  onClose,
}: {
  change: RoleChange;
  action: string;
  isSelfDemotion: boolean;
  myEmail: string;
  isPending: boolean;
  error: unknown;
  onConfirm: (change: RoleChange) => void;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [typedError, setTypedError] = useState<string | undefined>();
  const { user, role } = change;
  const confirm = () => {
    if (isSelfDemotion && typed.trim().toLowerCase() !== myEmail.toLowerCase()) {
      setTypedError(`Type your email, ${myEmail}, to confirm.`);
      return;
    }
    onConfirm(change);
  };
  return (
    <form
      method="post"
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        confirm();
      }}
    >
      {isSelfDemotion ? (
        <div className="grid gap-2 text-stone-700">
          <p>
            You will no longer be an admin, and{' '}
            <strong>you will lose access to the admin screens at once</strong>: orders, tools,
            people and the audit log. Only another admin can give the role back.
          </p>
          <p>To confirm, type your email below.</p>
        </div>
      ) : (
        <p className="break-words text-stone-700">
          {role === 'Admin'
            ? `${user.name} (${user.email}) will be able to manage orders, tools, reviews and people, including other admins.`
            : `${user.name} (${user.email}) will no longer see the admin screens; their orders and reviews stay as they are.`}
        </p>
      )}
      {isSelfDemotion && (
        <TextField
          label="Your email"
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setTypedError(undefined);
          }}
          hint={`Type ${myEmail}.`}
          error={typedError}
        />
      )}
      {Boolean(error) && (
        <ErrorState error={error} title="The role was not changed" className="my-0" />
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onClose} disabled={isPending}>
          Close
        </Button>
        <Button
          type="submit"
          variant={role === 'Admin' ? 'secondary' : 'danger'}
          isPending={isPending}
        >
          {isSelfDemotion ? 'Remove my admin role' : action}
        </Button>
      </div>
    </form>
  );
}
