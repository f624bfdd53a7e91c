import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
      const dir = options.dir ?? 'dist/web';
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

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
