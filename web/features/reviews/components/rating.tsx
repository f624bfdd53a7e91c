/** Stars for the eye, "Rating n/5" for everyone. */
export function Rating({ value }: { value: number }) {
  return (
    <p className="flex items-center gap-2">
      <span aria-hidden="true" className="flex text-orange-500">
        {[1, 2, 3, 4, 5].map((star) => (
          <svg
            aria-hidden="true"
            key={star}
            viewBox="0 0 20 20"
            className="size-4"
            fill={star <= value ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.5"
          >
            <path d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8L10 1.8Z" />
          </svg>
        ))}
      </span>
      <span className="text-sm font-semibold text-stone-700">Rating {value}/5</span>
    </p>
  );
}
