import { z } from 'zod';
import { API_COMPONENTS } from '../../contract/api-components.ts';
import type { DescribedOperation, HttpMethod } from '../../contract/common.ts';
import type { ErrorStatus, ResponseHeader } from '../../contract/operation-docs.ts';
import { ProblemSchema } from '../../contract/problem.ts';

/**
 * Completes the API description from each operation's descriptor: its answers (success, 304,
 * every refusal it can answer) and their headers. Every refusal is one of the shared responses
 * below, each application/problem+json of the one Problem schema (docs/decisions/023).
 */

type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId?: string;
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  parameters?: unknown[];
}
interface Document extends Json {
  paths?: Record<string, Record<string, Operation>>;
  components?: Json & { schemas?: Record<string, unknown> };
}

/**
 * Names the contract's components in zod's registry, where the description's transforms find
 * them (contract/api-components.ts says why here and not in the contract). Naming a schema again
 * changes nothing.
 */
export function nameComponents(): void {
  for (const [schema, id, description] of API_COMPONENTS) {
    z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id, description });
  }
}

const problemId = API_COMPONENTS.find(([schema]) => schema === ProblemSchema)?.[1];

/** Every refusal's body: the one Problem schema. */
const PROBLEM = {
  'application/problem+json': { schema: { $ref: `#/components/schemas/${problemId}` } },
};

/** Each refusal's shared response: its name under components/responses and what it means. */
const REFUSALS: Record<ErrorStatus, { name: string; description: string; isRetried?: true }> = {
  400: {
    name: 'BadRequest',
    description:
      'validation_failed: the request does not fit its schemas (`errors` names each field, in the body, query, path or headers), or its URL is malformed; invalid_json: the body is not JSON.',
  },
  401: {
    name: 'Unauthorized',
    description: 'unauthenticated: no session, or it ended (signed out, expired or revoked).',
  },
  402: { name: 'PaymentRequired', description: 'card_declined: the card was declined.' },
  403: {
    name: 'Forbidden',
    description:
      "forbidden: not the caller's to do (an admin's route, another customer's order), or a form body where JSON is expected; origin_not_allowed: a state-changing request from another site.",
  },
  404: { name: 'NotFound', description: 'not_found: there is no such thing.' },
  409: {
    name: 'Conflict',
    description: 'The request conflicts with the state of what it acts on; `code` says how.',
  },
  413: {
    name: 'ContentTooLarge',
    description: 'payload_too_large: the body is larger than the store takes.',
  },
  414: { name: 'UriTooLong', description: 'uri_too_long: a part of the URL is too long.' },
  415: {
    name: 'UnsupportedMediaType',
    description: 'unsupported_media_type: the body is not of a type the route takes (JSON).',
  },
  422: {
    name: 'UnprocessableContent',
    description: 'The request is well formed but cannot be carried out as it is; `code` says why.',
  },
  429: {
    name: 'TooManyRequests',
    description: 'rate_limited: too many requests in a short time; try again after Retry-After.',
    isRetried: true,
  },
  502: {
    name: 'BadGateway',
    description: 'payment_provider_error: a service the store relies on did not answer.',
  },
  503: {
    name: 'ServiceUnavailable',
    description:
      'service_unavailable: the store is too busy (every database connection taken, too many connections from one address, or too much work of one kind at once) or its database is not answering; try again after Retry-After.',
    isRetried: true,
  },
};

const HEADERS: Record<ResponseHeader | 'Retry-After', { description: string; schema: Json }> = {
  'X-Total-Count': {
    description: 'How many match in all, across every page.',
    schema: { type: 'integer', minimum: 0 },
  },
  ETag: {
    description: 'The version of this answer: send it in If-None-Match to get 304 while it holds.',
    schema: { type: 'string' },
  },
  'Cache-Control': {
    description: 'How long the answer may be kept, and by whom.',
    schema: { type: 'string' },
  },
  'Content-Disposition': {
    description: 'An attachment, with its file name.',
    schema: { type: 'string' },
  },
  'Set-Cookie': {
    description:
      'The session cookie (toolyard.session_token, or __Secure-toolyard.session_token when the store is served over https; httpOnly), set or cleared.',
    schema: { type: 'string' },
  },
  'Retry-After': {
    description: 'Seconds to wait before asking again.',
    schema: { type: 'integer', minimum: 1 },
  },
};

const headerRef = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

/** The shared responses, headers and parameters, for the document's components. */
function sharedAnswers() {
  const responses: Json = {};
  for (const { name, description, isRetried } of Object.values(REFUSALS)) {
    const headers = isRetried ? { headers: { 'Retry-After': headerRef('Retry-After') } } : {};
    responses[name] = { description, ...headers, content: PROBLEM };
  }
  return {
    responses,
    headers: HEADERS,
    parameters: {
      IfNoneMatch: {
        name: 'If-None-Match',
        in: 'header',
        description: 'The ETag of the copy the client holds.',
        schema: { type: 'string' },
      },
    },
  };
}

const MUTATING = new Set<HttpMethod>(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The refusals every route of a kind answers, whatever it does: 400 from validation, the input
 * guard and the router (server/plugins/input-guard.ts, error-handler.ts); 503 when the store
 * sheds load or its database is away (a full pool, the connection caps, an outage); 401 and 403
 * from the access check (server/http/route.ts); 403 for a state-changing request from another
 * site or as a form, 413 and 415 for its body (server/plugins/security.ts, Fastify's body
 * parser); 414 for an over-long path parameter.
 */
function standardRefusals(route: DescribedOperation): ErrorStatus[] {
  const statuses: ErrorStatus[] = [400, 503];
  if (route.access !== 'public') statuses.push(401);
  if (route.access === 'admin' || MUTATING.has(route.method)) statuses.push(403);
  if (MUTATING.has(route.method)) statuses.push(413, 415);
  if (route.path.includes(':')) statuses.push(414);
  return statuses;
}

/** Every refusal a route can answer, in order. */
function refusalsOf(route: DescribedOperation): ErrorStatus[] {
  const named = Object.keys(route.errors ?? {}).map(Number) as ErrorStatus[];
  return [...new Set([...standardRefusals(route), ...named])].sort((a, b) => a - b);
}

function answersOf(route: DescribedOperation, generated: Operation['responses']): Json {
  const status = String(route.status ?? 200);
  const schema = generated?.[status]?.content?.['application/json']?.schema ?? {};
  const names = route.responseHeaders ?? [];
  const headers =
    names.length > 0
      ? { headers: Object.fromEntries(names.map((name) => [name, headerRef(name)])) }
      : {};
  const answers: Json = {
    [status]: {
      description: route.returns,
      ...headers,
      content: { [route.file ?? 'application/json']: { schema } },
    },
  };
  // A 304 carries the headers the answer would have had, and no body.
  if (names.includes('ETag')) {
    answers['304'] = {
      description: 'The copy the client holds (its ETag in If-None-Match) is current; no body.',
      ...headers,
    };
  }
  const standard = standardRefusals(route);
  for (const refusal of refusalsOf(route)) {
    const { name, description } = REFUSALS[refusal];
    // What it means here; and, where every route of its kind answers it too, what it means there.
    const here = route.errors?.[refusal];
    answers[String(refusal)] = {
      $ref: `#/components/responses/${name}`,
      ...(here
        ? { description: standard.includes(refusal) ? `${here} ${description}` : here }
        : {}),
    };
  }
  return answers;
}

/**
 * Gives each described operation its answers, the header it reads for a 304 and the form it takes,
 * then drops the schemas nothing refers to (zod's registry lists each named schema as it is read
 * and as it is answered, and most are only one of the two).
 */
export function completeDescription<D extends object>(
  generated: D,
  operations: Map<string, DescribedOperation>,
): D {
  const document = generated as Document;
  document.components = { ...document.components, ...sharedAnswers() };
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const route = operations.get(operation.operationId ?? '');
      if (!route) continue;
      operation.responses = answersOf(route, operation.responses) as Operation['responses'];
      if (route.responseHeaders?.includes('ETag')) {
        operation.parameters = [
          ...(operation.parameters ?? []),
          { $ref: '#/components/parameters/IfNoneMatch' },
        ];
      }
      if (route.form && route.consumes) {
        const schema = z.toJSONSchema(route.form, { io: 'input', target: 'draft-2020-12' });
        delete schema.$schema;
        operation.requestBody = { required: true, content: { [route.consumes]: { schema } } };
      }
    }
  }
  dropUnusedSchemas(document);
  return generated;
}

function dropUnusedSchemas(document: Document): void {
  const schemas = document.components?.schemas ?? {};
  const { schemas: _all, ...rest } = document.components ?? {};
  const used = new Set<string>();
  const visit = (value: unknown) => {
    for (const match of JSON.stringify(value ?? null).matchAll(
      /"#\/components\/schemas\/([^"]+)"/g,
    )) {
      const name = match[1] as string;
      if (used.has(name)) continue;
      used.add(name);
      visit(schemas[name]);
    }
  };
  visit({ paths: document.paths, components: rest });
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}
