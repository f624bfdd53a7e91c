import type { Role } from '../../contract/users.ts';

/** The signed-in user as the server knows them; never built from anything the client sends. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the route's access check; null on public routes. */
    sessionUser: SessionUser | null;
  }
  interface FastifyInstance {
    /** Reads the session cookie and returns its user, or null (no cookie, expired, signed out). */
    loadSessionUser(request: FastifyRequest): Promise<SessionUser | null>;
  }
}

/** Emails compare case-insensitively: `Ana@Example.com` is `ana@example.com`. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
