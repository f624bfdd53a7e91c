import { useState } from 'react';
import { Link } from 'react-router';
import type { Review, ReviewEligibility } from '#contract/reviews.ts';
import type { Tool } from '#contract/tools.ts';
import { Button } from '#web/components/ui/button.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { RatingSummary } from '#web/components/ui/rating.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import * as paths from '#web/lib/paths.ts';
import { useMoreToolReviews, useToolReviewEligibility, useToolReviews } from '../api/reviews.ts';
import { ReviewForm } from './lazy-review-form.tsx';
import { ReviewCard } from './review-card.tsx';

/** A buyer of the tool writes or edits their review; anyone else learns why they cannot. */
function ToolReviewPanel({ tool, eligibility }: { tool: Tool; eligibility: ReviewEligibility }) {
  const toast = useToast();
  const { canPost, reason, review } = eligibility;
  if (!canPost) return <p className="text-stone-700">{reason}</p>;
  return (
    <>
      <p className="mb-5 text-stone-700">
        {review
          ? review.hidden
            ? 'This is your review of this tool. The store has hidden it from other visitors; you can still change it.'
            : 'This is your review of this tool, as others see it. Change it here: you have one review of each tool.'
          : 'You bought this tool: tell other buyers how it worked for you.'}
      </p>
      <ReviewForm
        key={review?._id ?? 'new'}
        toolId={tool._id}
        current={review}
        onPosted={() =>
          toast.success(
            review ? 'Your review is updated.' : 'Thank you! Your review is on this page.',
          )
        }
      />
    </>
  );
}

/** Who is looking: signed in or not, or not known yet. */
export type Viewer = 'customer' | 'visitor' | 'unknown';

function WriteToolReview({ tool, viewer }: { tool: Tool; viewer: Viewer }) {
  const eligibility = useToolReviewEligibility(tool._id, viewer === 'customer');
  if (viewer === 'unknown') return null;
  if (viewer === 'visitor') {
    return (
      <p className="text-stone-700">
        Bought this tool?{' '}
        <Link
          to={paths.login()}
          state={{ from: { pathname: paths.tool(tool._id), search: '', hash: '#reviews' } }}
          className="font-semibold text-navy-700 underline"
        >
          Sign in
        </Link>{' '}
        to review it.
      </p>
    );
  }
  return (
    <QueryView
      query={eligibility}
      loadingLabel="Checking whether you can review this tool…"
      errorTitle="We could not check whether you can review this tool"
    >
      {(data) => <ToolReviewPanel tool={tool} eligibility={data} />}
    </QueryView>
  );
}

/** Each review once: one posted while pages were read moves the later pages by one. */
function withoutRepeats(reviews: Review[]): Review[] {
  const seen = new Set<string>();
  return reviews.filter((review) => !seen.has(review._id) && Boolean(seen.add(review._id)));
}

/**
 * A tool's reviews on its page: the rating in stars and words, the newest reviews (more on
 * request), and the form for a customer who bought it.
 */
export function ToolReviews({ tool, viewer }: { tool: Tool; viewer: Viewer }) {
  const [isMoreAsked, setMoreAsked] = useState(false);
  const reviews = useToolReviews(tool._id);
  const more = useMoreToolReviews(tool._id, isMoreAsked);
  const { average, count } = tool.rating;
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="mt-14 scroll-mt-24">
      <h2 id="reviews-title" className="text-2xl font-bold text-navy-900">
        Reviews
      </h2>
      <div className="mt-3">
        {average === null ? (
          <p className="text-stone-700">No reviews of this tool yet.</p>
        ) : (
          <RatingSummary average={average} count={count} />
        )}
      </div>
      {count > 0 && (
        <div className="mt-6">
          <QueryView
            query={reviews}
            loadingLabel="Loading the reviews…"
            errorTitle="We could not load the reviews"
          >
            {({ reviews: first, total }) => {
              const shown = withoutRepeats([
                ...first,
                ...(more.data?.pages.flatMap((page) => page.reviews) ?? []),
              ]);
              const hasMore = more.data ? more.hasNextPage : shown.length < total;
              return (
                <>
                  <ul className="grid gap-5 md:grid-cols-2">
                    {shown.map((review) => (
                      <li key={review._id}>
                        <ReviewCard review={review} />
                      </li>
                    ))}
                  </ul>
                  {more.isError && (
                    <p role="alert" className="mt-5 text-sm text-red-800">
                      We could not load more reviews. Try again in a moment.
                    </p>
                  )}
                  {hasMore && (
                    <Button
                      variant="outline"
                      className="mt-5"
                      isPending={more.isFetching}
                      onClick={() => {
                        if (!isMoreAsked) setMoreAsked(true);
                        else if (more.data) void more.fetchNextPage();
                        else void more.refetch();
                      }}
                    >
                      Show more reviews
                    </Button>
                  )}
                </>
              );
            }}
          </QueryView>
        </div>
      )}
      <div className="mt-8 max-w-2xl rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
        <h3 className="mb-3 text-lg font-bold text-navy-900">Review this tool</h3>
        <WriteToolReview tool={tool} viewer={viewer} />
      </div>
    </section>
  );
}
