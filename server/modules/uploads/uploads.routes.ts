import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  isDocumentKey,
  UPLOAD_FIELD,
  UPLOAD_KEY_PATTERN,
  uploadRoutes,
} from '../../../contract/uploads.ts';
import { AppError, fieldError, notFound } from '../../errors.ts';
import type { WriteLimit } from '../../http/rate-limit.ts';
import { registerRoute } from '../../http/route.ts';
import { contentTypeOf, type UploadsService } from './uploads.service.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What an upload route takes, in the words its problems use. */
type Noun = 'image' | 'document';

/**
 * POST /api/uploads and /api/uploads/documents, in a scope of their own: the multipart parser
 * exists for these routes alone (the security plugin lets multipart/form-data reach them only from
 * our own Origin).
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  uploads: UploadsService,
  { maxBytes, limitUploads }: { maxBytes: number; limitUploads: WriteLimit },
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    registerRoute(scope, uploadRoutes.create, async ({ user, request }) => {
      await limitUploads(user);
      const bytes = await readOneFile(request, maxBytes, 'image');
      return uploads.save(bytes);
    });
    registerRoute(scope, uploadRoutes.createDocument, async ({ user, request }) => {
      await limitUploads(user);
      const bytes = await readOneFile(request, maxBytes, 'document');
      return uploads.saveDocument(bytes);
    });
  });
}

/**
 * GET /uploads/:key: a stored image or document, from whichever store holds them, cached for good.
 * A document is always a download (attachment), never shown by the browser as a page of ours, and
 * sandboxed should a browser open it anyway.
 */
export function registerUploadFiles(app: FastifyInstance, uploads: UploadsService): void {
  app.get<{ Params: { key: string } }>('/uploads/:key', async (request, reply) => {
    const { key } = request.params;
    if (!UPLOAD_KEY_PATTERN.test(key)) throw notFound('There is no such file.');
    // A key never names other bytes (it is random and never reused): it is the entity tag.
    const etag = `"${key}"`;
    reply.headers({ 'cache-control': IMMUTABLE, etag, 'x-content-type-options': 'nosniff' });
    if (isDocumentKey(key)) {
      reply.headers({
        'content-disposition': 'attachment',
        'content-security-policy': "sandbox; default-src 'none'",
      });
    }
    if (ifNoneMatch(request, etag) && (await uploads.store.sizeOf(key)) !== null) {
      return reply.code(304).send();
    }
    const file = await uploads.store.get(key);
    if (!file) {
      reply.header('cache-control', 'no-store');
      reply.removeHeader('content-disposition');
      throw notFound('There is no such file.');
    }
    return reply
      .type(contentTypeOf(key))
      .header('content-length', String(file.size))
      .send(file.body);
  });
}

function ifNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

const MB = 1024 * 1024;
const sizeText = (bytes: number) =>
  bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;

/** The one file of the form, read while it arrives and cut off past `maxBytes`. */
async function readOneFile(request: FastifyRequest, maxBytes: number, noun: Noun): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'unsupported_media_type',
      `Send the ${noun} as multipart/form-data, in one file field named "${UPLOAD_FIELD}".`,
    );
  }
  let bytes: Buffer | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 2, fields: 4, parts: 6, fieldSize: 1024 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') {
        throw fieldError(
          part.fieldname.slice(0, 40),
          `Send only the ${noun}, in "${UPLOAD_FIELD}".`,
        );
      }
      if (part.fieldname !== UPLOAD_FIELD) {
        part.file.resume();
        throw fieldError(
          UPLOAD_FIELD,
          `Send the ${noun} in the file field named "${UPLOAD_FIELD}".`,
        );
      }
      if (bytes !== undefined) {
        part.file.resume();
        throw fieldError(UPLOAD_FIELD, `Send one ${noun} at a time.`);
      }
      bytes = await part.toBuffer();
      // Cut off at the limit: refused, never read as a shorter file.
      if (part.file.truncated)
        throw Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
    }
  } catch (error) {
    throw formError(error, maxBytes, noun);
  }
  if (!bytes || bytes.length === 0) {
    throw fieldError(
      UPLOAD_FIELD,
      `Choose ${noun === 'image' ? 'an image' : 'a PDF'} to upload: no file arrived.`,
    );
  }
  return bytes;
}

/** What went wrong reading the form, in words: the parser's own errors are the client's. */
function formError(error: unknown, maxBytes: number, noun: Noun): AppError {
  if (error instanceof AppError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(
        413,
        'payload_too_large',
        `This file is larger than ${sizeText(maxBytes)}, the most the store takes. Make the ${noun} smaller and try again.`,
        [{ field: UPLOAD_FIELD, in: 'body', message: `Must be at most ${sizeText(maxBytes)}.` }],
      );
    case 'FST_FILES_LIMIT':
      return fieldError(UPLOAD_FIELD, `Send one ${noun} at a time.`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return fieldError(UPLOAD_FIELD, `Send only the ${noun}, in "${UPLOAD_FIELD}".`);
    default:
      return new AppError(
        400,
        'validation_failed',
        'The upload did not arrive as a complete form. Please try again.',
        [{ field: UPLOAD_FIELD, in: 'body', message: 'The form could not be read.' }],
      );
  }
}
