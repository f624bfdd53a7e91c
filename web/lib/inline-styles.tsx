import { createContext, useContext } from 'react';

/**
 * The same stylesheet as a file (the build's asset, cached for a year): a page served as islands
 * carries only its own rules inline and asks for this once it has painted (decision 079).
 */
export { default as stylesheetHref } from '#web/app.css?url';

/**
 * The site's stylesheet, given by the server's render entry (web/app/entry.server.tsx) and empty in
 * the browser.
 */
export const InlineStylesContext = createContext('');

/**
 * The whole stylesheet inside the page's head: a first visit paints without waiting for a CSS
 * file (the stylesheet is small, and the page is compressed and cached whole). The browser keeps
 * the server's copy: hydration leaves this element's content alone, and the stylesheet serves
 * every page after the first one too.
 */
export function InlineStyles() {
  const css = useContext(InlineStylesContext);
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet from the build, never data
    <style dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />
  );
}
