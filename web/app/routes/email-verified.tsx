import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, type MetaArgs, useSearchParams } from 'react-router';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { useSession } from '#web/features/auth/api/session.ts';
import { ResendVerificationForm } from '#web/features/auth/components/resend-verification-form.tsx';
import { pendingInvitation } from '#web/features/companies/utils/pending-invitation.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import { queryKeys } from '#web/lib/query-client.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, {
    title: new URLSearchParams(location.search).has('error') ? 'Link not valid' : 'Email confirmed',
    path: location.pathname,
    noIndex: true,
  });

/** Where the confirm page sends people: the account is made, or the link did not work. */
export function EmailVerifiedPage() {
  const [params] = useSearchParams();
  const error = params.get('error');
  const queryClient = useQueryClient();
  const { user } = useSession();
  const alreadyConfirmed = user?.emailVerified === true;
  // An invitation opened before signing up, in this browser (read once the page is the browser's:
  // the server has no storage).
  const invitation = useHydrated() ? pendingInvitation() : null;
  const offersInvitation = !error && user && invitation;
  // With the resend form on the page, its button is the main action.
  const next = buttonClasses({
    size: 'lg',
    variant: error && !alreadyConfirmed ? 'outline' : 'primary',
    className: 'mt-8',
  });

  // A confirmation made an account: whatever the session said before is read again.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.session });
  }, [queryClient]);

  return (
    <div className="mx-auto max-w-xl px-4 pt-12 text-center sm:px-6">
      <span
        className={`mx-auto grid size-16 place-items-center rounded-full ${error ? 'bg-amber-100 text-amber-800' : 'bg-emerald-100 text-emerald-800'}`}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-8" fill="currentColor">
          {error ? (
            <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1 5h2v7h-2V7Zm0 9h2v2h-2v-2Z" />
          ) : (
            <path d="M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6 11-11-1.4-1.4-9.6 9.6Z" />
          )}
        </svg>
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-navy-900">
        {error ? 'This link did not work' : 'Your email is confirmed'}
      </h1>
      <p className="mt-3 text-stone-700">
        {error
          ? alreadyConfirmed
            ? 'This link is no longer valid, but your email is already confirmed: you can place orders.'
            : 'The confirmation link has expired or was used, or the address was confirmed with another link. Ask for a new one below.'
          : user
            ? offersInvitation
              ? 'Thank you. You can now accept the invitation to buy with a company that you opened before signing up.'
              : 'Thank you. You can now place orders.'
            : 'Thank you: your account is ready. Sign in with the password you chose to place orders.'}
      </p>
      {error && !alreadyConfirmed && (
        <div className="mt-6">
          <ResendVerificationForm key={user?.email ?? ''} email={user?.email} />
        </div>
      )}
      {!user ? (
        <Link to={paths.login()} className={next}>
          Sign in
        </Link>
      ) : offersInvitation ? (
        <Link to={paths.joinCompany(invitation)} className={next}>
          Open the invitation
        </Link>
      ) : (
        <Link to={paths.tools()} className={next}>
          Browse the tools
        </Link>
      )}
    </div>
  );
}

export default EmailVerifiedPage;
