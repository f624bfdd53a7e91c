import type { Role, UpdateProfileBody, UserDetails, UserSummary } from '../../../contract/users.ts';
import type { Db } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { type SessionUser, sameEmail } from '../../http/session.ts';
import * as repo from './users.repo.ts';

function assertOwnEmail(user: SessionUser, email: string, allowAdmin: boolean): void {
  if (sameEmail(user.email, email)) return;
  if (allowAdmin && user.role === 'Admin') return;
  throw forbidden('You can only see and change your own account.');
}

const userNotFound = () => notFound('There is no user with this email.');

export function createUsersService(db: Db) {
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
      return repo.toUserDetails(row);
    },

    async listAll(): Promise<UserSummary[]> {
      return (await repo.listUsers(db)).map(repo.toUserSummary);
    },

    /** Grants or takes back the admin role; the last admin always stays. */
    async setRole(email: string, role: Role): Promise<UserSummary> {
      return db.transaction(async (tx) => {
        const admins = await repo.lockAdmins(tx);
        const target = await repo.findUserByEmail(tx, email);
        if (!target) throw userNotFound();
        if (role === 'User' && target.role === 'Admin' && admins.length <= 1) {
          throw conflict('last_admin', 'This is the last admin; make someone else admin first.');
        }
        const row = await repo.updateUser(tx, target.id, { role });
        if (!row) throw userNotFound();
        return repo.toUserSummary(row);
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
