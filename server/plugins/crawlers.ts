import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { prepareBody, type ResponseCache } from '../cache/response-cache.ts';
import { sendPrepared } from '../http/prepared-reply.ts';
import { escapeHtml } from '../mail/templates.ts';

export interface CrawlerOptions {
  /** Where the store is reached from outside: every address in these files is absolute. */
  publicUrl: string;
  /** Rendered answers, dropped whenever the catalogue changes (the sitemap is kept there). */
  pages: ResponseCache;
  /** Every listed tool and when it last changed. */
  tools: () => Promise<{ id: string; updatedAt: Date }[]>;
  /** Every category and when it last changed. */
  categories: () => Promise<{ slug: string; updatedAt: Date }[]>;
}

/** The public pages that are not tools (their content changes with a release, not with data). */
const PAGES = ['/', '/tools', '/quick-order', '/blog', '/myportfolio'];

/**
 * What search engines read before the pages: `/robots.txt` (keep out of the account screens, the
 * purchase page, the cart and the API) and `/sitemap.xml` (every public page, each category and tool with
 * the time it last changed), both built from PUBLIC_URL.
 */
export const crawlersPlugin = fp(
  async (app: FastifyInstance, options: CrawlerOptions) => {
    const at = (path: string) => new URL(path, `${options.publicUrl}/`).toString();
    const robots = prepareBody(
      [
        'User-agent: *',
        'Disallow: /dashboard',
        'Disallow: /purchase/',
        'Disallow: /cart',
        'Disallow: /api/',
        'Allow: /',
        '',
        `Sitemap: ${at('/sitemap.xml')}`,
        '',
      ].join('\n'),
      { 'content-type': 'text/plain; charset=utf-8' },
    );
    app.get('/robots.txt', (request, reply) =>
      sendPrepared(request, reply, robots, 'public, max-age=3600'),
    );

    app.get('/sitemap.xml', async (request, reply) => {
      const sitemap = await options.pages.get('/sitemap.xml', async () => {
        const [tools, categories] = await Promise.all([options.tools(), options.categories()]);
        const entry = (path: string, lastModified?: Date) =>
          `<url><loc>${escapeHtml(at(path))}</loc>${lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ''}</url>`;
        return prepareBody(
          [
            '<?xml version="1.0" encoding="UTF-8"?>',
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
            ...PAGES.map((path) => entry(path)),
            ...categories.map((category) =>
              entry(`/categories/${category.slug}`, category.updatedAt),
            ),
            ...tools.map((tool) => entry(`/tools/${tool.id}`, tool.updatedAt)),
            '</urlset>',
            '',
          ].join('\n'),
          { 'content-type': 'application/xml; charset=utf-8' },
        );
      });
      return sendPrepared(request, reply, sitemap, 'no-cache');
    });
  },
  { name: 'crawlers' },
);
