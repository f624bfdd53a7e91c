/**
 * `npm run build:server`: the server as one ES module, dist/server/main.mjs, for `npm start`.
 * Packages stay in node_modules (imported as they are); only our own TypeScript is compiled, once,
 * instead of on every start. The files the server reads next to its code come along: the
 * migrations and the SQL functions (server/db/migrate.ts) and the common-password list (server/auth/passwords.ts).
 * Tests and `npm run dev` run the TypeScript itself (`node --import tsx`). docs/decisions/008.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist/server');

rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'server/main.ts')],
  outfile: path.join(outDir, 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
asciiOnly(path.join(outDir, 'main.mjs'));
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
console.log(`server built: ${path.relative(root, outDir)}/main.mjs`);

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
