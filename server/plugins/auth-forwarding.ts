import type { FastifyReply, FastifyRequest } from 'fastify';
import { CLIENT_ADDRESS_HEADER } from '../auth/auth.ts';
import { problem, sendProblem } from './error-handler.ts';

/**
 * What passes between a request and Better Auth: the headers it is given, and its answers as the
 * store sends them (errors as problem+json, no session tokens in bodies).
 */

/** The request headers Better Auth reads; nothing else a client sends is handed on. */
const FORWARDED_HEADERS = [
  'accept',
  'accept-language',
  'content-type',
  'cookie',
  'host',
  'origin',
  'referer',
  'sec-fetch-dest',
  'sec-fetch-mode',
  'sec-fetch-site',
  'user-agent',
];

/**
 * Web headers for Better Auth from a request's headers: only those it reads, and none whose value a
 * Web `Headers` would refuse (a NUL, a line break: the test client and some proxies let them
 * through, and `new Headers()` would throw on them).
 */
export function headersForAuth(request: FastifyRequest, address?: string): Headers {
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    const text = Array.isArray(value) ? value.join(', ') : value;
    if (text === undefined) continue;
    try {
      headers.set(name, text);
    } catch {
      // Not a valid header value: dropped, as a browser would never send it.
    }
  }
  if (address) headers.set(CLIENT_ADDRESS_HEADER, address);
  return headers;
}

/**
 * Better Auth answers errors as `{code, message}`; the store answers every error as problem+json,
 * so its codes become ours in lower case (`INVALID_EMAIL_OR_PASSWORD` -> `invalid_email_or_password`).
 */
export async function sendAuthProblem(reply: FastifyReply, response: Response) {
  const parsed: unknown = await response.json().catch(() => null);
  const body = (parsed && typeof parsed === 'object' ? parsed : {}) as {
    code?: unknown;
    message?: unknown;
  };
  const fallback =
    response.status === 429 ? 'rate_limited' : response.status === 404 ? 'not_found' : 'auth_error';
  const code = (typeof body.code === 'string' && body.code ? body.code : fallback).toLowerCase();
  const detail =
    (typeof body.message === 'string' && body.message.trim()) ||
    (response.status === 404
      ? 'There is no such account action.'
      : 'Signing in did not work. Please try again.');
  const headers: Record<string, string> = {};
  const retryAfter = response.headers.get('retry-after') ?? response.headers.get('x-retry-after');
  if (retryAfter) headers['retry-after'] = retryAfter;
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return sendProblem(reply, problem(response.status, code, detail), headers);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The session lives in an httpOnly cookie; the raw tokens the account service also puts in its
 * JSON answers (sign-in, get-session, list-sessions) would only hand them to page scripts. Drop them.
 */
export function withoutSessionTokens(bytes: Buffer): Buffer {
  const text = bytes.toString('utf8');
  if (!text.includes('"token"')) return bytes;
  try {
    const data = JSON.parse(text) as unknown;
    const strip = (value: unknown) => {
      if (!isRecord(value)) return;
      delete value.token;
      if (isRecord(value.session)) delete value.session.token;
    };
    if (Array.isArray(data)) data.forEach(strip);
    else strip(data);
    return Buffer.from(JSON.stringify(data));
  } catch {
    return bytes;
  }
}
