import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { build, defineConfig, type Plugin } from 'vite';
import { apiRoutes } from './contract/routes.ts';
import { ISLANDS_MANIFEST } from './server/http/islands-manifest.ts';

/**
 * Writes .br and .gz next to every compressible asset, so the server never compresses static
 * files. It runs after the bundle is written: only then is every chunk final (Vite fills in its
 * preload markers late in generateBundle, and a copy taken earlier would still carry them).
 */
function precompress(): Plugin {
  return {
    name: 'toolyard-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      if (this.environment.name !== 'client') return;
      const dir = options.dir ?? 'dist/web/client';
      for (const [fileName, item] of Object.entries(bundle)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(fileName)) continue;
        const source = item.type === 'chunk' ? item.code : item.source;
        const buffer = Buffer.from(source);
        if (buffer.length < 1024) continue;
        writeFileSync(path.join(dir, `${fileName}.gz`), gzipSync(buffer, { level: 9 }));
        writeFileSync(
          path.join(dir, `${fileName}.br`),
          brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

const API_ROUTES_ID = 'virtual:api-routes';

/**
 * `virtual:api-routes`: the contract's route table cut down to each route's method and path. The
 * web app calls the API through it, so the first page needs no zod at all; the schemas load with
 * the forms that validate with them (web/lib/api-routes.ts gives the table its contract types).
 */
function apiRoutesTable(): Plugin {
  const table = Object.fromEntries(
    Object.entries(apiRoutes).map(([group, routes]) => [
      group,
      Object.fromEntries(
        Object.entries(routes).map(([name, route]) => [
          name,
          { method: route.method, path: route.path },
        ]),
      ),
    ]),
  );
  return {
    name: 'toolyard-api-routes',
    resolveId: (source) => (source === API_ROUTES_ID ? `\0${API_ROUTES_ID}` : undefined),
    load: (id) =>
      id === `\0${API_ROUTES_ID}` ? `export default ${JSON.stringify(table)};` : undefined,
  };
}

/** The build's output, the same for the app's and the islands' (one escapes what the other does). */
const OUTPUT = {
  // All ASCII (other characters escaped, the doc comments that carry them left out): V8 keeps an
  // all-ASCII source in one byte a character instead of two, which halves what the server's
  // bundle holds in its heap for as long as it runs (1.1 MB), and browsers parse it faster.
  charset: 'ascii',
  comments: { jsdoc: false },
} as const;

const web = (file: string) => path.resolve(import.meta.dirname, 'web', file);

/**
 * The islands' script (web/islands/client.tsx, decision 078), built once the app's client build
 * is written, into the same folder: the same components, with React swapped for Preact's
 * compatible API (web/islands/react.ts) and React Router for plain links (web/islands/router.tsx).
 */
function islandsBuild(): Plugin {
  return {
    name: 'toolyard-islands',
    apply: 'build',
    async closeBundle() {
      if (this.environment.name !== 'client') return;
      await build({
        configFile: false,
        root: web(''),
        publicDir: false,
        logLevel: 'warn',
        plugins: [apiRoutesTable(), precompress()],
        resolve: {
          alias: [
            { find: /^react$/, replacement: web('islands/react.ts') },
            { find: /^react-dom$/, replacement: 'preact/compat' },
            { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
            { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
            { find: /^react-router$/, replacement: web('islands/router.tsx') },
          ],
        },
        build: {
          outDir: path.resolve(import.meta.dirname, 'dist/web/client'),
          emptyOutDir: false,
          target: 'es2022',
          sourcemap: false,
          reportCompressedSize: false,
          manifest: ISLANDS_MANIFEST,
          rolldownOptions: {
            input: web('islands/client.tsx'),
            // TanStack Query marks its modules "use client", which means nothing outside React's
            // server components (the app's build leaves the same notices out).
            onLog: (level, log, handle) => {
              if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handle(level, log);
            },
            output: {
              ...OUTPUT,
              entryFileNames: 'assets/islands-[hash].js',
              chunkFileNames: 'assets/islands-[name]-[hash].js',
            },
          },
        },
      });
    },
  };
}

export default defineConfig(({ command, mode }) => {
  // A build is the store's build, whoever runs it: React's production build, never the
  // development one a NODE_ENV left over from the caller would choose (vitest sets "test", and the
  // tests that build the app would otherwise ship and test a bundle twice the size, with
  // StrictMode's double effects on). Vite reads NODE_ENV after loading this file.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    root: 'web',
    publicDir: 'public',
    plugins: [tailwindcss(), reactRouter(), apiRoutesTable(), precompress(), islandsBuild()],
    build: {
      // Each build (client, server) empties its own folder under dist/web first.
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: false,
      rolldownOptions: { output: OUTPUT },
    },
  };
});
