import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Access, DescribedOperation, RouteDescriptor } from '../../contract/common.ts';
import { operationIdOf } from '../../contract/routes.ts';
import type { PreparedBody } from '../cache/response-cache.ts';
import { forbidden, unauthenticated } from '../errors.ts';
import { type AnswerSource, sendPrepared } from './prepared-reply.ts';
import type { SessionUser } from './session.ts';

type Parsed<T> = [NonNullable<T>] extends [z.ZodType] ? z.output<NonNullable<T>> : undefined;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes multipart/form-data (an upload) from the store's own pages. */
    acceptsMultipart?: boolean;
  }
}

interface RouteContext<D extends RouteDescriptor> {
  params: Parsed<D['params']>;
  query: Parsed<D['query']>;
  body: Parsed<D['body']>;
  headers: Parsed<D['headers']>;
  /** The caller; guaranteed for `user` and `admin` routes. */
  user: D['access'] extends 'public' ? SessionUser | null : SessionUser;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * An answer made ahead of the request (cached, compressed once): sent as it is, with its validator
 * (a 304 when the browser holds it). The response schema checked it when it was made.
 */
export class PreparedAnswer {
  constructor(
    readonly prepared: PreparedBody,
    readonly cacheControl: string,
    /** Where it is kept, on a public route: the same address may then be answered from there. */
    readonly source?: AnswerSource,
  ) {}
}

/** A file the route sends with its own type (an invoice's PDF, a CSV export read as it goes). */
export class FileAnswer {
  constructor(
    readonly body: Buffer | Readable,
    readonly file: { type: string; name: string; cacheControl: string },
  ) {}
}

/** What a handler answers: the response its contract describes, or one of the two above. */
type RouteResult<D extends RouteDescriptor> = z.output<D['response']> | PreparedAnswer | FileAnswer;

export type RouteHandler<D extends RouteDescriptor> = (
  context: RouteContext<D>,
) => Promise<RouteResult<D>>;

const WHO_MAY_CALL: Record<Access, string> = {
  public: 'Anyone may call it; no session is needed.',
  user: 'Needs a session (the cookie sign-in sets); per-object rules apply on top.',
  admin: 'Needs the session of an admin: a visitor gets 401, anyone else 403.',
};

/**
 * What the API description says of an operation besides its schemas, as Fastify's schema carries
 * it to @fastify/swagger (server/plugins/openapi.ts completes each operation's answers from its
 * descriptor).
 */
export function operationSchema(
  descriptor: DescribedOperation,
  operationId: string,
): {
  operationId: string;
  summary: string;
  description: string;
  // Read-only, as Fastify's route typing takes them without losing the schemas' types.
  tags: readonly string[];
  security: readonly Record<string, readonly string[]>[];
} {
  const { access, summary, description, tags } = descriptor;
  return {
    operationId,
    summary,
    description: `${description}\n\n${WHO_MAY_CALL[access]}`,
    tags: [...tags],
    security: access === 'public' ? [] : [{ sessionCookie: [] }],
  };
}

/**
 * Registers one contract route: its schemas validate the request and serialize the response (and
 * describe it in the API description), and its `access` is enforced before the handler runs.
 */
export function registerRoute<D extends RouteDescriptor>(
  app: FastifyInstance,
  descriptor: D,
  handler: RouteHandler<D>,
): void {
  const { method, path, access, params, query, body, headers, response, consumes } = descriptor;
  const status = descriptor.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method,
    url: path,
    schema: {
      ...operationSchema(descriptor, operationIdOf(descriptor)),
      ...(params ? { params } : {}),
      ...(query ? { querystring: query } : {}),
      ...(body ? { body } : {}),
      ...(headers ? { headers } : {}),
      response: { [status]: response },
    },
    // Read by the security plugin: the one route that may receive a form body (see `consumes`).
    config: { acceptsMultipart: consumes === 'multipart/form-data' },
    // Who may call is decided before the body is even validated: a visitor learns nothing. Public
    // routes never touch the session store: they are the hot path.
    ...(access === 'public'
      ? {}
      : {
          onRequest: async (request: FastifyRequest) => {
            request.sessionUser = await authorize(app, request, access);
          },
        }),
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params,
        query: request.query,
        body: request.body,
        headers: request.headers,
        user: request.sessionUser,
        request,
        reply,
      } as RouteContext<D>);
      if (result instanceof PreparedAnswer) {
        // Only public answers may be sent again to whoever asks for the same address.
        const source = access === 'public' ? result.source : undefined;
        return sendPrepared(request, reply, result.prepared, result.cacheControl, source);
      }
      if (result instanceof FileAnswer) {
        const { type, name, cacheControl } = result.file;
        return reply
          .type(type)
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', cacheControl)
          .send(result.body);
      }
      return reply.code(status).send(result);
    },
  });
}

async function authorize(
  app: FastifyInstance,
  request: FastifyRequest,
  access: Access,
): Promise<SessionUser | null> {
  const user = await app.loadSessionUser(request);
  if (!user) throw unauthenticated();
  if (access === 'admin' && user.role !== 'Admin') throw forbidden('Only admins can do this.');
  return user;
}
