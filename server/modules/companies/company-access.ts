import type { MyCompany } from '../../../contract/company-details.ts';
import type { Tx } from '../../db/client.ts';
import { AppError, conflict, forbidden, notFound } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import * as repo from './companies.repo.ts';

/** Who may do what in a company, read in the caller's transaction, and the company as they see it. */

const notInCompany = () => notFound('You are not in a company.');

const lastOwner = (message: string) => new AppError(409, 'last_owner', message);

/**
 * The caller's membership with their company's row locked: every change to a company's members
 * takes this lock first, so two owners demoting each other at once cannot leave it without one.
 */
export async function lockOwnCompany(
  tx: Tx,
  caller: SessionUser,
): Promise<{ company: repo.CompanyRow; member: repo.MemberRow }> {
  const before = await repo.findMember(tx, caller.id);
  if (!before) throw notInCompany();
  const company = await repo.lockCompany(tx, before.companyId);
  // Read again under the lock: a change that committed meanwhile counts.
  const member = await repo.findMember(tx, caller.id);
  if (!company || !member || member.companyId !== company.id) throw notInCompany();
  return { company, member };
}

/** As lockOwnCompany, for owners only. */
export async function lockAsOwner(tx: Tx, caller: SessionUser, toDo: string) {
  const locked = await lockOwnCompany(tx, caller);
  if (locked.member.role !== 'owner') {
    throw forbidden(`Only the company's owners may ${toDo}.`);
  }
  return locked;
}

/** A member of the caller's company (404 for anyone else, whichever company they are in). */
export async function memberOfCompany(
  tx: Tx,
  companyId: string,
  userId: string,
): Promise<repo.MemberRow> {
  const member = await repo.findMember(tx, userId);
  if (!member || member.companyId !== companyId) {
    throw notFound('This person is not a member of your company.');
  }
  return member;
}

/** Refuses to leave the company without an owner when `member`, an owner, stops being one. */
export async function assertNotLastOwner(
  tx: Tx,
  member: repo.MemberRow,
  message: string,
): Promise<void> {
  if (member.role !== 'owner') return;
  if ((await repo.countOwners(tx, member.companyId)) <= 1) throw lastOwner(message);
}

export async function refuseSecondCompany(tx: Tx, caller: SessionUser): Promise<void> {
  const member = await repo.findMember(tx, caller.id);
  if (!member) return;
  const company = await repo.findCompany(tx, member.companyId);
  throw conflict(
    'already_in_company',
    `You already belong to ${company ? `the company “${company.name}”` : 'a company'}: leave it first to join or create another.`,
  );
}

/**
 * The caller's membership, unlocked (a read): 404 when they are in no company, and, with `toDo`,
 * 403 unless they are one of its owners.
 */
export async function readMembership(
  tx: Tx,
  caller: SessionUser,
  ownersOnly?: { toDo: string },
): Promise<repo.MemberRow> {
  const member = await repo.findMember(tx, caller.id);
  if (!member) throw notInCompany();
  if (ownersOnly && member.role !== 'owner') {
    throw forbidden(`Only the company's owners may ${ownersOnly.toDo}.`);
  }
  return member;
}

/** The company as `member` sees it: its details and their own role and limits. */
export function companyView(
  company: repo.CompanyRow,
  member: Pick<repo.MemberRow, 'role' | 'orderLimit' | 'monthlyLimit'>,
): MyCompany {
  return {
    _id: company.id,
    name: company.name,
    vatNumber: company.vatNumber,
    billingAddress: company.billingAddress,
    monthlyLimit: company.monthlyLimit,
    role: member.role,
    orderLimit: member.orderLimit,
    memberMonthlyLimit: member.monthlyLimit,
  };
}
