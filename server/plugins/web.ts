import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { islandsLoader } from '../../contract/islands-loader.ts';
import { PAGES_WITH_REVIEWS } from '../cache/catalogue-cache.ts';
import { type PreparedBody, prepareBody, type ResponseCache } from '../cache/response-cache.ts';
import { addressSubject, clientAddress } from '../http/client-address.ts';
import { criticalStyles } from '../http/critical-styles.ts';
import { ISLANDS_MANIFEST } from '../http/islands-manifest.ts';
import { isApiPath, pageAddress } from '../http/page-address.ts';
import { createPageRoutes } from '../http/page-routes.ts';
import { sendPrepared } from '../http/prepared-reply.ts';
import type { RenderLimits } from '../http/render-limits.ts';
import { problem, sendProblem } from './error-handler.ts';
import { securityHeaders } from './security.ts';

export interface WebOptions {
  /** The web build: `client/` (files) and `server/index.js` (the page renderer). */
  distDir: string;
  /** Where the store is reached from outside: canonical URLs and link previews. */
  publicUrl: string;
  isHttps: boolean;
  allowStripe: boolean;
  /** Rendered pages, dropped whenever the catalogue or stock change, and on a review's change those that show reviews. */
  pages: ResponseCache;
  /** What every render the cache cannot spare goes through (server/http/render-limits.ts). */
  renders: RenderLimits;
  /** Whether a listed tool has this id (a tool's page for any other is the 404 page). */
  toolExists: (id: string) => Promise<boolean>;
  /** Whether a category has this slug. */
  categoryExists: (slug: string) => Promise<boolean>;
}

/** Pages are kept by the browser and asked for again each time: a 304 when nothing changed. */
const PAGE_CACHE_CONTROL = 'no-cache';

/** The render entry's own exports, next to React Router's (web/app/entry.server.tsx). */
interface RenderEntry {
  setServerTransport(
    transport: (url: URL, init: RequestInit) => Promise<Response>,
    origin: string,
  ): void;
  /** The whole stylesheet every page carries inline (web/app/entry.server.tsx). */
  styles: string;
  /** The same stylesheet as the build's file. */
  stylesheetHref: string;
}

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\/>/g;

/**
 * A page without React Router's `modulepreload` hints (React puts them at the top of the head).
 * The page's scripts are still fetched at once: the module script at the end of the page imports
 * the entry and every route module of the page by name. What the hints did was start some 30
 * script downloads before the page's own picture and text, which held the first paint back
 * (Lighthouse's mobile LCP went from about 2.3 s to 0.9 s without them; bench/README.md).
 */
export function withoutModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, '');
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;

/** React Router's own inline scripts: the hydration data and the module loader. */
const isRouterScript = (attributes: string, code: string) =>
  code.startsWith('window.__reactRouterContext') ||
  (/\btype="module"/.test(attributes) && code.includes('window.__reactRouterRouteModules'));

/**
 * The SHA-256 of the store's own inline scripts in a page: the page's CSP allows exactly these.
 * They are React Router's, and on a page served as islands the islands' loader, exactly as this
 * build writes it (`loader`, contract/islands-loader.ts). Data blocks (JSON-LD, the islands'
 * answers) never run and need none; any other inline script, however it got into a page, stays
 * blocked.
 */
export function inlineScriptHashes(html: string, loader?: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', code = ''] of html.matchAll(INLINE_SCRIPT)) {
    const isLoader = loader !== undefined && code === loader && /\btype="module"/.test(attributes);
    if (!isLoader && !isRouterScript(attributes, code)) continue;
    hashes.add(createHash('sha256').update(code).digest('base64'));
  }
  return [...hashes];
}

/**
 * A page served as islands (it carries the islands' `loader`) with its inline stylesheet cut to its
 * own share (`ownStyles`, server/http/critical-styles.ts, decision 079); any other page as it is.
 */
export function withOwnStyles(
  html: string,
  styles: string,
  ownStyles: (html: string) => string,
  loader: string | undefined,
): string {
  const whole = `<style>${styles}</style>`;
  const at = html.indexOf(whole);
  if (loader === undefined || at === -1 || !html.includes(loader)) return html;
  return `${html.slice(0, at)}<style>${ownStyles(html)}</style>${html.slice(at + whole.length)}`;
}

/**
 * Where the islands' script is served (vite.config.ts, islandsBuild), from the manifest its build
 * writes; undefined for a build without it, whose pages then all hydrate whole.
 */
export function islandsScriptOf(clientDir: string): string | undefined {
  try {
    const manifest = JSON.parse(
      readFileSync(path.join(clientDir, ISLANDS_MANIFEST), 'utf8'),
    ) as Record<string, { file?: string; isEntry?: boolean }>;
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.file);
    return entry ? `/${entry.file}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The group a rendered page is kept in, from the API paths its render read: a page that read the
 * reviews is dropped when a review changes; the others are not.
 */
export function pageGroup(apiPathsRead: ReadonlySet<string>): string | undefined {
  return apiPathsRead.has('/api/reviews') ? PAGES_WITH_REVIEWS : undefined;
}

/** The API paths the render under way has read (each render runs in its own context). */
const apiPathsRead = new AsyncLocalStorage<Set<string>>();

/** How long a page waits for one of its API answers before it renders without it. */
const API_WAIT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the store took too long')), API_WAIT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The web app, from the same origin as the API: its files (hashed assets cached for a year,
 * precompressed copies when the browser takes them), and every other address rendered on the
 * server by React Router (docs/decisions/013). Pages do not depend on who asks, so each is rendered
 * once and kept until the catalogue changes. Unknown /api paths get a problem+json 404.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: WebOptions) => {
    const clientDir = path.join(options.distDir, 'client');
    const serverEntry = path.join(options.distDir, 'server', 'index.js');
    const hasBuild = existsSync(clientDir) && existsSync(serverEntry);

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      return sendProblem(
        reply,
        problem(404, 'not_found', `There is no ${request.method} ${pathname}.`),
      );
    });

    if (!hasBuild) {
      app.log.warn(
        { distDir: options.distDir },
        'web app not built: run `npm run build` (npm start does it for you)',
      );
      return;
    }

    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders: (res, filePath) => {
        const relative = path.relative(clientDir, filePath);
        res.header(
          'cache-control',
          relative.startsWith(`assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=86400',
        );
      },
    });

    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    const entry = build.entry.module as unknown as RenderEntry;
    entry.setServerTransport(async (url, init) => {
      apiPathsRead.getStore()?.add(url.pathname);
      const answer = await withTimeout(
        app.inject({
          method: (init.method ?? 'GET') as 'GET',
          url: `${url.pathname}${url.search}`,
          headers: { accept: 'application/json' },
        }),
      );
      const headers = new Headers();
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined) headers.set(name, String(value));
      }
      const noBody = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(noBody ? null : new Uint8Array(answer.rawPayload), {
        status: answer.statusCode,
        headers,
      });
    }, options.publicUrl);
    const handle = createRequestHandler(build, 'production');
    const islandsScript = islandsScriptOf(clientDir);
    const loader =
      islandsScript === undefined ? undefined : islandsLoader(islandsScript, entry.stylesheetHref);
    const ownStyles = criticalStyles(entry.styles);
    const pageRoutes = createPageRoutes(build.routes, options.toolExists, options.categoryExists);
    const publicOrigin = new URL(options.publicUrl).origin;

    /**
     * Renders a page for everyone: the public address (never the Host header a client sent), and
     * none of the request's headers (no cookie, no language), so no visitor can shape what others
     * are sent from the cache.
     */
    const render = async (path: string): Promise<PreparedBody> => {
      const read = new Set<string>();
      const response = await apiPathsRead.run(read, () =>
        handle(new Request(new URL(path, publicOrigin)), {
          publicUrl: options.publicUrl,
          islandsScript,
        }),
      );
      const body = withOwnStyles(
        withoutModulePreloads(await response.text()),
        entry.styles,
        ownStyles,
        loader,
      );
      const answerHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        answerHeaders[name] = value;
      });
      if ((answerHeaders['content-type'] ?? '').startsWith('text/html')) {
        answerHeaders['content-security-policy'] = securityHeaders({
          isHttps: options.isHttps,
          allowStripe: options.allowStripe,
          scriptHashes: inlineScriptHashes(body, loader),
        })['content-security-policy'];
      }
      const page = prepareBody(body, answerHeaders, response.status);
      const group = pageGroup(read);
      return group === undefined ? page : { ...page, group };
    };

    app.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (isApiPath(pathname) || pathname.startsWith('/assets/')) {
        return sendProblem(reply, problem(404, 'not_found', `There is no ${pathname}.`));
      }
      const address = pageAddress(request.url);
      if (address.redirect !== undefined) return reply.redirect(address.redirect, 301);
      // A render costs the main thread tens of milliseconds: each one the cache cannot spare is
      // limited, for the instance and per client address.
      const client = clientAddress(request);
      const subject = addressSubject(client);
      // An address that is no page (unknown, or a tool there is not) is answered with the 404 page
      // rendered once, whatever the address.
      const missing = await pageRoutes.notFound(address.path.split('?')[0] ?? '');
      if (missing) {
        const page = await options.pages.get(
          missing.key,
          () => options.renders.render(client, () => render(missing.path)),
          { keep: (page) => page.status === 404, client: subject },
        );
        return sendPrepared(request, reply, page, 'no-store');
      }
      const renderFresh = () => options.renders.render(client, () => render(address.path));
      // A search or a one-time link is rendered each time: the ways to spell one are endless, and
      // would push the pages everyone shares out of the cache.
      const page = !address.isKept
        ? await renderFresh()
        : // Only whole, ordinary pages are kept; a 404 or a page missing data is sent each time.
          await options.pages.get(address.path, renderFresh, {
            keep: (page) => page.status === 200,
            client: subject,
          });
      if (page.status !== 200) return sendPrepared(request, reply, page, 'no-store');
      const source = address.isKept
        ? { cache: options.pages, key: address.path, address: address.path }
        : undefined;
      return sendPrepared(request, reply, page, PAGE_CACHE_CONTROL, source);
    });
  },
  { name: 'web' },
);
