import type { ReactNode } from 'react';

const POINTS = [
  'Factory prices on bulk orders',
  'Track every order and payment',
  'ISO 9001 quality on every batch',
];

/** The frame of the sign-in and registration screens. */
export function AuthLayout({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-5xl px-4 pt-8 sm:px-6 sm:pt-12 lg:px-8">
      <div className="grid grid-cols-1 overflow-hidden rounded-2xl bg-white shadow-lg ring-1 ring-stone-200 lg:grid-cols-2">
        <div className="hero-pattern on-dark hidden bg-navy-900 p-10 text-white lg:block">
          <p className="text-sm font-semibold tracking-wider text-orange-300 uppercase">
            Toolyard for business
          </p>
          <p className="mt-4 text-3xl leading-tight font-extrabold">
            Tools by the pallet, ordered in minutes.
          </p>
          <ul className="mt-8 space-y-3 text-stone-200">
            {POINTS.map((point) => (
              <li key={point} className="flex gap-3">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="mt-0.5 size-5 shrink-0 text-orange-400"
                  fill="currentColor"
                >
                  <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                </svg>
                {point}
              </li>
            ))}
          </ul>
        </div>
        <div className="p-6 sm:p-10">
          <h1 className="text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">{title}</h1>
          <p className="mt-2 mb-8 text-stone-600">{description}</p>
          {children}
        </div>
      </div>
    </div>
  );
}
