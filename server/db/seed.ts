import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Role } from '../../contract/users.ts';
import type { Db } from './client.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import {
  account,
  appMeta,
  categories,
  categoryAttributes,
  reviews,
  tools,
  user,
} from './schema.ts';
import { seedCategories, seedReviews, seedTools } from './seed-data.ts';
import { seedAttributes, seedSpecs } from './seed-specs.ts';

const SEED_MARKER = 'demo_seeded_at';
const SEED_LOCK_ID = 4_171_002;

/**
 * Seeds the demo catalogue, reviews and accounts once per database (a marker row remembers it,
 * so deleting every tool later does not bring them back). Safe to run from several instances.
 * Without `withAccounts` (a production store) no account gets a password: the README publishes
 * the demo ones, and anyone could sign in with them.
 */
export async function seedDemo(
  db: Db,
  log: Logger,
  { withAccounts }: { withAccounts: boolean },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [marker] = await tx.select().from(appMeta).where(eq(appMeta.key, SEED_MARKER));
    if (marker) return false;

    const now = Date.now();
    const addUser = async (entry: {
      name: string;
      email: string;
      role: Role;
      password?: string;
    }) => {
      const id = randomUUID();
      const [existing] = await tx
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, entry.email));
      if (existing) return existing.id;
      await tx.insert(user).values({
        id,
        name: entry.name,
        email: entry.email,
        emailVerified: true,
        role: entry.role,
      });
      if (entry.password) {
        await tx.insert(account).values({
          id: randomUUID(),
          accountId: id,
          providerId: 'credential',
          userId: id,
          password: await hashPassword(entry.password),
        });
      }
      return id;
    };

    if (withAccounts) {
      await addUser(DEMO_ACCOUNTS.admin);
      await addUser(DEMO_ACCOUNTS.customer);
    }

    // Parents first: each child finds its parent's id.
    const categoryIds = new Map<string, string>();
    for (const [position, category] of seedCategories.entries()) {
      const [row] = await tx
        .insert(categories)
        .values({
          slug: category.slug,
          name: category.name,
          description: category.description,
          parentId: category.parent ? categoryIds.get(category.parent) : null,
          position,
        })
        .returning({ id: categories.id });
      if (row) categoryIds.set(category.slug, row.id);
    }
    for (const [slug, attributes] of Object.entries(seedAttributes)) {
      const categoryId = categoryIds.get(slug);
      if (!categoryId) continue;
      await tx
        .insert(categoryAttributes)
        .values(attributes.map((attribute, position) => ({ ...attribute, categoryId, position })));
    }

    // Oldest first, a minute apart, so "newest" is stable.
    await tx.insert(tools).values(
      seedTools.map((tool, index) => ({
        sku: tool.slug.toUpperCase().slice(0, 40),
        brand: 'Toolyard',
        categoryId: categoryIds.get(tool.category) ?? null,
        specs: seedSpecs[tool.slug] ?? {},
        name: tool.name,
        img: `/images/tools/${tool.slug}.svg`,
        description: tool.description,
        quantity: tool.quantity,
        minimumOrder: tool.minimumOrder,
        orderIncrement: tool.orderIncrement ?? 1,
        maxPerOrder: tool.maxPerOrder ?? null,
        price: tool.priceCents,
        priceTiers: (tool.priceTiers ?? []).map(({ minQuantity, priceCents }) => ({
          minQuantity,
          price: priceCents,
        })),
        createdAt: new Date(now - (seedTools.length - index) * 60_000 - 86_400_000),
      })),
    );

    for (const [index, entry] of seedReviews.entries()) {
      const userId = await addUser({ name: entry.userName, email: entry.email, role: 'User' });
      await tx.insert(reviews).values({
        userId,
        userName: entry.userName,
        rating: entry.rating,
        review: entry.review,
        createdAt: new Date(now - (seedReviews.length - index) * 3_600_000),
      });
    }

    await tx.insert(appMeta).values({ key: SEED_MARKER, value: new Date(now).toISOString() });
    log.info(
      { tools: seedTools.length, reviews: seedReviews.length },
      withAccounts
        ? 'seeded the demo catalogue, reviews and accounts'
        : 'seeded the demo catalogue and reviews, and no demo accounts (production): make admins with ADMIN_EMAILS or npm run admin -- grant',
    );
    return true;
  });
}
