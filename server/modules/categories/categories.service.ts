import type {
  Category,
  CreateCategoryBody,
  UpdateCategoryBody,
} from '../../../contract/categories.ts';
import { formatCount } from '../../../contract/format.ts';
import type { AttributeKind } from '../../../contract/specifications.ts';
import { type Db, readTogether, type Tx } from '../../db/client.ts';
import { AppError, conflict, fieldError, notFound } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { recordAudit } from '../audit/index.ts';
import type { CatalogueShape } from '../tools/index.ts';
import * as attributesRepo from './attributes.repo.ts';
import * as repo from './categories.repo.ts';
import { attributesByCategory, lineageAttributes } from './category-specs.ts';
import { categoryTree, placementProblem, subtreeIds } from './category-tree.ts';

type Actor = Pick<SessionUser, 'id' | 'name' | 'email'>;

const categoryNotFound = () => notFound('No category with this id.');

/** Whether `error` is PostgreSQL refusing a second category with the same slug. */
function isSlugTaken(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { constraint?: string }).constraint === 'categories_slug_idx') return true;
  }
  return false;
}

async function withUniqueSlug<T>(slug: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isSlugTaken(error)) throw error;
    throw new AppError(409, 'conflict', `Another category already has the address ${slug}.`, [
      { field: 'slug', in: 'body', message: 'Another category already has this address.' },
    ]);
  }
}

/** Refuses a parent that does not exist, or a place in the tree the rules forbid. */
function assertPlacement(
  rows: repo.CategoryRow[],
  id: string | undefined,
  parentId: string | null,
): void {
  if (parentId === null) return;
  if (!rows.some((row) => row.id === parentId)) {
    throw fieldError('parentId', 'No category with this id: choose another parent.');
  }
  const problem = placementProblem(rows, id, parentId);
  if (problem) {
    throw new AppError(409, 'category_too_deep', problem, [
      { field: 'parentId', in: 'body', message: problem },
    ]);
  }
}

/** The whole tree as the API sends it: depths, tools and specifications. */
export async function readTree(tx: Tx): Promise<Category[]> {
  const [rows, toolsIn, attributes, values] = await readTogether(tx, [
    () => repo.listCategoryRows(tx),
    () => repo.countToolsByCategory(tx),
    () => attributesRepo.listAttributeRows(tx),
    () => attributesRepo.countSpecValues(tx),
  ]);
  return categoryTree(rows, toolsIn, attributesByCategory(rows, attributes, values));
}

/**
 * A move keeps every key unique along its new branch: none of the keys in the category and below it
 * may be one a category above its new place has.
 */
function assertKeysFit(
  rows: repo.CategoryRow[],
  attributes: attributesRepo.AttributeRow[],
  id: string,
  parentId: string,
): void {
  const above = new Set(lineageAttributes(rows, attributes, parentId).map((row) => row.key));
  const below = new Set(subtreeIds(rows, id));
  const clash = attributes.find((row) => below.has(row.categoryId) && above.has(row.key));
  if (!clash) return;
  const message = `A category above the new place already has a specification with the key ${clash.key}: delete one of the two first.`;
  throw new AppError(409, 'attribute_key_taken', message, [
    { field: 'parentId', in: 'body', message },
  ]);
}

/**
 * After a move, the tools in the category and below it keep only the values of specifications
 * their categories still have (those of the old categories above are dropped).
 */
async function pruneMovedSpecs(tx: Tx, id: string): Promise<void> {
  const rows = await repo.listCategoryRows(tx);
  const attributes = await attributesRepo.listAttributeRows(tx);
  for (const at of subtreeIds(rows, id)) {
    const keys = lineageAttributes(rows, attributes, at).map((row) => row.key);
    await attributesRepo.keepSpecKeys(tx, at, keys);
  }
}

/** One category as the API sends it, with its depth and tools, read in the same transaction. */
async function readCategory(tx: Tx, id: string): Promise<Category> {
  const tree = await readTree(tx);
  const category = tree.find((entry) => entry._id === id);
  if (!category) throw categoryNotFound();
  return category;
}

/**
 * The catalogue's categories: the tree with the tools in each, the tools a category's page lists
 * (it and every category below it), and the admin's changes, each audited. `onChange` runs after
 * every committed change (the categories' triggers tell every instance too, migration 0028).
 */
export function createCategoriesService(db: Db, { onChange }: { onChange: () => void }) {
  const changed = <T>(result: T): T => {
    onChange();
    return result;
  };
  return {
    async tree(): Promise<Category[]> {
      return readTree(db);
    },

    /** Every category and every specification: what the catalogue's reads are shaped by. */
    async shape(): Promise<CatalogueShape> {
      const [categories, attributes] = await readTogether(db, [
        () => repo.listCategoryRows(db),
        () => attributesRepo.listAttributeRows(db),
      ]);
      return {
        categories,
        attributes: attributes.map((row) => ({ ...row, kind: row.kind as AttributeKind })),
      };
    },

    /** Whether a category has this slug (its page exists). */
    async slugExists(slug: string): Promise<boolean> {
      return (await repo.listCategoryRows(db)).some((row) => row.slug === slug);
    },

    /** Every category's page and when it last changed (the sitemap). */
    async sitemapEntries(): Promise<{ slug: string; updatedAt: Date }[]> {
      return (await repo.listCategoryRows(db)).map(({ slug, updatedAt }) => ({ slug, updatedAt }));
    },

    async create(body: CreateCategoryBody, actor: Actor): Promise<Category> {
      const category = await withUniqueSlug(body.slug, () =>
        db.transaction(async (tx) => {
          await repo.lockCategories(tx);
          assertPlacement(await repo.listCategoryRows(tx), undefined, body.parentId);
          const row = await repo.insertCategory(tx, body);
          await recordAudit(tx, actor, {
            action: 'category.created',
            target: { type: 'category', id: row.id, label: row.name },
            details: { fields: body },
          });
          return readCategory(tx, row.id);
        }),
      );
      return changed(category);
    },

    async update(id: string, body: UpdateCategoryBody, actor: Actor): Promise<Category> {
      const category = await withUniqueSlug(body.slug, () =>
        db.transaction(async (tx) => {
          await repo.lockCategories(tx);
          const rows = await repo.listCategoryRows(tx);
          const current = rows.find((row) => row.id === id);
          if (!current) throw categoryNotFound();
          const isMove = body.parentId !== undefined && body.parentId !== current.parentId;
          if (isMove && body.parentId) {
            assertPlacement(rows, id, body.parentId);
            assertKeysFit(rows, await attributesRepo.listAttributeRows(tx), id, body.parentId);
          }
          const row = await repo.updateCategory(tx, id, body);
          if (!row) throw categoryNotFound();
          if (isMove) await pruneMovedSpecs(tx, id);
          await recordAudit(tx, actor, {
            action: 'category.updated',
            target: { type: 'category', id, label: row.name },
            details: { changes: body },
          });
          return readCategory(tx, id);
        }),
      );
      return changed(category);
    },

    /** Deletes an empty category; one holding tools or sub-categories is refused, saying so. */
    async remove(id: string, actor: Actor): Promise<{ deletedCount: number }> {
      await db.transaction(async (tx) => {
        await repo.lockCategories(tx);
        const rows = await repo.listCategoryRows(tx);
        const current = rows.find((row) => row.id === id);
        if (!current) throw categoryNotFound();
        const children = rows.filter((row) => row.parentId === id).length;
        const held = await repo.countListedTools(tx, id);
        if (children > 0 || held > 0) {
          const what = [
            held > 0 ? `${formatCount(held)} ${held === 1 ? 'tool' : 'tools'}` : '',
            children > 0
              ? `${formatCount(children)} ${children === 1 ? 'sub-category' : 'sub-categories'}`
              : '',
          ].filter(Boolean);
          throw conflict(
            'category_not_empty',
            `${current.name} holds ${what.join(' and ')}: move them to another category first, then delete it.`,
          );
        }
        await repo.deleteCategory(tx, id);
        await recordAudit(tx, actor, {
          action: 'category.deleted',
          target: { type: 'category', id, label: current.name },
          details: { slug: current.slug },
        });
      });
      return changed({ deletedCount: 1 });
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
