import type { Config } from '@react-router/dev/config';

/**
 * React Router in framework mode (docs/decisions/013): the public pages render on the server and
 * hydrate in the browser. The builds land in dist/web/client (served as files) and
 * dist/web/server (imported by the store's server, server/plugins/web.ts).
 */
export default {
  appDirectory: 'app',
  buildDirectory: '../dist/web',
  serverBuildFile: 'index.js',
  ssr: true,
  // The whole route table (a few dozen routes) comes with the first page: no manifest requests
  // while someone browses.
  routeDiscovery: { mode: 'initial' },
  // The next major's behaviour, taken now (route middleware stays off: no route uses it).
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
