/**
 * `npm run build:server`: the server as ES modules for `npm start`: dist/server/main.mjs, the
 * start, and the app's chunk beside it (decision 082).
 * Packages stay in node_modules (imported as they are); only our own TypeScript is compiled, once,
 * instead of on every start. The files the server reads next to its code come along: the
 * migrations and the SQL functions (server/db/migrate.ts) and the common-password list (server/auth/passwords.ts).
 * Tests and `npm run dev` run the TypeScript itself (`node --import tsx`). docs/decisions/008.
 */
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist/server');

rmSync(outDir, { recursive: true, force: true });
const { metafile } = await build({
  entryPoints: [path.join(root, 'server/main.ts')],
  outdir: outDir,
  outExtension: { '.js': '.mjs' },
  // The app's code is a chunk of its own, loaded by main.ts once the settings are read: a start
  // they refuse never loads it, and the page renderer's React is chosen first (server/react-build.ts).
  // Next to main.mjs, so the files each finds beside its code (below) are where they were.
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  metafile: true,
  absWorkingDir: root,
});
// A build refused below leaves nothing behind: main.mjs alone would pass for an up-to-date build
// (scripts/build-if-stale.ts reads its time) without the files copied beside it.
try {
  refuseReactBeforeStart(metafile);
  for (const file of readdirSync(outDir)) {
    if (file.endsWith('.mjs')) asciiOnly(path.join(outDir, file));
  }
  cpSync(path.join(root, 'server/db/migrations'), path.join(outDir, 'migrations'), {
    recursive: true,
  });
  cpSync(path.join(root, 'server/db/functions'), path.join(outDir, 'functions'), {
    recursive: true,
  });
  cpSync(
    path.join(root, 'server/auth/common-passwords.txt'),
    path.join(outDir, 'common-passwords.txt'),
  );
} catch (error) {
  rmSync(outDir, { recursive: true, force: true });
  throw error;
}
console.log(`server built: ${path.relative(root, outDir)}/main.mjs`);

/**
 * What the start loads before `main()` runs (main.mjs and the chunks it imports statically) must
 * not load React: `loadReactProductionBuild` chooses React's build before the app is imported, and
 * can only report it if React was loaded already (decision 082). Judged by the packages' names:
 * React's own, and those built on it (`@stripe/react-stripe-js`, `@hookform/resolvers`).
 */
function refuseReactBeforeStart(meta: Metafile): void {
  const loadsReact = /react|^@hookform\//;
  const start = 'dist/server/main.mjs';
  if (!meta.outputs[start]) throw new Error(`the server's build wrote no ${start}`);
  const seen = new Set<string>();
  const early = [start];
  const wrong: string[] = [];
  while (early.length > 0) {
    const output = early.pop() as string;
    if (seen.has(output)) continue;
    seen.add(output);
    for (const { path: imported, kind, external } of meta.outputs[output]?.imports ?? []) {
      if (kind !== 'import-statement') continue;
      if (!external) early.push(imported);
      else if (loadsReact.test(packageName(imported))) wrong.push(`${imported} (${output})`);
    }
  }
  if (wrong.length > 0)
    throw new Error(`server/main.ts loads React before it starts: ${wrong.join(', ')}`);
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/**
 * V8 keeps a source that is all ASCII in one byte a character, and any other in two: for this
 * bundle, held for as long as the store runs, 1.1 MB of heap. esbuild escapes every other character
 * in code; the comments it keeps are written with escapes here. Anything else outside ASCII stops
 * the build, so the bundle never silently doubles again.
 */
function asciiOnly(file: string): void {
  const outsideAscii = /[^\p{ASCII}]/gu;
  const lines = readFileSync(file, 'utf8').split('\n');
  const escaped = lines.map((line, index) => {
    if (!line.match(outsideAscii)) return line;
    if (!/^\s*(\/\/|\/\*|\*)/.test(line))
      throw new Error(`${file}:${index + 1} has a character outside ASCII outside a comment`);
    return line.replace(outsideAscii, (c) => `\\u{${c.codePointAt(0)?.toString(16)}}`);
  });
  writeFileSync(file, escaped.join('\n'));
}
