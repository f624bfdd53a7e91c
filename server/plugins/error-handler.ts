import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldError, Problem, ProblemCode } from '../../contract/problem.ts';
import { isPoolExhausted } from '../db/client.ts';
import { AppError, serviceUnavailable } from '../errors.ts';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function problem(
  status: number,
  code: ProblemCode | (string & {}),
  detail: string,
  errors?: FieldError[],
  details?: Pick<Problem, 'lines' | 'confirm' | 'order'>,
): Problem {
  return {
    type: `about:blank`,
    title: TITLES[status] ?? 'Error',
    status,
    code: code as ProblemCode,
    detail,
    ...(errors && errors.length > 0 ? { errors } : {}),
    ...details,
  };
}

export function sendProblem(reply: FastifyReply, body: Problem, headers?: Record<string, string>) {
  return reply
    .code(body.status)
    .headers({ 'cache-control': 'no-store', ...headers })
    .type('application/problem+json')
    .serializer(JSON.stringify)
    .send(body);
}

/**
 * Whether the request is a browser's own navigation (a download link followed, an API address typed
 * in): it asks for HTML first, as no API client and no fetch of the app's does. Its refusal is then
 * a page with the sentence, not JSON a person would have to read (docs/decisions/068).
 */
function isNavigation(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return request.method === 'GET' && /^\s*text\/html\b/i.test(accept);
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The refusal as a plain page: the title, the sentence, each field's problem, and a way on. */
function problemPage(body: Problem): string {
  const signIn = body.status === 401;
  const fields = (body.errors ?? [])
    .map((error) => `<li>${escapeHtml(error.message)}</li>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(body.title)}</title></head>
<body><main><h1>${escapeHtml(body.title)}</h1><p>${escapeHtml(body.detail)}</p>${fields ? `<ul>${fields}</ul>` : ''}
<p>${signIn ? '<a href="/login">Sign in</a> and open the link again, or go' : 'Go'} <a href="/">back to the store</a>.</p></main></body></html>
`;
}

function sendPage(reply: FastifyReply, body: Problem, headers?: Record<string, string>) {
  return reply
    .code(body.status)
    .headers({ 'cache-control': 'no-store', ...headers })
    .type('text/html; charset=utf-8')
    .serializer(String)
    .send(problemPage(body));
}

/** PostgreSQL SQLSTATE classes that mean "the database is not reachable right now". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  '53300',
]);
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (e.code && (UNAVAILABLE_SQLSTATES.has(e.code) || UNAVAILABLE_ERRNOS.has(e.code))) return true;
  if (typeof e.message === 'string' && /Connection terminated/i.test(e.message)) return true;
  return e.cause !== undefined && e.cause !== error && isDatabaseUnavailable(e.cause);
}

/** Logged (as a warning) for each request turned away because no connection came free. */
export const OVERLOADED_LOG =
  'turned away: every database connection stayed busy for the whole wait (overloaded)';

/** Comes back after this many seconds: the queue that filled the pool drains in about that. */
const OVERLOADED_RETRY_SECONDS = 2;

/**
 * zod's whole-number check also bounds a number by the largest whole number JavaScript holds
 * (9007199254740991): a number beyond it (1e308) would be told that as well as the field's own
 * bound, which is the one people can act on.
 */
function isSafeIntegerBound(issue: { keyword: string; params?: unknown }): boolean {
  return (
    issue.keyword === 'too_big' &&
    (issue.params as { maximum?: unknown } | undefined)?.maximum === Number.MAX_SAFE_INTEGER
  );
}

function fieldErrorsFromValidation(error: FastifyError): FieldError[] {
  const context = (error.validationContext ?? 'body') as string;
  const location = (context === 'querystring' ? 'query' : context) as FieldError['in'];
  const issues = error.validation ?? [];
  const told = (issue: (typeof issues)[number]) =>
    !isSafeIntegerBound(issue) ||
    !issues.some((other) => other !== issue && other.instancePath === issue.instancePath);
  return issues.filter(told).flatMap((issue) => {
    // fastify-type-provider-zod puts the zod issue's path in instancePath and its extras
    // (such as the `keys` of an unrecognized_keys issue) in params.
    const keys = (issue.params as { keys?: unknown } | undefined)?.keys;
    const path = issue.instancePath.split('/').filter(Boolean);
    // Each unknown key is a failing field of its own, as a form maps errors to its inputs.
    if (Array.isArray(keys) && keys.length > 0) {
      return keys.map((key) => ({
        field: [...path, String(key)].join('.'),
        in: location,
        message: `Unknown field: ${String(key)}.`,
      }));
    }
    return [
      { field: path.join('.') || '(body)', in: location, message: issue.message ?? 'Invalid.' },
    ];
  });
}

/** One handler turns every error into problem+json; internals never leave the server. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const send = isNavigation(request) ? sendPage : sendProblem;
      const sendAppError = (reply: FastifyReply, error: AppError) =>
        send(
          reply,
          problem(error.status, error.code, error.message, error.errors, error.details),
          error.headers,
        );
      if (error instanceof AppError) return sendAppError(reply, error);
      if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
        const errors = fieldErrorsFromValidation(error);
        const summary = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
        return send(
          reply,
          problem(400, 'validation_failed', `Some fields are not valid. ${summary}`, errors),
        );
      }
      switch (error.code) {
        case 'FST_ERR_CTP_INVALID_JSON_BODY':
        case 'FST_ERR_CTP_EMPTY_JSON_BODY':
          return send(reply, problem(400, 'invalid_json', 'The request body is not valid JSON.'));
        case 'FST_ERR_CTP_BODY_TOO_LARGE':
          return send(reply, problem(413, 'payload_too_large', 'The request body is too large.'));
        case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
          return send(
            reply,
            problem(415, 'unsupported_media_type', 'Send the request body as application/json.'),
          );
      }
      if (error instanceof SyntaxError && error.statusCode === 400) {
        return send(reply, problem(400, 'invalid_json', 'The request body is not valid JSON.'));
      }
      // The client went away while its body was arriving: nothing failed here, and no one reads
      // the answer.
      if (request.raw.aborted || request.raw.readableAborted) {
        request.log.info('the client closed the connection before its request arrived');
        return send(reply, problem(400, 'invalid_json', 'The request did not arrive whole.'));
      }
      if (isPoolExhausted(error)) {
        request.log.warn(OVERLOADED_LOG);
        return sendAppError(
          reply,
          serviceUnavailable(
            'The store is very busy right now. Please try again in a few seconds.',
            OVERLOADED_RETRY_SECONDS,
          ),
        );
      }
      if (isDatabaseUnavailable(error)) {
        request.log.error({ err: error }, 'database unavailable');
        return sendAppError(reply, serviceUnavailable());
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        request.log.info({ err: error }, 'client error');
        return send(
          reply,
          problem(status, status === 404 ? 'not_found' : 'validation_failed', error.message),
        );
      }
      request.log.error({ err: error }, 'unhandled error');
      return send(
        reply,
        problem(500, 'internal_error', 'Something went wrong on our side. Please try again.'),
      );
    });
  },
  { name: 'error-handler' },
);
