import {
  type ListUsersQuery,
  type Role,
  type UpdateCompanyDetailsBody,
  type UpdateProfileBody,
  USER_LIST_CAP,
  type UserDetails,
  type UserSummary,
} from '../../../contract/users.ts';
import type { Db } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { assertOwnerOrAdmin, type SessionUser, sameEmail } from '../../http/session.ts';
import { type AuditActor, recordAudit } from '../audit/index.ts';
import * as repo from './users.repo.ts';

/** A customer sees and changes their own account; admins may see anyone's (`allowAdmin`). */
const assertOwnEmail = (user: SessionUser, email: string, allowAdmin: boolean) =>
  assertOwnerOrAdmin(user, { email }, 'You can only see and change your own account.', {
    adminsToo: allowAdmin,
  });

const userNotFound = () => notFound('There is no user with this email.');

export interface UsersOptions {
  /**
   * Runs after a change to a user's name or role commits: this instance's session checks forget
   * them at once (the others hear it from the database).
   */
  onUserChanged?: (userId: string) => void;
}

export function createUsersService(db: Db, options: UsersOptions = {}) {
  const changed = (userId: string) => options.onUserChanged?.(userId);
  return {
    async details(caller: SessionUser, email: string): Promise<UserDetails> {
      assertOwnEmail(caller, email, true);
      const row = await repo.findUserByEmail(db, email);
      if (!row) throw userNotFound();
      return repo.toUserDetails(row);
    },

    /** The original API's upsert after sign-in: keeps the stored name current. */
    async upsert(
      caller: SessionUser,
      email: string,
      body: { name: string; email: string },
    ): Promise<UserDetails> {
      assertOwnEmail(caller, email, false);
      if (!sameEmail(body.email, email)) throw forbidden('The email in the body must be your own.');
      const row = await repo.updateUser(db, caller.id, { name: body.name });
      if (!row) throw userNotFound();
      changed(row.id);
      return repo.toUserDetails(row);
    },

    async updateProfile(
      caller: SessionUser,
      email: string,
      body: UpdateProfileBody,
    ): Promise<UserDetails> {
      assertOwnEmail(caller, email, false);
      if (!sameEmail(body.email, email)) throw forbidden('The email in the body must be your own.');
      const row = await repo.updateUser(db, caller.id, {
        ...(body.name ? { name: body.name } : {}),
        phone: body.phone,
        linkedin: body.linkedin,
        education: body.education,
        // Left out: kept as it is; sent empty: cleared.
        ...(body.companyName !== undefined ? { companyName: body.companyName } : {}),
        ...(body.vatNumber !== undefined ? { vatNumber: body.vatNumber } : {}),
        ...(body.billingAddress !== undefined ? { billingAddress: body.billingAddress } : {}),
      });
      if (!row) throw userNotFound();
      changed(row.id);
      return repo.toUserDetails(row);
    },

    /** The company details alone (the personal fields are not needed for them). */
    async updateCompanyDetails(
      caller: SessionUser,
      email: string,
      body: UpdateCompanyDetailsBody,
    ): Promise<UserDetails> {
      assertOwnEmail(caller, email, false);
      if (!sameEmail(body.email, email)) throw forbidden('The email in the body must be your own.');
      const row = await repo.updateUser(db, caller.id, {
        ...(body.companyName !== undefined ? { companyName: body.companyName } : {}),
        ...(body.vatNumber !== undefined ? { vatNumber: body.vatNumber } : {}),
        ...(body.billingAddress !== undefined ? { billingAddress: body.billingAddress } : {}),
      });
      if (!row) throw userNotFound();
      changed(row.id);
      return repo.toUserDetails(row);
    },

    /**
     * People for admins: a page of those that match (up to USER_LIST_CAP without a limit, as the
     * original API listed everyone) and how many match in all.
     */
    async listAll(
      query: Partial<ListUsersQuery> = {},
    ): Promise<{ users: UserSummary[]; total: number }> {
      const { rows, total } = await repo.listUsers(
        db,
        { q: query.q || undefined, email: query.email, role: query.role },
        { limit: query.limit ?? USER_LIST_CAP, offset: query.offset ?? 0 },
      );
      return { users: rows.map(repo.toUserSummary), total };
    },

    /**
     * Grants or takes back the admin role; the last admin always stays. A change is written to
     * the audit log in the same transaction, naming `actor`.
     */
    async setRole(actor: AuditActor, email: string, role: Role): Promise<UserSummary> {
      const summary = await db.transaction(async (tx) => {
        const admins = await repo.lockAdmins(tx);
        const target = await repo.findUserByEmail(tx, email);
        if (!target) throw userNotFound();
        if (role === 'User' && target.role === 'Admin' && admins.length <= 1) {
          throw conflict('last_admin', 'This is the last admin; make someone else admin first.');
        }
        if (target.role === role) return repo.toUserSummary(target);
        const row = await repo.updateUser(tx, target.id, { role });
        if (!row) throw userNotFound();
        await recordAudit(tx, actor, {
          action: 'user.role_changed',
          target: { type: 'user', id: row.id, label: row.email },
          details: { from: target.role, to: role, name: row.name },
        });
        return repo.toUserSummary(row);
      });
      changed(summary._id);
      return summary;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
