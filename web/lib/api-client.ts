import type { z } from 'zod';
import type { RouteDescriptor } from '#contract/common.ts';
import { ApiError, NETWORK_ERROR_DETAIL, retryAfterSeconds } from './api-error.ts';
import { whileInFlight } from './page-activity.tsx';

type Slot<K extends string, T> = [T] extends [z.ZodNever]
  ? { [P in K]?: never }
  : T extends z.ZodType
    ? Record<never, never> extends z.input<T>
      ? { [P in K]?: z.input<T> }
      : { [P in K]: z.input<T> }
    : { [P in K]?: never };

// biome-ignore lint/suspicious/noExplicitAny: matches any descriptor
export type AnyRoute = RouteDescriptor<any, any, any, any, any, any>;

declare const descriptor: unique symbol;

/**
 * A contract route as the web app holds it (see api-routes.ts): its method and path at run time,
 * and the whole descriptor, schemas included, for the type checker only.
 */
export interface ApiRoute<D extends AnyRoute> {
  readonly method: D['method'];
  readonly path: string;
  readonly [descriptor]?: D;
}

/**
 * What a call needs: `params`, `query`, `body` and `headers`, typed from the route's own schemas.
 */
export type RouteInput<D extends AnyRoute> =
  D extends RouteDescriptor<infer P, infer Q, infer B, z.ZodType, infer _A, infer H>
    ? Slot<'params', P> & Slot<'query', Q> & Slot<'body', B> & Slot<'headers', H>
    : never;

export type RouteOutput<D extends AnyRoute> = z.output<D['response']>;

type InputArgs<D extends AnyRoute> =
  object extends RouteInput<D>
    ? [input?: RouteInput<D>, options?: CallOptions]
    : [input: RouteInput<D>, options?: CallOptions];

interface CallOptions {
  signal?: AbortSignal;
}

/** A parameter's value; a list sends the parameter once per item (`brand=A&brand=B`). */
type QueryValue = string | number | boolean | null | undefined | readonly string[];

/** How a request reaches the store: `fetch` in the browser, in-process on the server. */
export type ApiTransport = (url: URL, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);
let origin = () => window.location.origin;

/**
 * For the server's render: the same calls, answered by the store itself without a network hop
 * (server/plugins/web.ts). Only public, signed-out reads happen there: no cookie goes along.
 */
export function setServerTransport(serverTransport: ApiTransport, serverOrigin: string): void {
  transport = serverTransport;
  origin = () => serverOrigin;
}

/**
 * The one fetch helper: same-origin JSON, problem+json turned into a typed ApiError.
 * `path` is below `/api`.
 */
export async function sendRequest<T>(
  method: string,
  path: string,
  init: {
    query?: Record<string, QueryValue>;
    body?: unknown;
    headers?: Record<string, string | undefined> | undefined;
    signal?: AbortSignal | undefined;
  } = {},
): Promise<{ data: T; headers: Headers }> {
  return whileInFlight(() => send<T>(method, path, init));
}

async function send<T>(
  method: string,
  path: string,
  init: Parameters<typeof sendRequest>[2] = {},
): Promise<{ data: T; headers: Headers }> {
  const url = new URL(apiPath(path, init.query), origin());
  const hasBody = init.body !== undefined;
  let response: Response;
  try {
    response = await transport(url, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
        ...definedHeaders(init.headers),
      },
      ...(hasBody ? { body: JSON.stringify(init.body) } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network_error', detail: NETWORK_ERROR_DETAIL });
  }
  if (!response.ok) throw await toApiError(response);
  const text = await response.text();
  return { data: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

function definedHeaders(
  headers: Record<string, string | undefined> | undefined,
): Record<string, string> {
  const defined: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value !== undefined) defined[name] = value;
  }
  return defined;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<{
    code: string;
    detail: string;
    errors: ApiError['errors'];
    confirm: string[];
    order: ApiError['order'];
  }> | null;
  return new ApiError({
    status: response.status,
    code: body?.code ?? (response.status >= 500 ? 'internal_error' : 'http_error'),
    detail: body?.detail ?? `The store answered ${response.status} ${response.statusText}.`.trim(),
    errors: body?.errors ?? [],
    confirm: Array.isArray(body?.confirm) ? body.confirm : [],
    order: typeof body?.order?.id === 'string' ? body.order : undefined,
    retryAfter: retryAfterSeconds(response.headers.get('retry-after')),
  });
}

/** `/api` + `path`, with the query's values that are set (empty ones are left out). */
function apiPath(path: string, query: Record<string, QueryValue> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) for (const item of value) search.append(key, item);
    else if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return `/api${path}${text ? `?${text}` : ''}`;
}

/**
 * The address of a contract route for the browser to open itself: a download link (an invoice,
 * a CSV export) rather than a call. Same-origin, so the session cookie goes along.
 */
export function apiHref<D extends AnyRoute>(
  route: ApiRoute<D>,
  input: Pick<RouteInput<D>, 'params' | 'query'>,
): string {
  const { params, query } = input as {
    params?: Record<string, string>;
    query?: Record<string, QueryValue>;
  };
  return apiPath(fillPath(route.path, params), query);
}

/** Fills `:name` segments of a contract path. */
function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/** Calls one contract route; returns its body and headers. */
async function callApiWithHeaders<D extends AnyRoute>(
  route: ApiRoute<D>,
  ...[input, options]: InputArgs<D>
): Promise<{ data: RouteOutput<D>; headers: Headers }> {
  const { params, query, body, headers } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    headers?: Record<string, string | undefined>;
  };
  return sendRequest<RouteOutput<D>>(route.method, fillPath(route.path, params), {
    query,
    headers,
    body: body ?? (route.method === 'GET' || route.method === 'DELETE' ? undefined : {}),
    signal: options?.signal,
  });
}

/**
 * Calls one contract route that answers a page of a list: its items, and how many match in all
 * (X-Total-Count; without it, the items are all there is).
 */
export async function callApiPage<D extends AnyRoute>(
  route: ApiRoute<D>,
  ...args: InputArgs<D>
): Promise<{ items: RouteOutput<D>; total: number }> {
  const { data, headers } = await callApiWithHeaders(route, ...args);
  const total = Number(headers.get('x-total-count'));
  const counted = Array.isArray(data) ? data.length : 0;
  return {
    items: data,
    total: headers.has('x-total-count') && Number.isFinite(total) ? total : counted,
  };
}

/** Calls one contract route; returns its body. */
export async function callApi<D extends AnyRoute>(
  route: ApiRoute<D>,
  ...args: InputArgs<D>
): Promise<RouteOutput<D>> {
  return (await callApiWithHeaders(route, ...args)).data;
}
