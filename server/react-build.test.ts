import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * In a process of its own, as `server/main.ts` starts: React's production build is loaded, every
 * later import of React (React Router's ESM, the renderer's react-dom/server) shares it, and the
 * store's NODE_ENV is as it was.
 */
const STARTS_AS_MAIN = `
  import { createRequire } from 'node:module';
  import { loadReactProductionBuild } from './server/react-build.ts';
  if (process.env.LOAD_REACT_FIRST) createRequire(import.meta.url)('react');
  const isProduction = loadReactProductionBuild();
  const { createElement } = await import('react');
  const { renderToString } = await import('react-dom/server');
  const { MemoryRouter } = await import('react-router');
  const html = renderToString(createElement(MemoryRouter, null, createElement('p', null, 'ok')));
  const require = createRequire(import.meta.url);
  const loaded = Object.entries(require.cache)
    .filter(([file, module]) => /node_modules\\/react(-dom)?\\/cjs\\//.test(file) && module?.loaded)
    .map(([file]) => file.split('/cjs/')[1]);
  console.log(JSON.stringify({ isProduction, html, loaded, mode: process.env.NODE_ENV ?? null }));
`;

function startAsMain(env: Record<string, string | undefined>) {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', STARTS_AS_MAIN],
    { env: { ...process.env, NODE_ENV: undefined, ...env }, encoding: 'utf8' },
  );
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as {
    isProduction: boolean;
    html: string;
    loaded: string[];
    mode: string | null;
  };
}

describe("the page renderer's React", () => {
  it.each([
    ['development', 'development'],
    ['unset', undefined],
  ])('is the production build with NODE_ENV %s, and NODE_ENV is left as it was', (_, mode) => {
    const started = startAsMain({ NODE_ENV: mode });
    expect(started.isProduction).toBe(true);
    expect(started.html).toBe('<p>ok</p>');
    expect(started.loaded).toEqual(
      expect.arrayContaining(['react.production.js', 'react-dom-server.node.production.js']),
    );
    expect(started.loaded.filter((file) => file.includes('development'))).toEqual([]);
    expect(started.mode).toBe(mode ?? null);
  });

  it('is reported as not the production build when React was loaded before', () => {
    const started = startAsMain({ NODE_ENV: 'development', LOAD_REACT_FIRST: 'yes' });
    expect(started.isProduction).toBe(false);
    expect(started.loaded).toContain('react.development.js');
    expect(started.html).toBe('<p>ok</p>');
  });
});
