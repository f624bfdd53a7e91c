import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { RouteDescriptor } from '../../contract/common.ts';
import { type Problem, ProblemSchema } from '../../contract/problem.ts';
import { TEST_ORIGIN, type TestUser } from './test-app.ts';

export type Response = LightMyRequestResponse;

/** The JSON body of a response, typed by the caller (tests then assert on it). */
export function json<T = unknown>(response: Response): T {
  return response.json() as T;
}

/**
 * Asserts that a response is an RFC 9457 problem (`application/problem+json`) with this status
 * and stable code, and returns it for further checks.
 */
export function expectProblem(response: Response, status: number, code: string): Problem {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = ProblemSchema.parse(response.json());
  expect(body.status).toBe(status);
  expect(body.code).toBe(code);
  expect(response.body).not.toMatch(/\bat .+\.(ts|js|mjs):\d+/); // never a stack trace
  return body;
}

/** Asserts a 400 `validation_failed` naming `field` (in `location`) among the failing fields. */
export function expectFieldError(
  response: Response,
  field: string,
  location: 'body' | 'query' | 'params' | 'headers' = 'body',
): Problem {
  const body = expectProblem(response, 400, 'validation_failed');
  expect(body.errors?.map((error) => `${error.in}:${error.field}`)).toContain(
    `${location}:${field}`,
  );
  return body;
}

export interface Client {
  get(url: string): Promise<Response>;
  post(url: string, body?: unknown): Promise<Response>;
  put(url: string, body?: unknown): Promise<Response>;
  patch(url: string, body?: unknown): Promise<Response>;
  delete(url: string): Promise<Response>;
}

/**
 * Calls the API the way our own web app would: same-origin, JSON bodies, and the user's session
 * cookie when a user is given (a visitor otherwise).
 */
export function client(app: FastifyInstance, user?: Pick<TestUser, 'headers'>): Client {
  const headers = user ? user.headers : { origin: TEST_ORIGIN };
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    app.inject({
      method,
      url: url.startsWith('/api') ? url : `/api${url}`,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
  return {
    get: (url) => send('GET', url),
    post: (url, body) => send('POST', url, body),
    put: (url, body) => send('PUT', url, body),
    patch: (url, body) => send('PATCH', url, body),
    delete: (url) => send('DELETE', url),
  };
}

/** An id that names nothing. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The concrete URL of a contract route: `:id` and `:email` filled in, and `?email=` added when
 * the route takes it in the query.
 */
export function urlFor(
  route: Pick<RouteDescriptor, 'path' | 'query'>,
  values: { id?: string; email?: string } = {},
): string {
  const id = values.id ?? UNKNOWN_ID;
  const email = values.email ?? 'nobody@example.com';
  const path = route.path
    .replace(':id', encodeURIComponent(id))
    .replace(':email', encodeURIComponent(email));
  const takesEmail =
    route.query && 'shape' in route.query && 'email' in (route.query.shape as object);
  return `/api${path}${takesEmail ? `?email=${encodeURIComponent(email)}` : ''}`;
}
