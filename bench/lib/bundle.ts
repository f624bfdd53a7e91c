import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface Asset {
  file: string;
  /** The file name without its content hash, e.g. `tools`. */
  name: string;
  bytes: number;
  gzipBytes: number;
}

export interface BundleReport {
  /**
   * What the first page loads and preloads, what its scripts were seen to load as they ran, and
   * everything those import statically.
   */
  firstVisit: { js: Asset[]; css: Asset[] };
  /** Every other script: loaded when a route (or a feature) needs it. */
  lazy: (Asset & { withDepsGzipBytes: number })[];
}

/** The gzip size as served: the build's own .gz when it made one, else gzip -9 of the file. */
export function asset(distDir: string, file: string): Asset {
  const full = path.join(distDir, file);
  const content = readFileSync(full);
  const gz = `${full}.gz`;
  const gzipBytes = existsSync(gz) ? statSync(gz).size : gzipSync(content, { level: 9 }).length;
  const name = path.basename(file).replace(/-[\w-]{8}\.(js|css)$/, '');
  return { file, name, bytes: content.length, gzipBytes };
}

const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["']([^"']+\.js)["']/g;

/** Files a script imports statically (not `import()`), relative to the dist folder. */
function staticImports(distDir: string, file: string): string[] {
  const code = readFileSync(path.join(distDir, file), 'utf8');
  const found: string[] = [];
  for (const match of code.matchAll(STATIC_IMPORT)) {
    const target = match[1] as string;
    if (!target.startsWith('.') && !target.startsWith('/')) continue;
    const resolved = target.startsWith('/')
      ? target.slice(1)
      : path.posix.join(path.posix.dirname(file), target);
    if (existsSync(path.join(distDir, resolved))) found.push(resolved);
  }
  return found;
}

function closure(distDir: string, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of staticImports(distDir, file)) visit(next);
  };
  for (const root of roots) visit(root);
  return seen;
}

/**
 * Reads the built web app (`distDir`: dist/web/client) the way a first visit does, from the HTML
 * the store rendered for that page, and `loaded`: the scripts a browser saw the page ask for as
 * it ran (files within `distDir`), such as an island's part imported once the page has it.
 */
export function analyseBundle(
  distDir: string,
  html: string,
  loaded: readonly string[] = [],
): BundleReport {
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"[^>]*>/g)]
    .map((match) => ({ tag: match[0], url: match[1] as string }))
    .filter(({ url }) => url.startsWith('/') && !url.startsWith('//'));
  // What inline module scripts import (React Router's loader imports the entry and the page's
  // route modules by name), besides script tags and preload hints.
  const inlineImports = [
    ...html.matchAll(/\bimport(?:\s*\(|[^"'();]*?\bfrom)\s*["'](\/[^"']+\.js)["']/g),
  ].map((match) => (match[1] as string).slice(1));
  const scripts = [
    ...refs
      .filter(({ url, tag }) => url.endsWith('.js') && /type="module"|modulepreload/.test(tag))
      .map(({ url }) => url.slice(1)),
    ...inlineImports,
    ...loaded.filter((file) => existsSync(path.join(distDir, file))),
  ];
  const styles = refs
    .filter(({ url, tag }) => url.endsWith('.css') && /stylesheet|preload/.test(tag))
    .map(({ url }) => url.slice(1));
  const firstJs = closure(distDir, scripts);
  const assetsDir = path.join(distDir, 'assets');
  const allJs = readdirSync(assetsDir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => `assets/${file}`);
  const lazy = allJs
    .filter((file) => !firstJs.has(file))
    .map((file) => {
      const own = asset(distDir, file);
      const extra = [...closure(distDir, [file])].filter((dep) => !firstJs.has(dep));
      const withDepsGzipBytes = extra.reduce((sum, dep) => sum + asset(distDir, dep).gzipBytes, 0);
      return { ...own, withDepsGzipBytes };
    })
    .sort((a, b) => b.withDepsGzipBytes - a.withDepsGzipBytes);
  return {
    firstVisit: {
      js: [...firstJs].map((file) => asset(distDir, file)),
      css: [...new Set(styles)].map((file) => asset(distDir, file)),
    },
    lazy,
  };
}

export const totalGzip = (assets: Asset[]) => assets.reduce((sum, a) => sum + a.gzipBytes, 0);
