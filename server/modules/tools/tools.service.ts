import { priceTierProblems } from '../../../contract/price-tiers.ts';
import { quantityRuleProblems } from '../../../contract/quantity-rules.ts';
import type { ListToolsQuery, ManageToolsQuery } from '../../../contract/tool-lists.ts';
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
import * as searchRepo from './search.repo.ts';
import { createSpecSearch, type SpecMatch } from './spec-query.ts';
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
  /** Serves lists and searches from memory when it can. */
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
  /** The ids of the category with this slug and of those below it; undefined: no such slug. */
  categoryScope: (slug: string) => Promise<string[] | undefined>;
  /**
   * The specifications a tool in this category has (none for null; undefined: no such category),
   * the categories held still until the transaction ends.
   */
  specsOf: (tx: Tx, categoryId: string | null) => Promise<readonly SpecRule[] | undefined>;
  /** The keys of the number attributes by lower-cased unit (a search's "18V"). */
  specKeysByUnit: () => Promise<Map<string, string[]>>;
  /** The size of the PDF uploaded at an address (a tool's documents), null when none was. */
  documentSize: DocumentSize;
}

/** A page of the catalogue as both implementations take it. */
type CatalogueQuery = {
  q?: string | undefined;
  sort: NonNullable<ListToolsQuery['sort']>;
  limit?: number | undefined;
  offset: number;
  categoryIds?: readonly string[] | undefined;
  specs?: readonly SpecMatch[] | undefined;
};

/** A run of three letters or digits: the least a trigram search can use. */
const HAS_A_WORD = /[\p{L}\p{N}]{3}/u;

/** Searches remembered with their stemmed words: the same words need no second round trip. */
const WORD_CACHE_SIZE = 10_000;

export function createToolsService(
  db: Db,
  {
    index,
    toolCache,
    onChange,
    defaultBrand,
    categoryScope,
    specsOf,
    specKeysByUnit,
    documentSize,
  }: ToolsOptions,
) {
  const specSearch = createSpecSearch(specKeysByUnit);
  const words = new Map<string, Promise<string[]>>();
  const wordsOf = (text: string): Promise<string[]> => {
    let found = words.get(text);
    if (!found) {
      if (words.size >= WORD_CACHE_SIZE) words.clear();
      found = searchRepo.searchWords(db, text);
      found.catch(() => words.delete(text));
      words.set(text, found);
    }
    return found;
  };
  /**
   * One page of the catalogue from whichever implementation answers: the in-memory index when it
   * can, PostgreSQL otherwise, names despite a typo when nothing matched as typed.
   */
  const answer = async (query: CatalogueQuery): Promise<{ tools: Tool[]; total: number }> => {
    const search = query.q ? { text: query.q, words: await wordsOf(query.q) } : undefined;
    let found = await index.search({ ...query, search });
    if (query.q && !found) {
      // The index is off: PostgreSQL answers the whole search.
      const { rows, total } = await searchRepo.searchTools(db, { ...query, q: query.q });
      return { tools: rows.map(repo.toTool), total };
    }
    // Nothing matched as typed (a typo?): names with words like these, by the trigram index.
    // Trigrams need a word of three letters or digits; without one the index cannot help.
    if (query.q && found?.total === 0 && HAS_A_WORD.test(query.q)) {
      found = await searchRepo.similarNames(db, { ...query, q: query.q });
    }
    if (!found) {
      const { rows, total } = await repo.listTools(db, query);
      return { tools: rows.map(repo.toTool), total };
    }
    // The index knows which tools and in what order; their current fields come from here.
    const held = await toolCache.find(found.ids, async (ids) =>
      (await repo.findTools(db, ids)).map(repo.toTool),
    );
    const byId = new Map(held.map((tool) => [tool._id, tool]));
    const tools = found.ids.flatMap((id) => byId.get(id) ?? []);
    return { tools, total: found.total };
  };
  const changed = <T>(result: T, kind: 'stock' | 'all' = 'all'): T => {
    onChange(kind);
    return result;
  };
  return {
    async list({
      category,
      ...page
    }: {
      q?: string | undefined;
      category?: string | undefined;
      sort: NonNullable<ListToolsQuery['sort']>;
      limit?: number | undefined;
      offset: number;
    }): Promise<{ tools: Tool[]; total: number }> {
      const categoryIds = category === undefined ? undefined : await categoryScope(category);
      if (category !== undefined && categoryIds === undefined) {
        throw fieldError('category', 'No category has this address.', 'query');
      }
      const plain = { ...page, categoryIds };
      const bySpec = await specSearch(page.q);
      if (bySpec.specs) {
        const found = await answer({ ...plain, ...bySpec });
        // Tools without values may still have the number in their words ("18 V" in a name).
        if (found.total > 0) return found;
      }
      return answer(plain);
    },

    /**
     * Whether a listed tool has this id: from the catalogue index in memory (dropped and read again
     * on every change to the set of tools), from PostgreSQL only when the index is not kept.
     */
    async exists(id: string): Promise<boolean> {
      return (await index.has(id)) ?? (await repo.findTool(db, id)) !== undefined;
    },

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
