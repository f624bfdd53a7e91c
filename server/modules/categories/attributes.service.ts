import {
  type Attribute,
  attributeKindProblems,
  type CreateAttributeBody,
  MAX_ATTRIBUTES,
  type UpdateAttributeBody,
} from '../../../contract/specifications.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { recordAudit } from '../audit/index.ts';
import type { AttributeRow } from './attributes.repo.ts';
import * as attributesRepo from './attributes.repo.ts';
import * as repo from './categories.repo.ts';
import { readTree } from './categories.service.ts';
import { branchKeys, lineageAttributes } from './category-specs.ts';
import { subtreeIds } from './category-tree.ts';

type Actor = Pick<SessionUser, 'id' | 'name' | 'email'>;

const attributeNotFound = () =>
  notFound('No category with this id, or no specification with this id in it.');

/** A specification as the API sends it (with its value count), read in the same transaction. */
async function readAttribute(tx: Tx, id: string): Promise<Attribute> {
  const attribute = (await readTree(tx))
    .flatMap((category) => category.attributes)
    .find((entry) => entry._id === id);
  if (!attribute) throw attributeNotFound();
  return attribute;
}

/** The category and its attribute, under the categories' lock (a move waits for this change). */
async function lockAttribute(tx: Tx, categoryId: string, attributeId: string) {
  await repo.lockCategories(tx);
  const rows = await repo.listCategoryRows(tx);
  const attributes = await attributesRepo.listAttributeRows(tx);
  const attribute = attributes.find(
    (row) => row.id === attributeId && row.categoryId === categoryId,
  );
  if (!attribute) throw attributeNotFound();
  return { rows, attribute };
}

/**
 * The specifications categories define: added, changed and deleted by admins (audited as changes
 * to their category), and read by the tools' writes, which check a tool's values against them.
 */
export function createAttributesService(db: Db, { onChange }: { onChange: () => void }) {
  const changed = <T>(result: T): T => {
    onChange();
    return result;
  };
  return {
    async addAttribute(categoryId: string, body: CreateAttributeBody, actor: Actor) {
      const attribute = await db.transaction(async (tx) => {
        await repo.lockCategories(tx);
        const rows = await repo.listCategoryRows(tx);
        const category = rows.find((row) => row.id === categoryId);
        if (!category) throw notFound('No category with this id.');
        const attributes = await attributesRepo.listAttributeRows(tx);
        if (attributes.filter((row) => row.categoryId === categoryId).length >= MAX_ATTRIBUTES) {
          throw conflict(
            'conflict',
            `A category has at most ${MAX_ATTRIBUTES} specifications of its own.`,
          );
        }
        if (branchKeys(rows, attributes, categoryId).has(body.key)) {
          const message = `${category.name}, a category above it or one below it already has a specification with the key ${body.key}.`;
          throw new AppError(409, 'attribute_key_taken', message, [
            { field: 'key', in: 'body', message },
          ]);
        }
        const row = await attributesRepo.insertAttribute(tx, categoryId, body);
        await recordAudit(tx, actor, {
          action: 'category.updated',
          target: { type: 'category', id: categoryId, label: category.name },
          details: { attributeAdded: body },
        });
        return readAttribute(tx, row.id);
      });
      return changed(attribute);
    },

    /** A choice taken off the list is taken from the tools that had it. */
    async updateAttribute(
      categoryId: string,
      attributeId: string,
      body: UpdateAttributeBody,
      actor: Actor,
    ) {
      const attribute = await db.transaction(async (tx) => {
        const { rows, attribute: current } = await lockAttribute(tx, categoryId, attributeId);
        const problems = attributeKindProblems({
          kind: current.kind as Attribute['kind'],
          unit: body.unit ?? current.unit,
          options: body.options ?? current.options,
        });
        if (problems.length > 0) {
          throw badRequest(
            problems[0]?.message ?? 'These fields do not fit the kind.',
            problems.map(({ field, message }) => ({ field, in: 'body' as const, message })),
          );
        }
        const removed = body.options && current.options.filter((o) => !body.options?.includes(o));
        const valuesDropped =
          removed && removed.length > 0
            ? await attributesRepo.dropSpecValues(
                tx,
                subtreeIds(rows, categoryId),
                current.key,
                removed,
              )
            : 0;
        await attributesRepo.updateAttribute(tx, attributeId, body);
        await recordAudit(tx, actor, {
          action: 'category.updated',
          target: { type: 'category', id: categoryId, label: categoryName(rows, categoryId) },
          details: { attributeChanged: { key: current.key, changes: body, valuesDropped } },
        });
        return readAttribute(tx, attributeId);
      });
      return changed(attribute);
    },

    /** Deletes a specification and every tool's value of it, saying how many tools had one. */
    async removeAttribute(categoryId: string, attributeId: string, actor: Actor) {
      const result = await db.transaction(async (tx) => {
        const { rows, attribute } = await lockAttribute(tx, categoryId, attributeId);
        const valuesDropped = await attributesRepo.dropSpecValues(
          tx,
          subtreeIds(rows, categoryId),
          attribute.key,
        );
        await attributesRepo.deleteAttribute(tx, attributeId);
        await recordAudit(tx, actor, {
          action: 'category.updated',
          target: { type: 'category', id: categoryId, label: categoryName(rows, categoryId) },
          details: {
            attributeDeleted: { key: attribute.key, name: attribute.name, valuesDropped },
          },
        });
        return { deletedCount: 1, valuesDropped };
      });
      return changed(result);
    },

    /**
     * The specifications a tool in this category has (its own and those above it; none for no
     * category), or undefined when no category has this id. Holds the categories still (a share lock) until the tool's
     * transaction ends, so that neither the category nor its specifications change under the write.
     */
    async specsOf(tx: Tx, categoryId: string | null): Promise<AttributeRow[] | undefined> {
      await repo.shareCategories(tx);
      if (categoryId === null) return [];
      const rows = await repo.listCategoryRows(tx);
      if (!rows.some((row) => row.id === categoryId)) return undefined;
      return lineageAttributes(rows, await attributesRepo.listAttributeRows(tx), categoryId);
    },

    /**
     * Every category's slug and specifications at once, for the catalogue import, held still
     * until the transaction ends (the share lock tool writes take first).
     */
    async outline(tx: Tx) {
      await repo.shareCategories(tx);
      const rows = await repo.listCategoryRows(tx);
      const attributes = await attributesRepo.listAttributeRows(tx);
      const rules = new Map<string, AttributeRow[]>();
      return {
        categoryIds: new Map(rows.map((row) => [row.slug, row.id])),
        rulesOf: (categoryId: string): AttributeRow[] => {
          let found = rules.get(categoryId);
          if (!found) {
            found = lineageAttributes(rows, attributes, categoryId);
            rules.set(categoryId, found);
          }
          return found;
        },
        specKeys: new Set(attributes.map((row) => row.key)),
      };
    },
  };
}

function categoryName(rows: repo.CategoryRow[], id: string): string {
  return rows.find((row) => row.id === id)?.name ?? id;
}

export type AttributesService = ReturnType<typeof createAttributesService>;
