import { priceTierProblems } from '../../../contract/price-tiers.ts';
import { quantityRuleProblems } from '../../../contract/quantity-rules.ts';
import type { ManageToolsQuery } from '../../../contract/tool-lists.ts';
import {
  type CreateToolBody,
  MAX_STOCK,
  type OpenOrders,
  type Tool,
  type ToolDetail,
  type UpdateToolBody,
} from '../../../contract/tools.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, fieldError, notFound } from '../../errors.ts';
import type { SessionUser } from '../../http/session.ts';
import { recordAudit } from '../audit/index.ts';
import type { CatalogueIndex } from './catalogue-index.ts';
import { createCatalogueReads } from './catalogue-reads.ts';
import type { ToolCache } from './tool-cache.ts';
import { assertConfirmed, auditedFields, changedFields, relatedChange } from './tool-changes.ts';
import * as mediaRepo from './tool-media.repo.ts';
import {
  assertRelatedListed,
  type DocumentSize,
  sizedDocuments,
  toToolDetail,
} from './tool-media.ts';
import { resolveSpecs, type SpecRule, specRulesForUpdate } from './tool-specs.ts';
import { withToolConstraints } from './tool-write-problems.ts';
import * as repo from './tools.repo.ts';
import * as adminRepo from './tools-admin.repo.ts';

/** Who makes a change, as the audit log records them. */
export type Actor = Pick<SessionUser, 'id' | 'name' | 'email'>;

/**
 * The breaks fit the tool's price and minimum order; when the change leaves the breaks as they
 * were, the field changed is the one named.
 */
function assertTiersFit(
  tool: Parameters<typeof priceTierProblems>[0],
  areTiersChanged: boolean,
): void {
  const problems = priceTierProblems(tool);
  if (problems.length === 0) return;
  if (!areTiersChanged) {
    const field = problems[0]?.path.at(-1) === 'price' ? 'price' : 'minimumOrder';
    throw fieldError(
      field,
      field === 'price'
        ? 'The unit price must stay above every volume price; change the price breaks too.'
        : 'The minimum order must stay below the first price break; change the breaks too.',
    );
  }
  throw badRequest(
    problems[0]?.message ?? 'The price breaks do not fit.',
    problems.map((problem) => ({
      field: problem.path.join('.'),
      in: 'body',
      message: problem.message,
    })),
  );
}

/**
 * The minimum and the most per order fit the pack, as the tool will be once changed (decision
 * 042): a change to one of the three is checked against the other two as they are.
 */
function assertQuantityRulesFit(tool: Parameters<typeof quantityRuleProblems>[0]): void {
  const problems = quantityRuleProblems(tool);
  if (problems.length === 0) return;
  throw badRequest(
    problems[0]?.message ?? 'The quantity rules do not fit.',
    problems.map((problem) => ({
      field: problem.path.join('.'),
      in: 'body',
      message: problem.message,
    })),
  );
}

const toolNotFound = () => notFound('This tool does not exist or was removed from the catalogue.');

export interface ToolsOptions {
  /** Answers every list, search and facet count of the catalogue (catalogue-index.ts). */
  index: CatalogueIndex;
  /** The tools a page shows, kept between pages (dropped on every change). */
  toolCache: ToolCache;
  /**
   * Runs after every committed change to the catalogue (`stock`: only stock levels moved): this
   * instance's cached catalogue answers are dropped before the admin can ask again. The tools'
   * triggers tell every instance, this one included (migrations 0005 and 0021).
   */
  onChange: (kind: 'stock' | 'all') => void;
  /** The brand of a tool added without one: the store's own (STORE_NAME). */
  defaultBrand: string;
  /**
   * The specifications a tool in this category has (none for null; undefined: no such category),
   * the categories held still until the transaction ends.
   */
  specsOf: (tx: Tx, categoryId: string | null) => Promise<readonly SpecRule[] | undefined>;
  /** The size of the PDF uploaded at an address (a tool's documents), null when none was. */
  documentSize: DocumentSize;
}

export function createToolsService(
  db: Db,
  { index, toolCache, onChange, defaultBrand, specsOf, documentSize }: ToolsOptions,
) {
  const changed = <T>(result: T, kind: 'stock' | 'all' = 'all'): T => {
    onChange(kind);
    return result;
  };
  return {
    ...createCatalogueReads(db, { index, toolCache }),

    /** One tool with its gallery, documents and related tools (its page's answer). */
    async get(id: string): Promise<ToolDetail> {
      const row = await repo.findTool(db, id);
      if (!row) throw toolNotFound();
      return toToolDetail(db, row);
    },

    async create(body: CreateToolBody, actor: Actor): Promise<ToolDetail> {
      const { confirm, related, documents, ...fields } = body;
      assertConfirmed(fields, { price: true, minimumOrder: true, quantity: true }, confirm);
      const sized = await sizedDocuments(documents, documentSize);
      const detail = await withToolConstraints(fields.sku, () =>
        db.transaction(async (tx) => {
          const categoryId = fields.categoryId ?? null;
          const rules = await specsOf(tx, categoryId);
          const specs = resolveSpecs(rules, categoryId, fields.specs ?? {}, undefined);
          await assertRelatedListed(tx, undefined, related);
          const inserted = await repo.insertTool(tx, {
            ...fields,
            documents: sized,
            specs: specs ?? {},
            brand: fields.brand ?? defaultBrand,
          });
          await mediaRepo.replaceRelated(tx, inserted.id, related);
          await recordAudit(tx, actor, {
            action: 'tool.created',
            target: { type: 'tool', id: inserted.id, label: inserted.name },
            details: { fields: { ...auditedFields(inserted), related } },
          });
          return toToolDetail(tx, inserted);
        }),
      );
      return changed(detail);
    },

    async update(id: string, body: UpdateToolBody, actor: Actor): Promise<ToolDetail> {
      const { restock, confirm, related, documents, ...fields } = body;
      const sized = documents && (await sizedDocuments(documents, documentSize));
      const changes = { ...fields, ...(sized ? { documents: sized } : {}) };
      const detail = await withToolConstraints(changes.sku, () =>
        db.transaction(async (tx) => {
          const rules = await specRulesForUpdate(tx, id, changes, specsOf);
          // Locked: the checks and the audit's "before" see the tool the change applies to.
          const current = await repo.lockTool(tx, id);
          if (!current) throw toolNotFound();
          if (rules) {
            const categoryId =
              changes.categoryId === undefined ? current.categoryId : changes.categoryId;
            const isMoved = categoryId !== current.categoryId;
            const specs = resolveSpecs(
              await rules(categoryId),
              categoryId,
              changes.specs,
              isMoved ? current.specs : undefined,
            );
            if (specs !== undefined) changes.specs = specs;
          }
          const next = {
            price: changes.price ?? current.price,
            minimumOrder: changes.minimumOrder ?? current.minimumOrder,
            priceTiers: changes.priceTiers ?? current.priceTiers,
            quantity: changes.quantity ?? current.quantity + (restock ?? 0),
            orderIncrement: changes.orderIncrement ?? current.orderIncrement,
            maxPerOrder:
              changes.maxPerOrder === undefined ? current.maxPerOrder : changes.maxPerOrder,
          };
          assertQuantityRulesFit(next);
          if (
            changes.price !== undefined ||
            changes.minimumOrder !== undefined ||
            changes.priceTiers !== undefined
          ) {
            // The breaks are checked against the price and minimum they will sit beside.
            assertTiersFit(next, changes.priceTiers !== undefined);
          }
          assertConfirmed(
            next,
            {
              price: changes.price !== undefined,
              minimumOrder: changes.minimumOrder !== undefined,
              quantity: changes.quantity !== undefined,
            },
            confirm,
          );
          if (related) await assertRelatedListed(tx, id, related);
          const relatedBefore = related && (await mediaRepo.relatedIds(tx, id));
          const updated = await repo.updateTool(tx, id, changes, restock ?? 0);
          if (!updated) return undefined;
          if (related) await mediaRepo.replaceRelated(tx, id, related);
          await recordAudit(tx, actor, {
            action: 'tool.updated',
            target: { type: 'tool', id, label: updated.name },
            details: {
              changes: {
                ...changedFields(current, updated),
                ...relatedChange(relatedBefore, related),
              },
            },
          });
          return toToolDetail(tx, updated);
        }),
      );
      if (detail) return changed(detail);
      const tool = await repo.findTool(db, id);
      if (!tool) throw toolNotFound();
      // The tool is listed, so the restock would have taken the stock past the maximum.
      throw fieldError(
        'restock',
        `The stock can be at most ${MAX_STOCK} units; add at most ${Math.max(0, MAX_STOCK - tool.quantity)}.`,
      );
    },

    /** A page of the tools an admin manages: never from the catalogue's caches. */
    async listManaged(query: ManageToolsQuery): Promise<{ tools: Tool[]; total: number }> {
      const { rows, total } = await adminRepo.listManagedTools(db, query);
      return { tools: rows.map(repo.toTool), total };
    },

    /** The open orders containing a listed tool (deleting it leaves them as they are). */
    async openOrders(id: string): Promise<OpenOrders> {
      if (!(await repo.findTool(db, id))) throw toolNotFound();
      return adminRepo.countOpenOrders(db, id);
    },

    /** Every listed tool's public page and when it last changed (the sitemap). */
    async sitemapEntries(): Promise<{ id: string; updatedAt: Date }[]> {
      return repo.listSitemapRows(db);
    },

    async setStock(id: string, newQuantity: number, actor: Actor): Promise<Tool> {
      const row = await db.transaction(async (tx) => {
        const current = await repo.lockTool(tx, id);
        if (!current) throw toolNotFound();
        const updated = await repo.updateTool(tx, id, { quantity: newQuantity });
        if (!updated) throw toolNotFound();
        await recordAudit(tx, actor, {
          action: 'tool.updated',
          target: { type: 'tool', id, label: updated.name },
          details: { changes: changedFields(current, updated) },
        });
        return updated;
      });
      return changed(repo.toTool(row), 'stock');
    },

    async remove(id: string, actor: Actor): Promise<{ deletedCount: number }> {
      await db.transaction(async (tx) => {
        const current = await repo.lockTool(tx, id);
        if (!current || !(await repo.softDeleteTool(tx, id))) throw toolNotFound();
        await mediaRepo.deleteRelationsOf(tx, id);
        const open = await adminRepo.countOpenOrders(tx, id);
        await recordAudit(tx, actor, {
          action: 'tool.deleted',
          target: { type: 'tool', id, label: current.name },
          details: { fields: auditedFields(current), openOrders: open.openOrders },
        });
      });
      return changed({ deletedCount: 1 });
    },
  };
}

export type ToolsService = ReturnType<typeof createToolsService>;
