import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { API_COMPONENTS } from './api-components.ts';

/**
 * The routes' count and the schema names in zod's registry after loading the contract in a fresh
 * process: a test worker keeps the modules other files loaded (the server names the schemas).
 */
function namesAfterLoadingTheContract(): { routes: number; names: string[] } {
  const script = `const { z } = await import('zod');
const { allRoutes } = await import('./contract/routes.ts');
console.log(JSON.stringify({ routes: allRoutes().length, names: [...z.globalRegistry._idmap.keys()] }));`;
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', script],
    { cwd: `${import.meta.dirname}/..`, encoding: 'utf8' },
  );
  return JSON.parse(output);
}

describe('the components of the API description', () => {
  it('are named only by the server: loading the contract names no schema', () => {
    // A process may load the contract twice (the web app's server-side render bundles its own
    // copy); were each copy to name its schemas, two schemas would share each name and the
    // description could not be made.
    const loaded = namesAfterLoadingTheContract();
    expect(loaded.routes).toBeGreaterThan(0);
    expect(loaded.names).toEqual([]);
  });

  it('have one name each, and no name is taken twice', () => {
    const names = API_COMPONENTS.map(([, id]) => id);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(API_COMPONENTS.map(([schema]) => schema)).size).toBe(names.length);
    // The description lists a schema read as input as `NameInput`: no name may end so.
    expect(names.filter((name) => name.endsWith('Input'))).toEqual([]);
  });
});
