/** Reading a page's HTML as it is served, before any script runs. */

/** The text a reader without JavaScript gets: the HTML with its scripts and tags taken out. */
export function readableText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
}

/** Every JSON-LD block in a page, parsed. */
export function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>,
  );
}

export function metaContent(
  html: string,
  attribute: 'name' | 'property',
  key: string,
): string | null {
  const tag = html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`));
  return tag?.[1]?.replace(/&amp;/g, '&') ?? null;
}

/** The query answers a page served as islands carries (its `island-state` block, decision 078). */
export function islandAnswers(html: string): { queryKey: unknown[]; data: unknown }[] {
  const block = html.match(
    /<script type="application\/json" id="island-state">([\s\S]*?)<\/script>/,
  )?.[1];
  if (block === undefined) return [];
  const state = JSON.parse(block) as {
    queries: { queryKey: unknown[]; state: { data: unknown } }[];
  };
  return state.queries.map((query) => ({ queryKey: query.queryKey, data: query.state.data }));
}
