import type { MetaDescriptor } from 'react-router';
import { site } from '#web/content/site.ts';

/** What the root loader (web/app/root.tsx) hands every page's `meta`. */
interface RootData {
  publicUrl: string;
  /** The store's currency (ISO 4217). */
  currency: string;
}

export interface PageMetaInput {
  /** The page's own title; the home page has none (it reads "Toolyard: <tagline>"). */
  title?: string | undefined;
  /** One or two sentences for search results and link previews. */
  description?: string | undefined;
  /** The page's address without its query: the canonical URL. */
  path: string;
  /** An image for link previews (absolute, or a path on this store). */
  image?: string | undefined;
  /** Structured data (schema.org JSON-LD) about the page. */
  structuredData?: readonly object[] | undefined;
  /** Pages that are no place to land from a search (sign-in, 404): kept out of the index. */
  noIndex?: boolean | undefined;
}

/** Meta descriptions are cut by search engines at about this length. */
const DESCRIPTION_LENGTH = 160;

/** A description as search results show it: one line, cut at a word. */
function describe(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** The root's data among a page's matches (present on every page the server rendered). */
export function rootData(matches: readonly ({ id: string; data?: unknown } | undefined)[]) {
  const root = matches.find((match) => match?.id === 'root');
  return root?.data as RootData | undefined;
}

/** An address on this store, absolute. */
export function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, `${publicUrl}/`).toString();
}

/**
 * Everything a page tells search engines and link previews: title, description, canonical URL,
 * Open Graph and Twitter card tags, and its structured data. One call per route's `meta`.
 */
export function pageMeta(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  input: PageMetaInput,
): MetaDescriptor[] {
  const publicUrl = rootData(matches)?.publicUrl ?? '';
  const title = input.title ? `${input.title} · ${site.name}` : `${site.name}: ${site.tagline}`;
  const description = describe(input.description ?? site.description);
  const url = absoluteUrl(publicUrl, input.path);
  const image = absoluteUrl(publicUrl, input.image ?? site.previewImage);
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    ...(input.noIndex ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:site_name', content: site.name },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: input.title ?? title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: input.title ?? title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    ...(input.structuredData ?? []).map((data) => ({ 'script:ld+json': data })),
  ];
}
