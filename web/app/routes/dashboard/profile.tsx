import type { MetaArgs } from 'react-router';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useSignedInUser } from '#web/features/auth/api/session.ts';
import { VerifyEmailNotice } from '#web/features/auth/components/verify-email-notice.tsx';
import { useUserDetails } from '#web/features/users/api/users.ts';
import { ProfileCard } from '#web/features/users/components/profile-card.tsx';
import { ProfileForm } from '#web/features/users/components/profile-form.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'My profile', path: location.pathname, noIndex: true });

export function ProfilePage() {
  const user = useSignedInUser();
  const details = useUserDetails(user.email);
  const toast = useToast();
  return (
    <>
      <PageHeading
        title="My profile"
        description="Keep your contact details current so our sales team can reach you."
      />
      <div className="mb-6 max-w-3xl empty:hidden">
        <VerifyEmailNotice user={user} />
      </div>
      <QueryView
        query={details}
        loadingLabel="Loading your profile…"
        errorTitle="We could not load your profile"
      >
        {(data) => (
          <div className="grid gap-8 xl:grid-cols-[22rem_1fr] xl:items-start">
            <ProfileCard details={data} />
            <section
              aria-labelledby="update-profile-title"
              className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm"
            >
              <h2 id="update-profile-title" className="mb-5 text-lg font-bold text-navy-900">
                Update your profile
              </h2>
              <ProfileForm details={data} onSaved={() => toast.success('Your profile is saved.')} />
            </section>
          </div>
        )}
      </QueryView>
    </>
  );
}

export default ProfilePage;
