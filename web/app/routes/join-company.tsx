import { useEffect } from 'react';
import { Link, type MetaArgs, useNavigate, useSearchParams } from 'react-router';
import type { InvitationPreview } from '#contract/company-details.ts';
import { formatDate } from '#contract/dates.ts';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { FormError } from '#web/components/ui/field.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { ErrorState } from '#web/components/ui/state.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useSession } from '#web/features/auth/api/session.ts';
import { useAcceptInvitation, useInvitation } from '#web/features/companies/api/companies.ts';
import { ROLE_HINTS, roleWithArticle } from '#web/features/companies/components/role-labels.ts';
import {
  forgetInvitation,
  rememberInvitation,
} from '#web/features/companies/utils/pending-invitation.ts';
import { errorMessage } from '#web/lib/api-error.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';
import type { LoginState } from '../guards/require-auth.tsx';
import { AuthLayout } from '../layouts/auth-layout.tsx';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Join a company', path: location.pathname, noIndex: true });

/**
 * Where the link in an invitation email lands. Opening it changes nothing: the invitee signs in
 * (or signs up, and the page confirming their email in this browser offers the invitation again),
 * sees the company and the role, and accepts.
 */
export function JoinCompanyPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, isPending } = useSession();
  const invitation = useInvitation(token, Boolean(user));
  // Shown to someone signed in: the confirmation page need not offer it again.
  const isSignedIn = Boolean(user);
  useEffect(() => {
    if (isSignedIn) forgetInvitation();
  }, [isSignedIn]);

  if (!token) {
    return (
      <AuthLayout
        title="This link did not work"
        description="The link in the invitation email is cut short. Open it again from the email."
      >
        <Link to={paths.home()} className={buttonClasses({ size: 'lg' })}>
          Go to the store
        </Link>
      </AuthLayout>
    );
  }
  if (isPending) {
    return (
      <AuthLayout title="Join a company" description="You were invited to buy with a company.">
        <LoadingState label="Checking your sign-in…" />
      </AuthLayout>
    );
  }
  if (!user) {
    const state: LoginState = {
      from: { pathname: paths.joinCompany(), search: `?token=${token}`, hash: '' },
    };
    return (
      <AuthLayout
        title="Join a company"
        description="You were invited to buy with a company. Sign in with the email address the invitation was sent to, and you can accept it."
      >
        <div className="space-y-4">
          {/* Remembered here too: the sign-in page's own "Create an account" link is as likely. */}
          <Link
            to={paths.login()}
            state={state}
            onClick={() => rememberInvitation(token)}
            className={buttonClasses({ size: 'lg', wraps: true })}
          >
            Sign in to see the invitation
          </Link>
          <p className="text-sm text-stone-700">
            No account yet?{' '}
            <Link
              to={paths.registration()}
              onClick={() => rememberInvitation(token)}
              className="font-semibold text-navy-700 underline"
            >
              Create one with that address
            </Link>{' '}
            and confirm it from the email we send: the page that confirms it in this browser brings
            you back to this invitation (elsewhere, open the invitation link again).
          </p>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Join a company" description={`Signed in as ${user.email}.`}>
      {invitation.isPending ? (
        <LoadingState label="Reading the invitation…" />
      ) : invitation.data ? (
        <Offer token={token} invitation={invitation.data} />
      ) : (
        <ErrorState
          error={invitation.error}
          title="This invitation cannot be used"
          className="my-0"
        />
      )}
    </AuthLayout>
  );
}

function Offer({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const toast = useToast();
  return (
    <div className="space-y-4">
      <p className="text-lg text-navy-900">
        {invitation.invitedBy ?? 'The owner'} invited you to join{' '}
        <strong>{invitation.companyName}</strong> as {roleWithArticle(invitation.role)}.
      </p>
      <p className="text-sm text-stone-700">
        {ROLE_HINTS[invitation.role]} The invitation works until {formatDate(invitation.expiresAt)}.
      </p>
      {invitation.currentCompany ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          You belong to {invitation.currentCompany} already. A person is in one company at a time:{' '}
          <Link to={paths.company()} className="font-semibold underline">
            leave it first
          </Link>
          , then open this link again.
        </p>
      ) : (
        <Button
          wraps
          size="lg"
          isPending={accept.isPending}
          onClick={() =>
            accept.mutate(token, {
              onSuccess: (company) => {
                toast.success(`You joined ${company?.name ?? invitation.companyName}.`);
                void navigate(paths.company());
              },
            })
          }
        >
          Join {invitation.companyName}
        </Button>
      )}
      <FormError>{accept.error ? errorMessage(accept.error) : null}</FormError>
    </div>
  );
}

export default JoinCompanyPage;
