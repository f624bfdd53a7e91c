import { z } from 'zod';
import { IdParamsSchema, route } from './common.ts';
import {
  CompanyInvitationSchema,
  CompanySummarySchema,
  CreateCompanyBodySchema,
  INVITATION_LIFETIME_DAYS,
  INVITATIONS_PER_DAY_MAX,
  InvitationPreviewSchema,
  InvitationTokenBodySchema,
  InviteBodySchema,
  MemberParamsSchema,
  MyCompanySchema,
  OPEN_INVITATIONS_MAX,
  UpdateCompanyBodySchema,
  UpdateMemberBodySchema,
} from './company-details.ts';
import { ListCompanyOrdersQuerySchema } from './company-orders.ts';
import { OrderSchema } from './orders.ts';

const NOT_A_MEMBER = 'You are not in a company.';
const OWNERS_ONLY = "Only the company's owners may do this.";
const LAST_OWNER = 'last_owner: the company needs an owner; make someone else owner first.';
const READ_FRESH =
  'Membership is read from the database on every request: a change holds at once everywhere.';

export const companyRoutes = {
  create: route({
    method: 'POST',
    path: '/companies',
    access: 'user',
    summary: 'Create a company',
    description: `Makes a company (name, VAT number, billing address) with the caller as its owner. A person belongs to at most one company. Written to the audit log (company.created).`,
    returns: 'The company as its owner sees it.',
    tags: ['companies'],
    body: CreateCompanyBodySchema,
    response: MyCompanySchema,
    status: 201,
    errors: { 409: 'already_in_company: the caller already belongs to a company.' },
  }),
  mine: route({
    method: 'GET',
    path: '/companies/mine',
    access: 'user',
    summary: "Read the caller's company",
    description: `The caller's company: its details, the caller's role and limits, every member with their role and limits, and (for owners) the open invitations. Null when the caller belongs to none. ${READ_FRESH}`,
    returns: 'The company, or null.',
    tags: ['companies'],
    response: MyCompanySchema.nullable(),
  }),
  update: route({
    method: 'PATCH',
    path: '/companies/mine',
    access: 'user',
    summary: "Change the company's details",
    description:
      "An owner changes the company's name, VAT number, billing address and monthly budget (minor units, null for none). Fields left out are kept. Written to the audit log (company.updated).",
    returns: 'The company as its owner sees it.',
    tags: ['companies'],
    body: UpdateCompanyBodySchema,
    response: MyCompanySchema,
    errors: { 403: OWNERS_ONLY, 404: NOT_A_MEMBER },
  }),
  invite: route({
    method: 'POST',
    path: '/companies/mine/invitations',
    access: 'user',
    summary: 'Invite someone to the company',
    description: `An owner invites an email address with a role: the address is mailed a link that works for ${INVITATION_LIFETIME_DAYS} days (only its SHA-256 is stored). Inviting an address again replaces its open invitation. Mail to one address is capped (RATE_LIMIT_MAIL_PER_EMAIL), and so are the owner's writes. Written to the audit log (company.invited).`,
    returns: 'The open invitation.',
    tags: ['companies'],
    body: InviteBodySchema,
    response: CompanyInvitationSchema,
    status: 201,
    errors: {
      403: `${OWNERS_ONLY} Or the owner's email is not confirmed yet (email_not_verified).`,
      404: NOT_A_MEMBER,
      409: `already_member: the address belongs to a member of this company; invitation_limit: the company has ${OPEN_INVITATIONS_MAX} invitations open.`,
      429: `rate_limited: the address was mailed too often lately, or the company sent ${INVITATIONS_PER_DAY_MAX} invitations in the last 24 hours.`,
    },
  }),
  revokeInvitation: route({
    method: 'DELETE',
    path: '/companies/mine/invitations/:id',
    access: 'user',
    summary: 'Revoke an invitation',
    description:
      'An owner revokes an open invitation of their company: its link stops working. Written to the audit log (company.invitation_revoked).',
    returns: 'The company as its owner sees it.',
    tags: ['companies'],
    params: IdParamsSchema,
    response: MyCompanySchema,
    errors: { 403: OWNERS_ONLY, 404: `${NOT_A_MEMBER} Or no open invitation has this id.` },
  }),
  updateMember: route({
    method: 'PATCH',
    path: '/companies/mine/members/:userId',
    access: 'user',
    summary: "Change a member's role or limits",
    description: `An owner changes a member's role and limits per order and per calendar month (minor units, null for none). Fields left out are kept. ${READ_FRESH} Written to the audit log (company.member_changed).`,
    returns: 'The company as its owner sees it.',
    tags: ['companies'],
    params: MemberParamsSchema,
    body: UpdateMemberBodySchema,
    response: MyCompanySchema,
    errors: {
      403: OWNERS_ONLY,
      404: `${NOT_A_MEMBER} Or the person is not a member of it.`,
      409: LAST_OWNER,
    },
  }),
  removeMember: route({
    method: 'DELETE',
    path: '/companies/mine/members/:userId',
    access: 'user',
    summary: 'Remove a member',
    description: `An owner removes a member from the company; their orders stay the company's. ${READ_FRESH} Written to the audit log (company.member_removed).`,
    returns: 'The company as its owner sees it; null when the owner removed themselves.',
    tags: ['companies'],
    params: MemberParamsSchema,
    response: MyCompanySchema.nullable(),
    errors: {
      403: OWNERS_ONLY,
      404: `${NOT_A_MEMBER} Or the person is not a member of it.`,
      409: LAST_OWNER,
    },
  }),
  leave: route({
    method: 'POST',
    path: '/companies/mine/leave',
    access: 'user',
    summary: 'Leave the company',
    description:
      "The caller leaves their company and buys on their own again; the orders they placed stay the company's. Written to the audit log (company.member_left).",
    returns: 'Null: the caller belongs to no company now.',
    tags: ['companies'],
    response: z.null(),
    errors: { 404: NOT_A_MEMBER, 409: LAST_OWNER },
  }),
  orders: route({
    method: 'GET',
    path: '/companies/mine/orders',
    access: 'user',
    summary: "List the company's orders",
    description:
      "The company's orders, newest first, a page at a time (limit, offset), by buyer (a member's account id) and status; each names who placed it. Owners, approvers and viewers see every order of the company; buyers see their own. The total that match is in X-Total-Count.",
    returns: "The company's orders that match.",
    tags: ['companies'],
    query: ListCompanyOrdersQuerySchema,
    response: z.array(OrderSchema),
    responseHeaders: ['X-Total-Count'],
    errors: { 404: NOT_A_MEMBER },
  }),
  openInvitation: route({
    method: 'POST',
    path: '/company-invitations/open',
    access: 'user',
    summary: 'Read an invitation',
    description:
      'What an invitation link offers (the company and the role), for the signed-in person it was sent to. The token travels in the body, never in a URL. Changes nothing.',
    returns: 'The company and role the invitation offers.',
    tags: ['companies'],
    body: InvitationTokenBodySchema,
    response: InvitationPreviewSchema,
    errors: {
      403: 'wrong_invitee: the invitation was sent to another email address.',
      404: 'invalid_token: no invitation has this link.',
      409: 'invitation_closed: the invitation expired, was revoked or was used already.',
    },
  }),
  acceptInvitation: route({
    method: 'POST',
    path: '/company-invitations/accept',
    access: 'user',
    summary: 'Accept an invitation',
    description:
      'The signed-in person the invitation was sent to joins the company with its role; the link is used up. Written to the audit log (company.member_joined).',
    returns: 'The company as the new member sees it.',
    tags: ['companies'],
    body: InvitationTokenBodySchema,
    response: MyCompanySchema,
    errors: {
      403: 'wrong_invitee: the invitation was sent to another email address.',
      404: 'invalid_token: no invitation has this link.',
      409: 'invitation_closed: the invitation expired, was revoked or was used already. already_in_company: the caller belongs to a company already.',
    },
  }),
  listAll: route({
    method: 'GET',
    path: '/companies',
    access: 'admin',
    summary: 'List companies for admins',
    description:
      'Every company by name with how many members it has, for the order list’s filter by company.',
    returns: 'The companies, by name.',
    tags: ['companies'],
    response: z.array(CompanySummarySchema),
  }),
} as const;
