import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { catalogueCsvRoutes } from '../../../contract/catalogue-csv.ts';
import { AppError } from '../../errors.ts';
import { FileAnswer, registerRoute } from '../../http/route.ts';
import type { CatalogueCsvService } from './catalogue-csv.service.ts';

/**
 * The catalogue export and import, in a scope of their own: there alone a text/csv body reaches
 * the handler as the stream it is (never buffered whole, never through Fastify's body limit,
 * which is for JSON), and the service reads it at its own pace with its own limit.
 */
export async function registerCatalogueCsvRoutes(
  app: FastifyInstance,
  catalogueCsv: CatalogueCsvService,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));
    registerRoute(scope, catalogueCsvRoutes.exportAll, async () => {
      const { fileName, csv } = await catalogueCsv.exportCsv();
      return new FileAnswer(csv, {
        type: 'text/csv; charset=utf-8',
        name: fileName,
        cacheControl: 'private, no-store',
      });
    });
    registerRoute(scope, catalogueCsvRoutes.dryRun, async ({ request, user, query }) =>
      catalogueCsv.dryRun(csvBody(request.body), user, query.progressId),
    );
    registerRoute(scope, catalogueCsvRoutes.apply, async ({ request, user, query }) =>
      catalogueCsv.apply(csvBody(request.body), user, query.progressId),
    );
    registerRoute(scope, catalogueCsvRoutes.progress, async ({ params }) =>
      catalogueCsv.progress(params.id),
    );
  });
}

/** The body as the text/csv parser left it: anything else was sent as another type. */
function csvBody(body: unknown): Readable {
  if (body && typeof (body as Readable).pipe === 'function') return body as Readable;
  throw new AppError(
    415,
    'unsupported_media_type',
    'Send the catalogue file as the request body with Content-Type text/csv.',
  );
}
