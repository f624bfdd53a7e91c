import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RoleSchema } from '../../contract/users.ts';
import type { Auth } from '../auth/auth.ts';
import { isCommonPassword } from '../auth/passwords.ts';
import type { RateLimitRule } from '../config.ts';
import { AppError, serviceUnavailable } from '../errors.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import type { SessionUser } from '../http/session.ts';
import { problem, sendProblem } from './error-handler.ts';

export interface AuthLimits {
  perIp: RateLimitRule;
  perEmail: RateLimitRule;
}

/** Account actions an attacker would repeat: guessing passwords, flooding inboxes. */
const LIMITED_ACTIONS = new Set([
  '/sign-in/email',
  '/sign-up/email',
  '/request-password-reset',
  '/forget-password',
  '/reset-password',
  '/send-verification-email',
  '/change-password',
]);

const SESSION_COOKIE = 'toolyard.session_token';

/**
 * Mounts Better Auth under /api/auth/* and teaches the app to read the session user.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    {
      auth,
      publicUrl,
      limiter,
      limits,
      isDatabaseUp,
    }: {
      auth: Auth;
      publicUrl: string;
      limiter: RateLimiter;
      limits: AuthLimits;
      /** Asked when the account service fails, to tell an outage (503) from a bug (500). */
      isDatabaseUp: () => Promise<boolean>;
    },
  ) => {
    app.decorateRequest('sessionUser', null);

    app.decorate(
      'loadSessionUser',
      async (request: FastifyRequest): Promise<SessionUser | null> => {
        const cookie = request.headers.cookie;
        if (!cookie?.includes(SESSION_COOKIE)) return null;
        const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
        if (!result) return null;
        const { user } = result;
        return {
          id: user.id,
          name: user.name,
          email: user.email,
          emailVerified: user.emailVerified,
          image: user.image ?? null,
          role: RoleSchema.catch('User').parse(user.role),
        };
      },
    );

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const url = new URL(request.url, publicUrl);
        const action = url.pathname.slice('/api/auth'.length);
        const body = isRecord(request.body) ? request.body : undefined;
        if (request.method === 'POST') {
          await guardAbuse(limiter, limits, action, request.ip, body);
          checkPasswordPolicy(action, body);
          // Changing the password always ends the other sessions.
          if (action === '/change-password' && body) body.revokeOtherSessions = true;
        }
        const hasBody = request.method !== 'GET' && request.body !== undefined;
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers: fromNodeHeaders(request.headers),
            ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
          }),
        );
        // The account service hides database errors behind a 500: say what they are.
        if (response.status >= 500 && !(await isDatabaseUp())) throw serviceUnavailable();
        // Every failure, with or without a JSON body (an unknown action is a bare 404).
        if (response.status >= 400) return sendAuthProblem(reply, response);
        reply.status(response.status);
        response.headers.forEach((value, key) => {
          if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        if (!response.body) return reply.send(null);
        const bytes = Buffer.from(await response.arrayBuffer());
        const isJson = response.headers.get('content-type')?.includes('json');
        return reply.send(isJson ? withoutSessionToken(bytes) : bytes);
      },
    });
  },
  { name: 'auth' },
);

/**
 * Better Auth answers errors as `{code, message}`; the store answers every error as problem+json,
 * so its codes become ours in lower case (`INVALID_EMAIL_OR_PASSWORD` -> `invalid_email_or_password`).
 */
async function sendAuthProblem(reply: FastifyReply, response: Response) {
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

async function guardAbuse(
  limiter: RateLimiter,
  limits: AuthLimits,
  action: string,
  ip: string,
  body: Record<string, unknown> | undefined,
): Promise<void> {
  if (!LIMITED_ACTIONS.has(action)) return;
  await limiter.enforce(`auth:ip:${action}:${ip}`, limits.perIp);
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : undefined;
  if (email) await limiter.enforce(`auth:email:${action}:${email}`, limits.perEmail);
}

/** Length is Better Auth's check; refusing the most common passwords is ours. */
function checkPasswordPolicy(action: string, body: Record<string, unknown> | undefined): void {
  const field =
    action === '/sign-up/email'
      ? 'password'
      : ['/reset-password', '/change-password'].includes(action)
        ? 'newPassword'
        : undefined;
  const password = field ? body?.[field] : undefined;
  if (field && typeof password === 'string' && isCommonPassword(password)) {
    const message = 'This password is too common and easy to guess. Choose another one.';
    throw new AppError(400, 'password_too_common', message, [{ field, in: 'body', message }]);
  }
}

/**
 * The session lives in an httpOnly cookie; the raw token the account service also puts in its JSON
 * answers (sign-in, sign-up, get-session) would only hand it to page scripts. Drop it.
 */
function withoutSessionToken(bytes: Buffer): Buffer {
  const text = bytes.toString('utf8');
  if (!text.includes('"token"')) return bytes;
  try {
    const data = JSON.parse(text) as unknown;
    if (!isRecord(data)) return bytes;
    delete data.token;
    if (isRecord(data.session)) delete data.session.token;
    return Buffer.from(JSON.stringify(data));
  } catch {
    return bytes;
  }
}
