import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Role } from '../../contract/users.ts';
import type { Db, Tx } from './client.ts';
import { seedAttributes, seedCategories } from './demo/categories.ts';
import { seedDemoCompany } from './demo/company.ts';
import { DEMO_ORDERS_DUE } from './demo/orders.ts';
import { seedRelations } from './demo/relations.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import {
  account,
  appMeta,
  categories,
  categoryAttributes,
  reviews,
  toolRelations,
  tools,
  user,
} from './schema.ts';
import { seedReviews, seedTools } from './seed-data.ts';

const SEED_MARKER = 'demo_seeded_at';
const SEED_LOCK_ID = 4_171_002;

/**
 * The demo tree in one statement a level (parents first: each child finds its parent's id);
 * answers each category's id by its slug.
 */
async function insertCategories(tx: Tx): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  let level = seedCategories.filter((category) => !category.parent);
  while (level.length > 0) {
    const rows = await tx
      .insert(categories)
      .values(
        level.map((category) => ({
          slug: category.slug,
          name: category.name,
          description: category.description,
          parentId: category.parent ? ids.get(category.parent) : null,
          position: seedCategories.indexOf(category),
        })),
      )
      .returning({ id: categories.id, slug: categories.slug });
    for (const row of rows) ids.set(row.slug, row.id);
    level = seedCategories.filter(
      (category) => category.parent && ids.has(category.parent) && !ids.has(category.slug),
    );
  }
  return ids;
}

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
      await seedDemoCompany(tx, await addUser(DEMO_ACCOUNTS.customer));
    }

    const categoryIds = await insertCategories(tx);
    await tx.insert(categoryAttributes).values(
      Object.entries(seedAttributes).flatMap(([slug, attributes]) =>
        attributes.map((attribute, position) => ({
          ...attribute,
          categoryId: categoryIds.get(slug) as string,
          position,
        })),
      ),
    );

    // Oldest first, a minute apart, so "newest" is stable.
    const inserted = await tx
      .insert(tools)
      .values(
        seedTools.map((tool, index) => ({
          sku: tool.sku,
          brand: tool.brand,
          mpn: tool.mpn ?? null,
          gtin: tool.gtin ?? null,
          categoryId: categoryIds.get(tool.category) ?? null,
          specs: tool.specs,
          name: tool.name,
          img: `/images/tools/${tool.image ?? tool.slug}.svg`,
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
      )
      .returning({ id: tools.id, sku: tools.sku });
    const idBySku = new Map(inserted.map((row) => [row.sku, row.id]));
    const idOf = (slug: string) =>
      idBySku.get(seedTools.find((tool) => tool.slug === slug)?.sku ?? '') as string;
    await tx.insert(toolRelations).values(
      seedRelations.map((relation) => ({
        toolId: idOf(relation.tool),
        relatedId: idOf(relation.related),
        kind: relation.kind,
        position: relation.position,
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

    await tx.insert(appMeta).values([
      { key: SEED_MARKER, value: new Date(now).toISOString() },
      // The demo customer's orders go through the app's services, once it is built (demo/orders.ts).
      ...(withAccounts ? [{ key: DEMO_ORDERS_DUE, value: new Date(now).toISOString() }] : []),
    ]);
    log.info(
      { tools: seedTools.length, reviews: seedReviews.length },
      withAccounts
        ? 'seeded the demo catalogue, reviews and accounts'
        : 'seeded the demo catalogue and reviews, and no demo accounts (production): make admins with ADMIN_EMAILS or npm run admin -- grant',
    );
    return true;
  });
}
