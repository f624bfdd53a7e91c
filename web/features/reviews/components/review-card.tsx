import type { Review } from '#contract/reviews.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Rating } from '#web/components/ui/rating.tsx';

export function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="flex h-full flex-col rounded-xl border border-stone-200 bg-white p-6 shadow-sm">
      <Rating value={review.rating} />
      <blockquote className="mt-4 flex-1 text-stone-700">
        <p>“{review.review}”</p>
      </blockquote>
      <figcaption className="mt-5 flex items-center gap-3 border-t border-stone-100 pt-4">
        <Avatar name={review.userName} photo={review.img} />
        {/* The name is the author's own choice; what they are is the store's word: a review is a
            customer's, never the store's staff speaking. */}
        <span className="grid">
          <span className="font-semibold text-navy-900">{review.userName}</span>
          <span className="text-sm text-stone-600">Customer</span>
        </span>
      </figcaption>
    </figure>
  );
}
