import { z } from 'zod';
import {
  IdSchema,
  MoneySchema,
  multilineText,
  pageFields,
  plainText,
  TimestampSchema,
  TypedEmailSchema,
} from './common.ts';
import { COMPANY_ROLES } from './companies.ts';
import { clearable, VatNumberSchema } from './users.ts';

/** A company, its members and invitations: what people send and read (company-routes.ts). */

const CompanyRoleSchema = z.enum(COMPANY_ROLES);
export type CompanyRole = z.infer<typeof CompanyRoleSchema>;

/** How long an invitation link works. */
export const INVITATION_LIFETIME_DAYS = 14;
/** Invitations one company may send in 24 hours, and hold open at once (each sends an email). */
export const INVITATIONS_PER_DAY_MAX = 50;
export const OPEN_INVITATIONS_MAX = 100;

/** A limit in minor units, or null: none. */
/** At most 10,000,000.00 (the columns hold 32-bit integers), said as an amount, not in cents. */
const LimitSchema = MoneySchema.max(1_000_000_000, { error: 'Must be at most 10,000,000.00.' });

const companyFields = {
  name: plainText(2, 200),
  vatNumber: clearable(VatNumberSchema),
  billingAddress: clearable(multilineText(5, 500, { maxLines: 10 })),
};

export const CreateCompanyBodySchema = z.strictObject(companyFields);
export type CreateCompanyBody = z.output<typeof CreateCompanyBodySchema>;

/** Fields left out are kept; vatNumber, billingAddress and monthlyLimit sent null are cleared. */
export const UpdateCompanyBodySchema = z.strictObject({
  ...companyFields,
  name: companyFields.name.optional(),
  monthlyLimit: LimitSchema.nullable().optional(),
});
export type UpdateCompanyBody = z.output<typeof UpdateCompanyBodySchema>;

const CompanyMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: CompanyRoleSchema,
  orderLimit: MoneySchema.nullable(),
  monthlyLimit: MoneySchema.nullable(),
  joinedAt: TimestampSchema,
});
export type CompanyMember = z.infer<typeof CompanyMemberSchema>;

export const CompanyInvitationSchema = z.object({
  _id: IdSchema,
  email: z.string(),
  role: CompanyRoleSchema,
  /** Who sent it (null once their account is gone). */
  invitedBy: z.string().nullable(),
  createdAt: TimestampSchema,
  expiresAt: TimestampSchema,
});
export type CompanyInvitation = z.infer<typeof CompanyInvitationSchema>;

/**
 * The caller's company as they see it. Its members and (for owners) its open invitations are lists
 * of their own, a page at a time (company-routes.ts: members, invitations).
 */
export const MyCompanySchema = z.object({
  _id: IdSchema,
  name: z.string(),
  vatNumber: z.string().nullable(),
  billingAddress: z.string().nullable(),
  /** The whole company's budget per calendar month (minor units), or null: none. */
  monthlyLimit: MoneySchema.nullable(),
  /** The caller's own role and limits. */
  role: CompanyRoleSchema,
  orderLimit: MoneySchema.nullable(),
  memberMonthlyLimit: MoneySchema.nullable(),
});
export type MyCompany = z.infer<typeof MyCompanySchema>;

/** The most rows one page of a company list (members, invitations, companies) holds. */
const COMPANY_PAGE_MAX = 100;
const COMPANY_PAGE = 20;

const companyPage = pageFields({ max: COMPANY_PAGE_MAX, fallback: COMPANY_PAGE });

/** A page of the company's members or of its open invitations. */
export const CompanyPageQuerySchema = z.strictObject(companyPage);
export type CompanyPageQuery = z.output<typeof CompanyPageQuerySchema>;

/** A page of the company's members: all, or those with `q` in their name or email. */
export const CompanyMembersQuerySchema = z.strictObject({
  /** Any part of a member's name or email, in any case. */
  q: plainText(0, 100).optional(),
  ...companyPage,
});
export type CompanyMembersQuery = z.output<typeof CompanyMembersQuerySchema>;

/** The members' list: owners first, then by name. */
export const CompanyMembersSchema = z.array(CompanyMemberSchema);
/** The open invitations' list: newest first. */
export const CompanyInvitationsSchema = z.array(CompanyInvitationSchema);

/** The admins' list of companies: those whose name contains `q` (any case), a page at a time. */
export const ListCompaniesQuerySchema = z.strictObject({
  q: plainText(0, 100).optional(),
  ...companyPage,
});
export type ListCompaniesQuery = z.output<typeof ListCompaniesQuerySchema>;

/** Whom to invite: their email as typed (trimmed, any case), and the role they join with. */
export const InviteBodySchema = z.strictObject({
  email: TypedEmailSchema,
  role: CompanyRoleSchema,
});
export type InviteBody = z.output<typeof InviteBodySchema>;

/** A member's role and limits; fields left out are kept, limits sent null are cleared. */
export const UpdateMemberBodySchema = z.strictObject({
  role: CompanyRoleSchema.optional(),
  orderLimit: LimitSchema.nullable().optional(),
  monthlyLimit: LimitSchema.nullable().optional(),
});
export type UpdateMemberBody = z.output<typeof UpdateMemberBodySchema>;

export const MemberParamsSchema = z.strictObject({ userId: IdSchema });

/** The token of an invitation link, as the link carries it. */
export const InvitationTokenBodySchema = z.strictObject({
  token: z
    .string()
    .min(20, { error: 'This invitation link is not complete.' })
    .max(200, { error: 'This invitation link is not valid.' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'This invitation link is not valid.' }),
});

/** What the invitee sees before accepting. */
export const InvitationPreviewSchema = z.object({
  companyName: z.string(),
  role: CompanyRoleSchema,
  /** Who invited them (their name), when their account still exists. */
  invitedBy: z.string().nullable(),
  expiresAt: TimestampSchema,
  /** The company the caller belongs to already (they must leave it to accept), or null. */
  currentCompany: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

/** A company as admins list it (the order list's filter). */
export const CompanySummarySchema = z.object({
  _id: IdSchema,
  name: z.string(),
  memberCount: z.int().min(0),
});
export type CompanySummary = z.infer<typeof CompanySummarySchema>;
