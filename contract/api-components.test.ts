import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_COMPONENTS } from './api-components.ts';
import { allRoutes } from './routes.ts';

describe('the components of the API description', () => {
  it('are named only by the server: loading the contract names no schema', () => {
    // A process may load the contract twice (the web app's server-side render bundles its own
    // copy); were each copy to name its schemas, two schemas would share each name and the
    // description could not be made.
    expect(allRoutes().length).toBeGreaterThan(0);
    expect([...z.globalRegistry._idmap.keys()]).toEqual([]);
  });

  it('have one name each, and no name is taken twice', () => {
    const names = API_COMPONENTS.map(([, id]) => id);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(API_COMPONENTS.map(([schema]) => schema)).size).toBe(names.length);
    // The description lists a schema read as input as `NameInput`: no name may end so.
    expect(names.filter((name) => name.endsWith('Input'))).toEqual([]);
  });
});
