import type { ReactNode } from 'react';

/** The page's one h1, with an optional line of context under it. */
export function PageHeading({
  title,
  description,
  eyebrow,
  actions,
  titleId,
}: {
  title: ReactNode;
  description?: ReactNode;
  eyebrow?: string;
  actions?: ReactNode;
  /** Names the title, which then takes focus from script (after an action whose button goes). */
  titleId?: string;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="max-w-3xl">
        {eyebrow && (
          <p className="text-sm font-semibold tracking-wide text-orange-700 uppercase">{eyebrow}</p>
        )}
        <h1
          id={titleId}
          tabIndex={titleId ? -1 : undefined}
          className="text-2xl font-bold tracking-tight text-navy-900 focus:outline-none sm:text-3xl"
        >
          {title}
        </h1>
        {description && <p className="mt-2 text-stone-600">{description}</p>}
      </div>
      {actions}
    </div>
  );
}
