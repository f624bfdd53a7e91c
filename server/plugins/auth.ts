import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { RoleSchema } from '../../contract/users.ts';
import type { Auth } from '../auth/auth.ts';
import type { SessionUser } from '../http/session.ts';

const SESSION_COOKIE = 'toolyard.session_token';

/**
 * Mounts Better Auth under /api/auth/* and teaches the app to read the session user.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, { auth, publicUrl }: { auth: Auth; publicUrl: string }) => {
    app.decorateRequest('sessionUser', null);

    app.decorate('loadSessionUser', async (request: FastifyRequest): Promise<SessionUser | null> => {
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
    });

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
