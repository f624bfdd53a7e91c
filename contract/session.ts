import type { Role } from './users.ts';

/**
 * The signed-in user. The server builds it from the session cookie for each request and checks
 * access against it (server/http/session.ts); the web app reads it from GET /api/auth/get-session
 * to know who is signed in. Never built from anything else the client sends.
 */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  /** A profile photo's address (a Google account's), or null. */
  image: string | null;
  role: Role;
}
