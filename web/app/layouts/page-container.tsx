import type { ReactNode } from 'react';

/** The page width and gutters used by every screen. */
export function PageContainer({
  children,
  width = 'wide',
}: {
  children: ReactNode;
  width?: 'wide' | 'narrow';
}) {
  return (
    <div
      className={`mx-auto px-4 pt-8 sm:px-6 sm:pt-10 lg:px-8 ${width === 'wide' ? 'max-w-7xl' : 'max-w-3xl'}`}
    >
      {children}
    </div>
  );
}
