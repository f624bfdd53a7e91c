import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { COMPANY_ROLES } from '../../../contract/companies.ts';
import { user } from './accounts.ts';
import { tools } from './catalogue.ts';
import { timestamps } from './columns.ts';

/** Companies, their members and invitations, address books and saved lists (migration 0038). */

const roleCheck = (column: unknown) =>
  sql`${column} in (${sql.raw(COMPANY_ROLES.map((role) => `'${role}'`).join(', '))})`;

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    vatNumber: text('vat_number'),
    /**
     * The VAT number an admin verified with the tax office, and when (decision 064): only while the
     * company's `vat_number` is this one do its orders get the reverse charge.
     */
    verifiedVatNumber: text('verified_vat_number'),
    vatVerifiedAt: timestamp('vat_verified_at', { withTimezone: true }),
    billingAddress: text('billing_address'),
    /**
     * What the whole company may spend in a calendar month (minor units), orders not cancelled or
     * rejected counted; null: no budget. Above it an order waits for approval.
     */
    monthlyLimit: integer('monthly_limit'),
    ...timestamps,
  },
  (t) => [check('companies_monthly_limit_check', sql`${t.monthlyLimit} >= 0`)],
);

/** Who belongs to a company, with which role and limits. A person belongs to at most one. */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role', { enum: COMPANY_ROLES }).notNull(),
    /**
     * A buyer's limits in minor units: per order, and per calendar month (their own orders not
     * cancelled or rejected). Null: none. An order above either waits for approval.
     */
    orderLimit: integer('order_limit'),
    monthlyLimit: integer('monthly_limit'),
    ...timestamps,
  },
  (t) => [
    index('company_members_company_idx').on(t.companyId, t.role),
    check('company_members_role_check', roleCheck(t.role)),
    check('company_members_order_limit_check', sql`${t.orderLimit} >= 0`),
    check('company_members_monthly_limit_check', sql`${t.monthlyLimit} >= 0`),
  ],
);

/**
 * An invitation to join a company, mailed as a link with a random token; only the token's SHA-256
 * is kept. Open until accepted, revoked or expired; one open invitation per address and company.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: text('role', { enum: COMPANY_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_invitations_open_idx')
      .on(t.companyId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('company_invitations_email_idx').on(t.email),
    check('company_invitations_role_check', roleCheck(t.role)),
  ],
);

/**
 * A delivery address in an address book: a company's (shared by its members) or, for a person
 * without a company, their own. One default per book.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    /** What people call it: "Main yard", "Site 14, Harbour Road". */
    label: text('label').notNull(),
    recipient: text('recipient').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    postcode: text('postcode').notNull(),
    city: text('city').notNull(),
    /** ISO 3166-1 alpha-2, upper case. */
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('addresses_one_book_check', sql`(${t.companyId} is null) <> (${t.userId} is null)`),
    index('addresses_company_idx').on(t.companyId).where(sql`${t.companyId} is not null`),
    index('addresses_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
    uniqueIndex('addresses_company_default_idx')
      .on(t.companyId)
      .where(sql`${t.companyId} is not null and ${t.isDefault}`),
    uniqueIndex('addresses_user_default_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null and ${t.isDefault}`),
  ],
);

/**
 * A named list of tools and quantities (a site kit, a monthly restock): its maker's own, or shared
 * with the company they were in when they shared it (`companyId`).
 */
export const savedLists = pgTable(
  'saved_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [
    index('saved_lists_user_idx').on(t.userId, t.updatedAt),
    index('saved_lists_company_idx')
      .on(t.companyId, t.updatedAt)
      .where(sql`${t.companyId} is not null`),
  ],
);

export const savedListLines = pgTable(
  'saved_list_lines',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => savedLists.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** 1, 2, … in the order the lines were added. */
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.toolId] }),
    index('saved_list_lines_tool_idx').on(t.toolId),
    check('saved_list_lines_quantity_check', sql`${t.quantity} >= 1`),
  ],
);
