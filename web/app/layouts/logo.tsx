import { site } from '#web/content/site.ts';

/** The brand mark and name. */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <span className="inline-flex items-center gap-2">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-9 shrink-0">
        <rect width="32" height="32" rx="7" fill="#1e3a5f" />
        <path
          d="M9 23l9-9m-2-5a5 5 0 0 1 7 6l-3-1-2-2-1-3z"
          stroke="#f97316"
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span
        className={`text-xl font-extrabold tracking-tight ${tone === 'dark' ? 'text-navy-900' : 'text-white'}`}
      >
        {site.name}
      </span>
    </span>
  );
}
