import { Link } from 'react-router';
import { formatDateTime } from '#contract/dates.ts';
import type { ManagedReview } from '#contract/reviews.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Rating } from '#web/components/ui/rating.tsx';
import * as paths from '#web/lib/paths.ts';

/**
 * Reviews with what they are about (a tool, or the store), who wrote them, when, and whether they
 * are hidden, each with its actions: one
 * column of cards at every width (a review is prose; a table would squeeze it).
 */
export function ManagedReviewList({
  reviews,
  label,
  showAuthor,
  onHide,
  onShow,
  onDelete,
}: {
  reviews: ManagedReview[];
  label: string;
  showAuthor: boolean;
  onHide?: (review: ManagedReview) => void;
  onShow?: (review: ManagedReview) => void;
  onDelete: (review: ManagedReview) => void;
}) {
  return (
    <ul aria-label={label} className="grid gap-3">
      {reviews.map((review) => {
        const who = showAuthor ? `${review.userName}’s review` : 'your review';
        return (
          <li
            key={review._id}
            className={`rounded-lg border p-4 shadow-sm ${review.hidden ? 'border-amber-300 bg-amber-50' : 'border-stone-200 bg-white'}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Rating value={review.rating} />
              {review.hidden ? (
                <Badge tone="warning">Hidden from the store</Badge>
              ) : (
                <Badge tone="success">Shown</Badge>
              )}
            </div>
            <p className="mt-2 text-sm text-stone-700">
              {review.tool ? (
                <>
                  Review of{' '}
                  <Link
                    to={paths.tool(review.tool._id)}
                    className="font-semibold text-navy-700 underline"
                  >
                    {review.tool.name}
                  </Link>
                </>
              ) : (
                'Review of the store'
              )}
            </p>
            <blockquote className="mt-3 break-words whitespace-pre-line text-stone-800">
              {review.review}
            </blockquote>
            <p className="mt-3 text-sm text-stone-600">
              {showAuthor && (
                <>
                  <span className="font-semibold text-navy-900">{review.userName}</span>{' '}
                  <span className="break-all">({review.authorEmail})</span>,{' '}
                </>
              )}
              <time dateTime={review.createdAt}>{formatDateTime(review.createdAt)}</time>
            </p>
            <div className="mt-3 flex flex-wrap justify-end gap-2">
              {review.hidden
                ? onShow && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => onShow(review)}
                      aria-label={`Show again: ${who}`}
                    >
                      Show again
                    </Button>
                  )
                : onHide && (
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => onHide(review)}
                      aria-label={`Hide ${who}`}
                    >
                      Hide
                    </Button>
                  )}
              <Button
                size="sm"
                variant="danger"
                onClick={() => onDelete(review)}
                aria-label={`Delete ${who}`}
              >
                Delete
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
