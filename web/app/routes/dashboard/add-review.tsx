import { useEffect } from 'react';
import type { MetaArgs } from 'react-router';
import { Link } from 'react-router';
import type { ReviewEligibility } from '#contract/reviews.ts';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { useReviewEligibility } from '#web/features/reviews/api/reviews.ts';
import { ReviewForm } from '#web/features/reviews/components/lazy-review-form.tsx';
import { MyReviews } from '#web/features/reviews/components/my-reviews.tsx';
import { pageMeta } from '#web/lib/page-meta.ts';
import * as paths from '#web/lib/paths.ts';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, { title: 'Write a review', path: location.pathname, noIndex: true });

/**
 * The customer's one review: written once they have a paid order (the page says why not before),
 * then edited here; posting again replaces it.
 */
function ReviewPanel({ eligibility }: { eligibility: ReviewEligibility }) {
  const toast = useToast();
  const { canPost, reason, review } = eligibility;
  if (!canPost) {
    return (
      <div className="max-w-2xl rounded-xl border border-amber-300 bg-amber-50 p-6 text-stone-800">
        <p>{reason}</p>
        <p className="mt-3">
          <Link to={paths.tools()} className="font-semibold text-navy-700 underline">
            Browse the catalogue
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="max-w-2xl rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
      {review && (
        <p className="mb-5 text-stone-700">
          {review.hidden
            ? 'This is your review. The store has hidden it from other visitors; you can still change it.'
            : 'This is your review, as others see it. Change it here: each customer has one review.'}
        </p>
      )}
      <ReviewForm
        // A new form when the review it edits appears, so that it starts from that review.
        key={review?._id ?? 'new'}
        current={review}
        onPosted={() =>
          toast.success(
            review ? 'Your review is updated.' : 'Thank you! Your review is on the home page.',
          )
        }
      />
    </div>
  );
}

export function AddReviewPage() {
  const eligibility = useReviewEligibility();
  // The form's code comes beside the eligibility it waits for, not after it.
  useEffect(() => ReviewForm.preload(), []);
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
      <QueryView
        query={eligibility}
        loadingLabel="Loading your review…"
        errorTitle="We could not load your review"
      >
        {(data) => <ReviewPanel eligibility={data} />}
      </QueryView>
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
