/** A turning ring; decorative, so pair it with text (see LoadingState). */
export function Spinner({ className = 'size-5' }: { className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      className={`animate-spin motion-reduce:animate-[spin_2s_linear_infinite] ${className}`}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** The one loading indicator for a page or a section while its data loads. */
export function LoadingState({
  label = 'Loading…',
  className = 'py-16',
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={`flex flex-col items-center justify-center gap-3 text-stone-600 ${className}`}
    >
      <Spinner className="size-8 text-orange-600" />
      <span className="text-sm font-medium">{label}</span>
    </div>
  );
}
