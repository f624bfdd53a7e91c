import { Link, type MetaArgs } from 'react-router';
import type { UserDetails } from '#contract/users.ts';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useSignedInUser } from '#web/features/auth/api/session.ts';
import { VerifyEmailNotice } from '#web/features/auth/components/verify-email-notice.tsx';
import { useMyCompany } from '#web/features/companies/api/companies.ts';
import { roleWithArticle } from '#web/features/companies/components/role-labels.ts';
import { useUserDetails } from '#web/features/users/api/users.ts';
import { CompanyDetailsForm } from '#web/features/users/components/company-details-form.tsx';
import { ProfileCard } from '#web/features/users/components/profile-card.tsx';
import { ProfileForm } from '#web/features/users/components/profile-form.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';

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
            <CompanySection details={data} />
          </div>
        )}
      </QueryView>
    </>
  );
}

const panel = 'rounded-xl border border-stone-200 bg-white p-6 shadow-sm xl:col-start-2';

/**
 * Company details, apart from the personal profile: a member of a company sees the company (its
 * details are kept there); anyone else keeps their own for orders and invoices.
 */
function CompanySection({ details }: { details: UserDetails }) {
  const company = useMyCompany();
  const toast = useToast();
  return (
    <section aria-labelledby="company-details-title" className={panel}>
      <h2 id="company-details-title" className="mb-5 text-lg font-bold text-navy-900">
        Company details
      </h2>
      {company.data ? (
        <p className="text-stone-700">
          You buy for <strong>{company.data.name}</strong> as{' '}
          {`${roleWithArticle(company.data.role)}; its details go onto your orders and invoices.`}{' '}
          <Link to={paths.company()} className="font-semibold text-navy-700 underline">
            See the company
          </Link>
        </p>
      ) : (
        <CompanyDetailsForm
          details={details}
          onSaved={() => toast.success('Your company details are saved.')}
        />
      )}
    </section>
  );
}

export default ProfilePage;
