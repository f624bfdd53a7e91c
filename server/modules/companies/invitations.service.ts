import { createHash, randomBytes } from 'node:crypto';
import { formatLongDate } from '#contract/dates.ts';
import {
  type CompanyInvitation,
  type CompanyPageQuery,
  INVITATION_LIFETIME_DAYS,
  INVITATIONS_PER_DAY_MAX,
  type InvitationPreview,
  type InviteBody,
  type MyCompany,
  OPEN_INVITATIONS_MAX,
} from '../../../contract/company-details.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, assertEmailVerified, conflict, notFound } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { sameEmail } from '../../http/session.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './companies.repo.ts';
import { companyView, lockAsOwner, readMembership, refuseSecondCompany } from './company-access.ts';
import { invitationEmail } from './invitation-email.ts';

const LIFETIME_MS = INVITATION_LIFETIME_DAYS * 86_400_000;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface InvitationsOptions {
  mailer: Mailer;
  storeName: string;
  publicUrl: string;
  /** Counts one email to `address` against the cap every account email shares; throws 429 when over. */
  limitMail: (address: string) => Promise<void>;
}

/** The invitation behind a link, checked for the caller; sentences for every way it cannot be used. */
async function usableInvitation(tx: Tx, caller: SessionUser, token: string) {
  const invitation = await repo.lockInvitationByHash(tx, hashOf(token));
  if (!invitation) {
    throw new AppError(
      404,
      'invalid_token',
      'This invitation link is not valid. Check that you copied all of it.',
    );
  }
  if (!sameEmail(invitation.email, caller.email)) {
    throw new AppError(
      403,
      'wrong_invitee',
      'This invitation was sent to another email address. Sign in with the address it was sent to.',
    );
  }
  const closed = (why: string) => conflict('invitation_closed', why);
  if (invitation.acceptedAt) throw closed('This invitation was accepted already.');
  if (invitation.revokedAt) {
    throw closed("This invitation was withdrawn. Ask the company's owner for a new one.");
  }
  if (invitation.expiresAt.getTime() <= Date.now()) {
    throw closed(
      `This invitation expired on ${formatLongDate(invitation.expiresAt, 'UTC')}. Ask the company's owner for a new one.`,
    );
  }
  const company = await repo.findCompany(tx, invitation.companyId);
  if (!company) throw closed('The company of this invitation no longer exists.');
  // An invitation holds only while the owner who sent it still owns the company (decision 060).
  const inviter = invitation.invitedBy ? await repo.findMember(tx, invitation.invitedBy) : null;
  if (inviter?.companyId !== company.id || inviter.role !== 'owner') {
    throw closed(
      `Whoever sent this invitation is no longer an owner of ${company.name}, so it no longer holds. Ask one of its owners for a new one.`,
    );
  }
  return { invitation, company };
}

/**
 * Each invitation mails someone in the company's name: a company sends at most
 * INVITATIONS_PER_DAY_MAX in 24 hours and holds at most OPEN_INVITATIONS_MAX open (counted under
 * its lock, so a burst cannot pass them together).
 */
async function assertInvitationsLeft(tx: Tx, companyId: string): Promise<void> {
  const { lastDay, open } = await repo.countInvitations(tx, companyId);
  if (lastDay >= INVITATIONS_PER_DAY_MAX) {
    throw new AppError(
      429,
      'rate_limited',
      `Your company has sent ${INVITATIONS_PER_DAY_MAX} invitations in the last 24 hours, the most it may. Try again tomorrow.`,
    );
  }
  if (open >= OPEN_INVITATIONS_MAX) {
    throw conflict(
      'invitation_limit',
      `Your company has ${OPEN_INVITATIONS_MAX} invitations open, the most it may have at once. Withdraw some that were not taken up first.`,
    );
  }
}

/** Invitations: sent by owners by email, opened and accepted by the person they were sent to. */
export function createInvitationsService(db: Db, options: InvitationsOptions) {
  const { mailer } = options;
  return {
    /** Invites `email`; an open invitation of the same address is replaced (its link stops working). */
    async invite(caller: SessionUser, body: InviteBody): Promise<CompanyInvitation> {
      assertEmailVerified(caller, 'inviting people');
      const { email } = body;
      const invitation = await db.transaction(async (tx) => {
        const { company } = await lockAsOwner(tx, caller, 'invite people');
        if (await repo.isMemberEmail(tx, company.id, email)) {
          throw conflict('already_member', `${email} is a member of your company already.`);
        }
        await assertInvitationsLeft(tx, company.id);
        // Counted only once the invitation may go: a refused one sends no mail.
        await options.limitMail(email);
        await repo.revokeOpenInvitation(tx, company.id, { email });
        const token = randomBytes(32).toString('base64url');
        const expiresAt = new Date(Date.now() + LIFETIME_MS);
        const row = await repo.insertInvitation(tx, {
          companyId: company.id,
          email,
          role: body.role,
          tokenHash: hashOf(token),
          invitedBy: caller.id,
          expiresAt,
        });
        const url = `${options.publicUrl}/join-company?token=${token}`;
        await mailer.enqueue(
          {
            to: email,
            kind: 'company_invitation',
            ...invitationEmail(options.storeName, {
              companyName: company.name,
              inviterEmail: caller.email,
              role: body.role,
              url,
              expiresAt,
            }),
          },
          tx,
        );
        await recordAudit(tx, caller, {
          action: 'company.invited',
          target: { type: 'company', id: company.id, label: company.name },
          details: { email, role: body.role },
        });
        return row;
      });
      mailer.nudge();
      return {
        _id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        invitedBy: caller.name,
        createdAt: invitation.createdAt.toISOString(),
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },

    /** A page of the company's open invitations, newest first, for its owners. */
    async list(
      caller: SessionUser,
      page: CompanyPageQuery,
    ): Promise<{ items: CompanyInvitation[]; total: number }> {
      const member = await readMembership(db, caller, { toDo: 'see its invitations' });
      return repo.listOpenInvitations(db, member.companyId, page);
    },

    async revoke(caller: SessionUser, id: string): Promise<MyCompany> {
      return db.transaction(async (tx) => {
        const { company, member } = await lockAsOwner(tx, caller, 'withdraw invitations');
        const revoked = await repo.revokeOpenInvitation(tx, company.id, { id });
        if (!revoked) throw notFound('Your company has no open invitation with this id.');
        await recordAudit(tx, caller, {
          action: 'company.invitation_revoked',
          target: { type: 'company', id: company.id, label: company.name },
          details: { email: revoked.email, role: revoked.role },
        });
        return companyView(company, member);
      });
    },

    /** What the link offers, for the person it was sent to; changes nothing. */
    async open(caller: SessionUser, token: string): Promise<InvitationPreview> {
      return db.transaction(async (tx) => {
        const { invitation, company } = await usableInvitation(tx, caller, token);
        const current = await repo.findMember(tx, caller.id);
        const currentCompany = current && (await repo.findCompany(tx, current.companyId));
        return {
          companyName: company.name,
          role: invitation.role,
          invitedBy: await repo.nameOf(tx, invitation.invitedBy),
          expiresAt: invitation.expiresAt.toISOString(),
          currentCompany: currentCompany ? currentCompany.name : null,
        };
      });
    },

    async accept(caller: SessionUser, token: string): Promise<MyCompany> {
      return db.transaction(async (tx) => {
        // The company's lock first, as every change to its members takes it: an inviter removed
        // or demoted meanwhile is seen, and one removed after waits for this joining.
        const unlocked = await repo.findInvitationByHash(tx, hashOf(token));
        if (unlocked) await repo.lockCompany(tx, unlocked.companyId);
        const { invitation, company } = await usableInvitation(tx, caller, token);
        assertEmailVerified(caller, 'joining a company');
        await refuseSecondCompany(tx, caller);
        const role = invitation.role;
        if (!(await repo.insertMember(tx, { userId: caller.id, companyId: company.id, role }))) {
          await refuseSecondCompany(tx, caller);
        }
        await repo.markAccepted(tx, invitation.id, caller.id);
        await recordAudit(tx, caller, {
          action: 'company.member_joined',
          target: { type: 'company', id: company.id, label: company.name },
          details: { role, email: invitation.email },
        });
        return companyView(company, { role, orderLimit: null, monthlyLimit: null });
      });
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
