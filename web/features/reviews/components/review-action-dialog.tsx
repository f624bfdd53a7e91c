import type { ManagedReview } from '#contract/reviews.ts';
import { ConfirmDialog } from '#web/components/ui/dialog.tsx';
import { ErrorState } from '#web/components/ui/state.tsx';
import { truncate } from '#web/lib/format.ts';

export type ReviewAction = 'hide' | 'show' | 'delete';

const WORDS: Record<ReviewAction, { title: string; confirm: string; effect: string }> = {
  hide: {
    title: 'Hide this review?',
    confirm: 'Hide review',
    effect:
      'It leaves the home page and every list at once. You can show it again later; its author still sees it.',
  },
  show: {
    title: 'Show this review again?',
    confirm: 'Show review',
    effect: 'It goes back on the home page and in every list, at once.',
  },
  delete: {
    title: 'Delete this review?',
    confirm: 'Delete review',
    effect: 'It is removed for good, from every page. This cannot be undone.',
  },
};

/** Asks before hiding, showing or deleting a review, quoting it and naming its author. */
export function ReviewActionDialog({
  pending,
  isOwn,
  isPending,
  error,
  onConfirm,
  onClose,
}: {
  pending: { review: ManagedReview; action: ReviewAction } | null;
  /** The signed-in customer's own review: "your review". */
  isOwn: boolean;
  isPending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const words = WORDS[pending?.action ?? 'delete'];
  const review = pending?.review;
  return (
    <ConfirmDialog
      open={pending !== null}
      title={isOwn && pending?.action === 'delete' ? 'Delete your review?' : words.title}
      confirmLabel={words.confirm}
      isPending={isPending}
      onConfirm={onConfirm}
      onClose={onClose}
      message={
        review && (
          <div className="grid gap-3">
            <p className="break-words">
              {isOwn ? 'Your review' : `${review.userName}’s review (${review.authorEmail})`},{' '}
              {review.rating} of 5 stars: “{truncate(review.review, 160)}”
            </p>
            <p>{words.effect}</p>
            {Boolean(error) && (
              <ErrorState error={error} title="Nothing was changed" className="my-0" />
            )}
          </div>
        )
      }
    />
  );
}
