import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasControlCharacters } from '../../contract/common.ts';
import type { FieldError } from '../../contract/problem.ts';
import { AppError } from '../errors.ts';

/** Deeper than any body the API takes (three levels), far from what recursion can bear. */
const MAX_JSON_DEPTH = 16;
const MAX_KEY_LENGTH = 100;

/**
 * What every route refuses before its own schema runs, so that no field, present or future, can
 * carry it into the database, a log line or an email:
 * - JSON nested deeper than MAX_JSON_DEPTH (measured on the raw text, before anything recursive
 *   touches it) and keys longer than MAX_KEY_LENGTH;
 * - control characters (C0 but tab and line breaks, DEL, C1) in any string or key of a body, and
 *   any control character in the query string or path parameters. PostgreSQL cannot store NUL, and
 *   the others forge log lines, terminal output and text that reads differently than it is.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = body as string;
      if (jsonDepth(text) > MAX_JSON_DEPTH) {
        done(
          refused(
            '(body)',
            'body',
            `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`,
          ),
          undefined,
        );
        return;
      }
      parseJson(request, text, (error, value) => {
        if (error) return done(error, undefined);
        const problem = findBadText(value, 'body', true);
        if (problem) return done(refused(problem.field, 'body', problem.message), undefined);
        done(null, value);
      });
    });

    app.addHook('preValidation', async (request) => {
      for (const [location, values] of [
        ['params', request.params],
        ['query', request.query],
      ] as const) {
        const problem = findBadText(values, location, false);
        if (problem) throw refused(problem.field, location, problem.message);
      }
    });
  },
  { name: 'input-guard' },
);

function refused(field: string, location: FieldError['in'], message: string): AppError {
  return new AppError(400, 'validation_failed', `Some fields are not valid. ${field}: ${message}`, [
    { field, in: location, message },
  ]);
}

/** The deepest nesting of arrays and objects in JSON text, strings skipped; linear, no recursion. */
function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return deepest;
}

/** The first string or key that carries control characters (or a key that is too long). */
function findBadText(
  value: unknown,
  path: string,
  allowLineBreaks: boolean,
): { field: string; message: string } | undefined {
  if (typeof value === 'string') {
    return hasControlCharacters(value, allowLineBreaks)
      ? { field: path, message: 'Must not contain control characters.' }
      : undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    const field = path === 'body' || path === 'query' || path === 'params' ? key : `${path}.${key}`;
    if (key.length > MAX_KEY_LENGTH) {
      return { field: `${key.slice(0, 20)}…`, message: 'This field name is too long.' };
    }
    if (hasControlCharacters(key)) {
      return {
        field: JSON.stringify(key).slice(0, 40),
        message: 'Field names must not contain control characters.',
      };
    }
    const problem = findBadText(item, field, allowLineBreaks);
    if (problem) return problem;
  }
  return undefined;
}
