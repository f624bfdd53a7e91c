import type { SessionUser } from '../../contract/session.ts';
import { forbidden } from '../errors.ts';

// The one SessionUser, the web app's too; server modules take it from here, beside its access rules.
export type { SessionUser };

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

/** Whose something is: a user's id, or the email they act for. */
export type Owner = { id: string } | { email: string };

export function isOwner(user: SessionUser, owner: Owner): boolean {
  return 'id' in owner ? owner.id === user.id : sameEmail(owner.email, user.email);
}

/**
 * The one access rule on objects: the signed-in user is their owner, or an admin where admins may
 * act for anyone (`adminsToo`, the default); anyone else gets 403 with `message`.
 */
export function assertOwnerOrAdmin(
  user: SessionUser,
  owner: Owner,
  message: string,
  { adminsToo = true }: { adminsToo?: boolean } = {},
): void {
  if (isOwner(user, owner)) return;
  if (adminsToo && user.role === 'Admin') return;
  throw forbidden(message);
}
