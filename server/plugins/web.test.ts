import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { islandsLoader } from '../../contract/islands-loader.ts';
import { PAGES_WITH_REVIEWS } from '../cache/catalogue-cache.ts';
import { ISLANDS_MANIFEST } from '../http/islands-manifest.ts';
import { pageAddress } from '../http/page-address.ts';
import {
  inlineScriptHashes,
  islandsScriptOf,
  pageGroup,
  withOwnStyles,
  withoutModulePreloads,
} from './web.ts';

describe('the address a page is kept under', () => {
  it('keeps only the parameters the page reads, in one order, without defaults', () => {
    expect(pageAddress('/tools?z=1&page=2&utm_source=x&q=drill')).toEqual({
      path: '/tools?q=drill&page=2',
      isKept: false,
    });
    expect(pageAddress('/tools?sort=name_asc&page=1')).toEqual({
      path: '/tools?sort=name_asc',
      isKept: true,
    });
    expect(pageAddress('/?q=1&utm=2')).toEqual({ path: '/', isKept: true });
    expect(pageAddress('/reset-password?token=abc')).toEqual({
      path: '/reset-password?token=abc',
      isKept: false,
    });
    // A confirmation link's page is rendered for its token, never kept.
    expect(pageAddress('/confirm-email?token=abc&utm=1')).toEqual({
      path: '/confirm-email?token=abc',
      isKept: false,
    });
  });

  it('keeps the catalogue filters in the order the web app writes them, and keeps such a page', () => {
    expect(
      pageAddress(
        '/categories/drills?page=2&spec.weight=..2.5&brand=Makita&utm=1&brand=%20Bosch&brand=Makita' +
          '&spec.voltage=18&spec.voltage=12&minPrice=0500&maxPrice=x&inStock=true&sort=price_asc',
      ),
    ).toEqual({
      path:
        '/categories/drills?sort=price_asc&brand=Bosch&brand=Makita&inStock=true&minPrice=500' +
        '&spec.voltage=12&spec.voltage=18&spec.weight=..2.5&page=2',
      isKept: true,
    });
    // What is no filter changes nothing: the page is the unfiltered one, and kept.
    expect(pageAddress('/tools?inStock=false&brand=&spec.Bad=1&minPrice=1.5')).toEqual({
      path: '/tools',
      isKept: true,
    });
    expect(pageAddress('/categories/drills?q=%20bosch%20&sort=relevance').path).toBe(
      '/categories/drills?q=bosch',
    );
  });

  it('reads each parameter as the page does: values that change nothing are left out', () => {
    // An unknown sort, a page that is no number, a default sort: the catalogue's first page.
    expect(pageAddress('/tools?sort=nonsense&page=abc').path).toBe('/tools');
    expect(pageAddress('/tools?sort=newest&page=1').path).toBe('/tools');
    expect(pageAddress('/tools?sort=relevance').path).toBe('/tools');
    expect(pageAddress('/tools?page=02x&sort=price_asc').path).toBe('/tools?sort=price_asc&page=2');
    expect(pageAddress('/tools?q=%20drill%20&sort=relevance')).toEqual({
      path: '/tools?q=drill',
      isKept: false,
    });
    expect(pageAddress('/purchase/x?quantity=abc').path).toBe('/purchase/x');
    expect(pageAddress('/purchase/x?quantity=05').path).toBe('/purchase/x?quantity=5');
    // A comparison: well-formed ids, lower case, each once, four at most; never kept (endless).
    const [a, b] = ['0a5e6f1c-0000-4000-8000-00000000000a', '0a5e6f1c-0000-4000-8000-00000000000b'];
    expect(pageAddress(`/compare?ids=${a.toUpperCase()},x,${b},${a}`)).toEqual({
      path: `/compare?ids=${encodeURIComponent(`${a},${b}`)}`,
      isKept: false,
    });
    expect(pageAddress('/compare?ids=nonsense').path).toBe('/compare');
    // Account errors: the codes the web app has words for, every other one alike.
    expect(pageAddress('/login?error=ACCESS_DENIED').path).toBe('/login?error=access_denied');
    expect(pageAddress('/login?error=made-up-1').path).toBe('/login?error=other');
    expect(pageAddress('/login?error=made-up-2').path).toBe('/login?error=other');
    expect(pageAddress('/email-verified?error=x').path).toBe('/email-verified?error=other');
  });

  it('sends other spellings of a path to the one spelling', () => {
    expect(pageAddress('/TOOLS?page=2').redirect).toBe('/tools?page=2');
    expect(pageAddress('//tools').redirect).toBe('/tools');
    expect(pageAddress('/tools/').redirect).toBe('/tools');
    expect(pageAddress('/tools/%2e%2e').redirect).toBe('/');
    expect(pageAddress('/tools').redirect).toBeUndefined();
    // The spec's /home is the home page, under its one address.
    expect(pageAddress('/home').redirect).toBe('/');
    expect(pageAddress('/HOME/?utm_source=mail').redirect).toBe('/');
    // Backslashes read as slashes: never a host, never an address that fails to parse.
    expect(pageAddress('/\\evil.example:99999/x').path).toBe('/evil.example:99999/x');
    expect(pageAddress('/\\[x').path).toBe('/[x');
  });
});

describe('a page’s inline scripts', () => {
  const page = [
    '<script type="application/ld+json">{"@type":"Product"}</script>',
    '<script>window.__reactRouterContext = {};</script>',
    '<script type="module">import "/assets/a.js"; window.__reactRouterRouteModules = {};</script>',
    '<script>alert(1)</script>',
    '<link rel="modulepreload" href="/assets/a.js"/><script src="/assets/b.js"></script>',
  ].join('');

  it('allows React Router’s own scripts alone: data blocks need nothing, anything else stays blocked', () => {
    expect(inlineScriptHashes(page)).toHaveLength(2);
    expect(inlineScriptHashes('<script>alert(1)</script>')).toEqual([]);
  });

  it('allows the islands’ loader of this build exactly, and no script that only looks like it', () => {
    const loader = islandsLoader('/assets/islands-a.js', '/assets/app-a.css');
    const islands = [
      '<script type="application/json" id="island-state">{"queries":[]}</script>',
      `<script type="module">${loader}</script>`,
      `<script>${loader}</script>`,
      `<script type="module" data-islands="">${islandsLoader('/assets/islands-b.js', '/assets/app-a.css')}</script>`,
      '<script type="module">import("/assets/islands-a.js")</script>',
    ].join('');
    expect(inlineScriptHashes(islands, loader)).toEqual([
      createHash('sha256').update(loader).digest('base64'),
    ]);
    // A build without islands allows none of them.
    expect(inlineScriptHashes(islands)).toEqual([]);
  });

  it('drops the module preload hints and nothing else', () => {
    expect(withoutModulePreloads(page)).not.toContain('modulepreload');
    expect(withoutModulePreloads(page)).toContain('<script src="/assets/b.js"></script>');
  });
});

describe('a page’s inline stylesheet', () => {
  const styles = '.a{color:red}.b{color:blue}';
  const loader = islandsLoader('/assets/islands-a.js', '/assets/app-a.css');
  const own = (html: string) => (html.includes('class="a"') ? '.a{color:red}' : '');

  it('is cut to the page’s own share on a page served as islands', () => {
    const page = `<head><style>${styles}</style></head><p class="a">A</p><script type="module">${loader}</script>`;
    expect(withOwnStyles(page, styles, own, loader)).toBe(
      `<head><style>.a{color:red}</style></head><p class="a">A</p><script type="module">${loader}</script>`,
    );
  });

  it('stays whole on a page the app hydrates, and in a build without islands', () => {
    const page = `<head><style>${styles}</style></head><p class="a">A</p>`;
    expect(withOwnStyles(page, styles, own, loader)).toBe(page);
    const islands = `${page}<script type="module">${loader}</script>`;
    expect(withOwnStyles(islands, styles, own, undefined)).toBe(islands);
  });
});

describe('the group a page is kept in', () => {
  it('is the reviews\u2019 when its render read them, so that only such pages go when a review changes', () => {
    expect(pageGroup(new Set(['/api/tools', '/api/reviews']))).toBe(PAGES_WITH_REVIEWS);
    expect(pageGroup(new Set(['/api/tools']))).toBeUndefined();
    expect(pageGroup(new Set())).toBeUndefined();
  });
});

describe('the islands’ script', () => {
  it('is the entry its build’s manifest names, and none without a manifest or an entry', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'islands-'));
    try {
      expect(islandsScriptOf(dir)).toBeUndefined();
      mkdirSync(path.join(dir, '.vite'));
      const manifest = path.join(dir, ISLANDS_MANIFEST);
      writeFileSync(manifest, JSON.stringify({ 'x.ts': { file: 'assets/x-1.js' } }));
      expect(islandsScriptOf(dir)).toBeUndefined();
      writeFileSync(manifest, '{ not json');
      expect(islandsScriptOf(dir)).toBeUndefined();
      writeFileSync(
        manifest,
        JSON.stringify({
          'islands/client.tsx': { file: 'assets/islands-AbC1.js', isEntry: true },
          'y.ts': { file: 'assets/islands-y-2.js' },
        }),
      );
      expect(islandsScriptOf(dir)).toBe('/assets/islands-AbC1.js');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
