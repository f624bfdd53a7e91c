import { useEffect } from 'react';
import { site } from '#web/content/site.ts';

/** Sets the tab title for the current route: "Tools · Toolyard". */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${site.name}` : `${site.name}: ${site.tagline}`;
  }, [title]);
}
