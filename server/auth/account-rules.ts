import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isGooglePhotoUrl } from '../../contract/auth.ts';
import type { AuthActionName } from '../../contract/auth-actions.ts';
import type { Db } from '../db/client.ts';
import { account } from '../db/schema.ts';
import { AppError, fieldError } from '../errors.ts';
import { isCommonPassword } from './passwords.ts';

/**
 * The store's own rules on account actions, beyond the shape the contract checks: checked before
 * an action is handed to Better Auth (server/plugins/auth.ts).
 */

/** Length and obvious runs are the schema's checks; refusing the most common passwords is ours. */
export function refuseCommonPassword(name: AuthActionName, body: unknown): void {
  const fields = body as Record<string, unknown> | undefined;
  const field =
    name === 'signUp'
      ? 'password'
      : name === 'resetPassword' || name === 'changePassword'
        ? 'newPassword'
        : undefined;
  const newPassword = field ? fields?.[field] : undefined;
  if (field && typeof newPassword === 'string' && isCommonPassword(newPassword)) {
    const message = 'This password is too common and easy to guess. Choose another one.';
    throw new AppError(400, 'password_too_common', message, [{ field, in: 'body', message }]);
  }
}

/** Rules that need more than the request's own shape. */
export async function checkAction(
  name: AuthActionName,
  request: FastifyRequest,
  db: Db,
  app: FastifyInstance,
): Promise<void> {
  const body = request.body as Record<string, unknown> | undefined;
  // Changing the password always ends the other sessions.
  if (name === 'changePassword' && body) body.revokeOtherSessions = true;
  // A Google photo belongs on an account that signs in with Google, nowhere else.
  if (name === 'updateUser' && typeof body?.image === 'string' && isGooglePhotoUrl(body.image)) {
    // Signed out: the account service answers 401 itself.
    const user = await app.loadSessionUser(request);
    if (!user) return;
    const linked = await db
      .select({ id: account.id })
      .from(account)
      .where(and(eq(account.userId, user.id), eq(account.providerId, 'google')))
      .limit(1);
    if (linked.length === 0) {
      throw fieldError('image', 'Only an account signed in with Google can use a Google photo.');
    }
  }
}
