import { formatLongDate } from '#contract/dates.ts';
import type { CompanyRole } from '../../../contract/company-details.ts';
import { type MailContent, renderMail } from '../../mail/templates.ts';

/** What each role may do, in the invitation's words. */
const ROLE_WORDS: Record<CompanyRole, string> = {
  owner: 'an owner (everything: details, members, limits, approvals and all orders)',
  buyer: 'a buyer (you place orders within the limits the owner sets)',
  approver: "an approver (you approve or reject others' orders above their limits)",
  viewer: "a viewer (you see the company's orders and invoices)",
};

/**
 * The invitation, mailed to an address its owner has not confirmed to us: the company's name and
 * the inviter are text someone chose, so they are quoted and the inviter is named by the email
 * address they confirmed.
 */
export function invitationEmail(
  storeName: string,
  invitation: {
    companyName: string;
    inviterEmail: string;
    role: CompanyRole;
    url: string;
    expiresAt: Date;
  },
): MailContent {
  return renderMail({
    storeName,
    subject: `You are invited to join a company on ${storeName}`,
    greeting: 'Hello,',
    paragraphs: [
      `${invitation.inviterEmail} invited this email address to join the company “${invitation.companyName}” on ${storeName} as ${ROLE_WORDS[invitation.role]}.`,
      'Follow the link, sign in (or create an account with this email address), and accept the invitation.',
    ],
    action: { label: 'See the invitation', url: invitation.url },
    footnote: `The link works until ${formatLongDate(invitation.expiresAt, 'UTC')}. If you do not know this company, ignore this email: nothing happens unless you accept.`,
  });
}
