import type { SessionUser } from '../http/session.ts';

/** A signed-up user as a request's session names them, for calling services directly. */
export const asSessionUser = (
  user: { id: string; name: string; email: string },
  role: SessionUser['role'] = 'User',
): SessionUser => ({ ...user, emailVerified: true, image: null, role });
