import { Ajv2020 } from 'ajv/dist/2020.js';
import type { LightMyRequestResponse } from 'fastify';

/**
 * Checks real answers against the API description the app serves: the status must be one the
 * operation lists, the media type one that status lists, the body must fit that status's schema
 * (JSON Schema 2020-12, the dialect of OpenAPI 3.1), and the headers that tell a client something
 * (a total, a validator, a wait, a file name, a cookie) must be described. Used by
 * server/http/openapi-responses.test.ts.
 */

type Json = Record<string, unknown>;
interface Described {
  description?: string;
  headers?: Json;
  content?: Record<string, { schema?: Json }>;
}
export interface ApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { responses: Record<string, Described & { $ref?: string }> }>
  >;
  components: { schemas: Json; responses: Record<string, Described> };
}

/** Headers whose presence a client acts on: each must be in the description of its answer. */
const TELLING_HEADERS = [
  'x-total-count',
  'etag',
  'retry-after',
  'content-disposition',
  'set-cookie',
];

const COMPONENTS = 'https://toolyard.invalid/components';

/** The formats the document uses, as JSON Schema defines them (no ajv-formats here). */
const FORMATS: Record<string, RegExp | ((value: string) => boolean)> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)),
  'date-time': (value) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value) &&
    !Number.isNaN(Date.parse(value)),
};

/** `#/components/schemas/X` as the components schema added to ajv names it. */
const pointingHome = <T>(value: T): T =>
  JSON.parse(
    JSON.stringify(value).replaceAll('"#/components/schemas/', `"${COMPONENTS}#/$defs/`),
  ) as T;

export function createAnswerCheck(document: ApiDocument) {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  for (const [name, format] of Object.entries(FORMATS)) ajv.addFormat(name, format);
  ajv.addSchema({ $id: COMPONENTS, $defs: pointingHome(document.components.schemas) });
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

  const described = (answer: Described & { $ref?: string }): Described => {
    const name = answer.$ref?.replace('#/components/responses/', '');
    return name ? { ...document.components.responses[name], ...answer } : answer;
  };

  const operationOf = (method: string, path: string) => {
    const where = `/api${path.replace(/:(\w+)/g, '{$1}')}`;
    return { where, operation: document.paths[where]?.[method.toLowerCase()] };
  };

  /** Whether the description has `method path` (the path as the contract writes it, below /api). */
  const describes = (method: string, path: string) => !!operationOf(method, path).operation;

  /** What does not fit the description in one answer of `method path`, in words; none if it fits. */
  function misfits(method: string, path: string, response: LightMyRequestResponse) {
    const { where, operation } = operationOf(method, path);
    const label = `${method} ${where} -> ${response.statusCode}`;
    if (!operation) return [`${label}: the operation is not described`];
    const listed = operation.responses[String(response.statusCode)];
    if (!listed) {
      const statuses = Object.keys(operation.responses).join(', ');
      return [`${label}: status not described (${statuses}): ${response.body.slice(0, 200)}`];
    }
    const answer = described(listed);
    const problems: string[] = [];
    const headers = Object.keys(answer.headers ?? {}).map((name) => name.toLowerCase());
    for (const name of TELLING_HEADERS) {
      if (response.headers[name] !== undefined && !headers.includes(name)) {
        problems.push(`${label}: header ${name} not described`);
      }
    }
    const type = String(response.headers['content-type'] ?? '').split(';')[0] ?? '';
    if (!answer.content) {
      if (response.body !== '') problems.push(`${label}: a body where none is described`);
      return problems;
    }
    const media = answer.content[type];
    if (!media) return [...problems, `${label}: media type "${type}" not described`];
    if (!type.endsWith('json')) return problems;
    const key = `${where} ${method} ${response.statusCode} ${type}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(pointingHome(media.schema ?? {}));
      compiled.set(key, validate);
    }
    if (!validate(response.json())) {
      const errors = ajv.errorsText(validate.errors, { separator: '; ' });
      problems.push(`${label}: the body does not fit: ${errors}: ${response.body.slice(0, 300)}`);
    }
    return problems;
  }
  return { misfits, describes };
}
