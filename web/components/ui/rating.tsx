function Stars({ filled, className = 'size-4' }: { filled: number; className?: string }) {
  return (
    <span aria-hidden="true" className="flex text-orange-500">
      {[1, 2, 3, 4, 5].map((star) => (
        <svg
          aria-hidden="true"
          key={star}
          viewBox="0 0 20 20"
          className={className}
          fill={star <= filled ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8L10 1.8Z" />
        </svg>
      ))}
    </span>
  );
}

/** Stars for the eye, "Rating n/5" for everyone. */
export function Rating({ value }: { value: number }) {
  return (
    <p className="flex items-center gap-2">
      <Stars filled={value} />
      <span className="text-sm font-semibold text-stone-700">Rating {value}/5</span>
    </p>
  );
}

const reviewsWord = (count: number) => (count === 1 ? '1 review' : `${count} reviews`);

/**
 * A tool's rating: its average in stars (rounded to whole stars for the eye) and in words, with how
 * many reviews it comes from. `compact` is the catalogue card's one line.
 */
export function RatingSummary({
  average,
  count,
  compact = false,
}: {
  average: number;
  count: number;
  compact?: boolean;
}) {
  const value = average.toFixed(1);
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <Stars filled={Math.round(average)} className={compact ? 'size-3.5' : 'size-5'} />
      {compact ? (
        <span className="text-xs text-stone-700">
          <span aria-hidden="true">
            {value} ({count})
          </span>
          <span className="sr-only">
            Rated {value} out of 5 from {reviewsWord(count)}
          </span>
        </span>
      ) : (
        <span className="text-sm text-stone-700">
          <span className="font-semibold">{value} out of 5</span>, from {reviewsWord(count)}
        </span>
      )}
    </p>
  );
}
