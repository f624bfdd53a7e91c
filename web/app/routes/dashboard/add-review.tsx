import type { MetaArgs } from 'react-router';
import { Link } from 'react-router';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { MyReviews } from '#web/features/reviews/components/my-reviews.tsx';
import { ReviewForm } from '#web/features/reviews/components/review-form.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import { paths } from '#web/lib/paths.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Write a review', path: location.pathname, noIndex: true });

export function AddReviewPage() {
  const toast = useToast();
  return (
    <>
      <PageHeading
        title="Write a review"
        description={
          <>
            Tell other buyers how our tools and service worked for you. The newest reviews appear on
            the{' '}
            <Link to={paths.home()} className="font-semibold text-navy-700 underline">
              home page
            </Link>
            .
          </>
        }
      />
      <div className="max-w-2xl rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
        <ReviewForm onPosted={() => toast.success('Thank you! Your review is on the home page.')} />
      </div>
      <section aria-labelledby="my-reviews-title" className="mt-12 max-w-2xl">
        <h2 id="my-reviews-title" tabIndex={-1} className="mb-4 text-xl font-bold text-navy-900">
          Your reviews
        </h2>
        <MyReviews titleId="my-reviews-title" />
      </section>
    </>
  );
}

export default AddReviewPage;
