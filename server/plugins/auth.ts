import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RoleSchema } from '../../contract/users.ts';
import type { Auth } from '../auth/auth.ts';
import type { SessionUser } from '../http/session.ts';
import { problem, sendProblem } from './error-handler.ts';

const SESSION_COOKIE = 'toolyard.session_token';

/**
 * Mounts Better Auth under /api/auth/* and teaches the app to read the session user.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, { auth, publicUrl }: { auth: Auth; publicUrl: string }) => {
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
        const hasBody = request.method !== 'GET' && request.body !== undefined;
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers: fromNodeHeaders(request.headers),
            ...(hasBody ? { body: JSON.stringify(request.body) } : {}),
          }),
        );
        if (response.status >= 400 && response.headers.get('content-type')?.includes('json')) {
          return sendAuthProblem(reply, response);
        }
        reply.status(response.status);
        response.headers.forEach((value, key) => {
          if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
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
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const code = (
    body.code ?? (response.status === 429 ? 'rate_limited' : 'auth_error')
  ).toLowerCase();
  const detail = body.message?.trim() || 'Signing in did not work. Please try again.';
  const headers: Record<string, string> = {};
  const retryAfter = response.headers.get('retry-after') ?? response.headers.get('x-retry-after');
  if (retryAfter) headers['retry-after'] = retryAfter;
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  return sendProblem(reply, problem(response.status, code, detail), headers);
}
