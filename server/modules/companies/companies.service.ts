import type {
  CompanyMember,
  CompanyMembersQuery,
  CompanySummary,
  CreateCompanyBody,
  ListCompaniesQuery,
  MyCompany,
  UpdateCompanyBody,
  UpdateMemberBody,
} from '../../../contract/company-details.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { SessionUser } from '../../http/session.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './companies.repo.ts';
import {
  assertNotLastOwner,
  companyView,
  lockAsOwner,
  lockOwnCompany,
  memberOfCompany,
  readMembership,
  refuseSecondCompany,
} from './company-access.ts';
import { membershipOf } from './membership.ts';

const companyTarget = (company: repo.CompanyRow) => ({
  type: 'company' as const,
  id: company.id,
  label: company.name,
});

/** Only what was sent: a field left out is kept. */
function sentOnly<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** A company, its details and its members (invitations: invitations.service.ts). */
export function createCompaniesService(db: Db) {
  /** The caller's company after a change, read in the change's transaction. */
  const viewAfter = async (tx: Tx, caller: SessionUser) => {
    const member = await repo.findMember(tx, caller.id);
    const company = member && (await repo.findCompany(tx, member.companyId));
    if (!member || !company) throw new Error('the caller left their company meanwhile');
    return companyView(company, member);
  };

  return {
    async create(caller: SessionUser, body: CreateCompanyBody): Promise<MyCompany> {
      return db.transaction(async (tx) => {
        await refuseSecondCompany(tx, caller);
        const company = await repo.insertCompany(tx, {
          name: body.name,
          vatNumber: body.vatNumber ?? null,
          billingAddress: body.billingAddress ?? null,
        });
        // Two creations at once: the person's primary key lets one through.
        if (
          !(await repo.insertMember(tx, {
            userId: caller.id,
            companyId: company.id,
            role: 'owner',
          }))
        ) {
          await refuseSecondCompany(tx, caller);
        }
        await recordAudit(tx, caller, {
          action: 'company.created',
          target: companyTarget(company),
        });
        return viewAfter(tx, caller);
      });
    },

    /** The caller's company, read fresh; null when they belong to none. */
    async mine(caller: SessionUser): Promise<MyCompany | null> {
      const membership = await membershipOf(db, caller.id);
      if (!membership) return null;
      const member = await repo.findMember(db, caller.id);
      const company = await repo.findCompany(db, membership.companyId);
      if (!member || !company) return null;
      return companyView(company, member);
    },

    /** A page of the caller's company's members, owners first; every member reads them. */
    async members(
      caller: SessionUser,
      query: CompanyMembersQuery,
    ): Promise<{ items: CompanyMember[]; total: number }> {
      const member = await readMembership(db, caller);
      const { q, ...page } = query;
      return repo.listMembers(db, member.companyId, page, q || undefined);
    },

    async update(caller: SessionUser, body: UpdateCompanyBody): Promise<MyCompany> {
      return db.transaction(async (tx) => {
        const { company } = await lockAsOwner(tx, caller, "change the company's details");
        const changes = sentOnly(body);
        await repo.updateCompany(tx, company.id, changes);
        const before = Object.fromEntries(
          Object.keys(changes).map((field) => [field, company[field as keyof typeof changes]]),
        );
        await recordAudit(tx, caller, {
          action: 'company.updated',
          target: companyTarget({ ...company, name: changes.name ?? company.name }),
          details: { before, after: changes },
        });
        return viewAfter(tx, caller);
      });
    },

    async updateMember(
      caller: SessionUser,
      userId: string,
      body: UpdateMemberBody,
    ): Promise<MyCompany> {
      return db.transaction(async (tx) => {
        const { company } = await lockAsOwner(tx, caller, "change members' roles and limits");
        const target = await memberOfCompany(tx, company.id, userId);
        if (body.role && body.role !== 'owner') {
          await assertNotLastOwner(
            tx,
            target,
            target.userId === caller.id
              ? "You are the company's last owner: make someone else owner first."
              : "This is the company's last owner: make someone else owner first.",
          );
        }
        const changes = sentOnly(body);
        await repo.updateMember(tx, userId, changes);
        const email = await repo.emailOf(tx, userId);
        await recordAudit(tx, caller, {
          action: 'company.member_changed',
          target: companyTarget(company),
          details: {
            memberEmail: email,
            before: {
              role: target.role,
              orderLimit: target.orderLimit,
              monthlyLimit: target.monthlyLimit,
            },
            after: changes,
          },
        });
        return viewAfter(tx, caller);
      });
    },

    async removeMember(caller: SessionUser, userId: string): Promise<MyCompany | null> {
      return db.transaction(async (tx) => {
        const { company } = await lockAsOwner(tx, caller, 'remove members');
        const target = await memberOfCompany(tx, company.id, userId);
        await assertNotLastOwner(
          tx,
          target,
          "This is the company's last owner: make someone else owner first.",
        );
        const email = await repo.emailOf(tx, userId);
        await repo.deleteMember(tx, userId);
        await recordAudit(tx, caller, {
          action: 'company.member_removed',
          target: companyTarget(company),
          details: { memberEmail: email, role: target.role },
        });
        // An owner who removed themselves sees no company any more.
        return userId === caller.id ? null : viewAfter(tx, caller);
      });
    },

    async leave(caller: SessionUser): Promise<null> {
      return db.transaction(async (tx) => {
        const { company, member } = await lockOwnCompany(tx, caller);
        await assertNotLastOwner(
          tx,
          member,
          "You are the company's last owner: make someone else owner before you leave.",
        );
        await repo.deleteMember(tx, caller.id);
        await recordAudit(tx, caller, {
          action: 'company.member_left',
          target: companyTarget(company),
          details: { role: member.role },
        });
        return null;
      });
    },

    listAll: (query: ListCompaniesQuery): Promise<{ items: CompanySummary[]; total: number }> =>
      repo.listCompanies(db, query),
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
