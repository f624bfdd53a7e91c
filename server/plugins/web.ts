import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { problem, sendProblem } from './error-handler.ts';

/**
 * Serves the built web app from one origin with the API: hashed assets cached for a year,
 * precompressed (brotli/gzip) copies when the browser takes them, and index.html for every client
 * route so deep links work. Unknown /api paths get a problem+json 404 instead.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, { distDir }: { distDir: string }) => {
    const indexHtml = path.join(distDir, 'index.html');
    const hasBuild = existsSync(indexHtml);
    if (!hasBuild) {
      app.log.warn(
        { distDir },
        'web app not built: run `npm run build` (npm start does it for you)',
      );
    } else {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        preCompressed: true,
        index: false,
        setHeaders: (res, filePath) => {
          const relative = path.relative(distDir, filePath);
          if (relative.startsWith(`assets${path.sep}`)) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else if (filePath.endsWith('.html')) {
            res.header('cache-control', 'no-cache');
          } else {
            res.header('cache-control', 'public, max-age=86400');
          }
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '';
      if (pathname === '/api' || pathname.startsWith('/api/')) {
        return sendProblem(
          reply,
          problem(404, 'not_found', `There is no ${request.method} ${pathname}.`),
        );
      }
      if (
        (request.method === 'GET' || request.method === 'HEAD') &&
        hasBuild &&
        !path.extname(pathname)
      ) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return sendProblem(reply, problem(404, 'not_found', `There is no ${pathname}.`));
    });
  },
  { name: 'web' },
);
