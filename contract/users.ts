import { z } from 'zod';
import {
  anyCase,
  EmailParamsSchema,
  EmailQuerySchema,
  EmailSchema,
  IdSchema,
  multilineText,
  PhoneSchema,
  pageFields,
  plainText,
  route,
  URL_CHARACTER,
} from './common.ts';

export const ROLES = ['Admin', 'User'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const UserDetailsSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  linkedin: z.string().nullable(),
  education: z.string().nullable(),
  /** Company details for orders and invoices, all optional. */
  companyName: z.string().nullable(),
  vatNumber: z.string().nullable(),
  billingAddress: z.string().nullable(),
  /** Photo URL (from Google, or set by the user). */
  image: z.string().nullable(),
  role: RoleSchema,
});
export type UserDetails = z.infer<typeof UserDetailsSchema>;

export const UserSummarySchema = UserDetailsSchema.pick({
  _id: true,
  name: true,
  email: true,
  role: true,
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

/**
 * A person's name on one line; runs of spaces of any kind (a line separator pasted in among them)
 * become one space, so a name is stored as it is shown.
 */
export const NameSchema = plainText(1, 100, { oneSpace: true });

/** A LinkedIn link: https, linkedin.com or a two- or three-letter subdomain of it, and a path. */
const LinkedinSchema = z
  .string()
  .trim()
  .max(300, { error: 'Must be at most 300 characters.' })
  .regex(
    new RegExp(
      `^${anyCase('https://')}(?:[a-zA-Z]{2,3}\\.)?${anyCase('linkedin.com/')}${URL_CHARACTER}+$`,
    ),
    { error: 'Must be a LinkedIn link (https://www.linkedin.com/in/...).' },
  );

/** Sent after sign-in to keep the stored name current (the original API's upsert). */
const UpsertUserBodySchema = z.strictObject({ name: NameSchema, email: EmailSchema });

/** A field that may be left out (kept as it is) or emptied: '' or null clears it. */
export function clearable<T extends z.ZodType<string>>(schema: T) {
  return z.union([z.null(), z.literal('').transform(() => null), schema]).optional();
}

/** A VAT or tax number as printed: letters and digits, spaces, dots and dashes between them. */
export const VatNumberSchema = plainText(4, 32).regex(/^[A-Za-z0-9][A-Za-z0-9 .-]*[A-Za-z0-9]$/, {
  error: 'Must be letters and digits as printed, such as GB123456789.',
});

export const UpdateProfileBodySchema = z.strictObject({
  name: NameSchema.optional(),
  email: EmailSchema,
  phone: PhoneSchema,
  linkedin: LinkedinSchema,
  education: plainText(2, 200),
  companyName: clearable(plainText(2, 200)),
  vatNumber: clearable(VatNumberSchema),
  billingAddress: clearable(multilineText(5, 500, { maxLines: 10 })),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

/**
 * The company details alone, for orders and invoices: saved without the personal profile's
 * LinkedIn and education. A field left out is kept; sent empty or null, it is cleared.
 */
export const UpdateCompanyDetailsBodySchema = z.strictObject({
  email: EmailSchema,
  companyName: clearable(plainText(2, 200)),
  vatNumber: clearable(VatNumberSchema),
  billingAddress: clearable(multilineText(5, 500, { maxLines: 10 })),
});
export type UpdateCompanyDetailsBody = z.infer<typeof UpdateCompanyDetailsBodySchema>;

const SetRoleBodySchema = z.strictObject({ role: RoleSchema });

/** Without a limit, the user list answers at most this many people (oldest account first). */
export const USER_LIST_CAP = 1000;
/** The most people one page holds. */
const USER_PAGE_MAX = 100;

/** The admin's list of people: any part of a name or email, an exact email, a role, a page. */
export const ListUsersQuerySchema = z.strictObject({
  /** Any part of a name or an email, in any case: `ruiz`, `@example.com`. */
  q: plainText(0, 100).optional(),
  /** Exactly this email, in any case: at most one person (finding a customer to name). */
  email: EmailSchema.optional(),
  role: RoleSchema.optional(),
  ...pageFields({ max: USER_PAGE_MAX }),
});
export type ListUsersQuery = z.output<typeof ListUsersQuerySchema>;

const OWN_EMAIL = "The email is not the caller's own.";
const NO_USER = 'No account with this email.';

export const userRoutes = {
  details: route({
    method: 'GET',
    path: '/userdetails/:email',
    access: 'user',
    summary: "Read a person's details",
    description:
      "A person's details with their role and company details: the caller's own (admins may read anyone's).",
    returns: 'The details.',
    tags: ['users'],
    params: EmailParamsSchema,
    response: UserDetailsSchema,
    errors: { 403: "The email is another customer's.", 404: NO_USER },
  }),
  upsert: route({
    method: 'PUT',
    path: '/userdetails/:email',
    access: 'user',
    summary: "Store the customer's name",
    description:
      "The original API's call after sign-in: keeps the stored name current (the caller's own email, in the path and the body).",
    returns: 'The details as stored.',
    tags: ['users'],
    params: EmailParamsSchema,
    body: UpsertUserBodySchema,
    response: UserDetailsSchema,
    errors: { 403: OWN_EMAIL, 404: NO_USER },
  }),
  updateProfile: route({
    method: 'PUT',
    path: '/updatedetails/:email',
    access: 'user',
    summary: "Update the customer's profile",
    description:
      "Updates the caller's own profile: name, phone, LinkedIn, education and company details. A company field left out is kept; sent empty or null, it is cleared.",
    returns: 'The details as stored.',
    tags: ['users'],
    params: EmailParamsSchema,
    body: UpdateProfileBodySchema,
    response: UserDetailsSchema,
    errors: { 403: OWN_EMAIL, 404: NO_USER },
  }),
  updateCompanyDetails: route({
    method: 'PUT',
    path: '/updatedetails/:email/company',
    access: 'user',
    summary: "Update the customer's company details",
    description:
      "Updates the company details of the caller's own profile (company name, VAT number, billing address) on their own, without the personal profile's LinkedIn and education. A field left out is kept; sent empty or null, it is cleared. A member of a company keeps the company's details in the company instead (PATCH /api/companies/mine).",
    returns: 'The details as stored.',
    tags: ['users'],
    params: EmailParamsSchema,
    body: UpdateCompanyDetailsBodySchema,
    response: UserDetailsSchema,
    errors: { 403: OWN_EMAIL, 404: NO_USER },
  }),
  listAll: route({
    method: 'GET',
    path: '/alluser',
    access: 'admin',
    summary: 'List people for admins',
    description: `People and their roles, oldest account first, a page at a time (limit, offset); q finds any part of a name or email, role keeps one role. Without a limit, the first ${USER_LIST_CAP} that match. The total that match is in X-Total-Count.`,
    returns: 'The people that match.',
    tags: ['users'],
    query: ListUsersQuerySchema,
    response: z.array(UserSummarySchema),
    responseHeaders: ['X-Total-Count'],
  }),
  setRole: route({
    method: 'PUT',
    path: '/alluser',
    access: 'admin',
    summary: "Set a person's role",
    description:
      'Makes a person an admin, or takes the role back (never from the last admin). A change is written to the audit log (user.role_changed).',
    returns: 'The person with their role now.',
    tags: ['users'],
    query: EmailQuerySchema,
    body: SetRoleBodySchema,
    response: UserSummarySchema,
    errors: {
      404: NO_USER,
      409: 'last_admin: this is the last admin; make someone else admin first.',
    },
  }),
} as const;
