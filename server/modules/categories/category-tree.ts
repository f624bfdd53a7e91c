import { type Category, MAX_CATEGORY_DEPTH } from '../../../contract/categories.ts';
import type { Attribute } from '../../../contract/specifications.ts';
import type { CategoryRow } from './categories.repo.ts';

/**
 * The category tree as the API sends it, and the rules of its shape (docs/decisions/035): pure
 * functions over every category, which is a small table.
 */

/** Each category's children, in the order the rows came (their siblings' order). */
function childrenOf(rows: readonly CategoryRow[]): Map<string | null, CategoryRow[]> {
  const children = new Map<string | null, CategoryRow[]>();
  for (const row of rows) {
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  return children;
}

/**
 * The tree read depth first (each parent before its children), each with its depth and the listed
 * tools in it and below it. `toolsIn`: the tools each category holds itself; `attributesOf`: each
 * category's own specifications.
 */
export function categoryTree(
  rows: readonly CategoryRow[],
  toolsIn: ReadonlyMap<string, number>,
  attributesOf: ReadonlyMap<string, Attribute[]> = new Map(),
): Category[] {
  const children = childrenOf(rows);
  const tree: Category[] = [];
  const visit = (row: CategoryRow, depth: number): number => {
    const category: Category = {
      _id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      img: row.img,
      parentId: row.parentId,
      depth: Math.min(depth, MAX_CATEGORY_DEPTH),
      toolCount: 0,
      attributes: attributesOf.get(row.id) ?? [],
    };
    tree.push(category);
    let total = toolsIn.get(row.id) ?? 0;
    for (const child of children.get(row.id) ?? []) total += visit(child, depth + 1);
    category.toolCount = total;
    return total;
  };
  for (const root of children.get(null) ?? []) visit(root, 1);
  return tree;
}

/** The ids of a category and of every category below it. */
export function subtreeIds(rows: readonly CategoryRow[], id: string): string[] {
  const children = childrenOf(rows);
  const ids: string[] = [];
  const pending = [id];
  while (pending.length > 0) {
    const next = pending.pop() as string;
    ids.push(next);
    for (const child of children.get(next) ?? []) pending.push(child.id);
  }
  return ids;
}

/** How deep a category sits: 1 at the top. */
function depthOf(rows: readonly CategoryRow[], id: string): number {
  const byId = new Map(rows.map((row) => [row.id, row]));
  let depth = 0;
  for (let at = byId.get(id); at && depth <= rows.length; at = byId.get(at.parentId ?? '')) {
    depth += 1;
  }
  return depth;
}

/** How many levels a category and those below it take: 1 for a category without children. */
function heightOf(rows: readonly CategoryRow[], id: string): number {
  const children = childrenOf(rows);
  const height = (at: string): number =>
    1 + Math.max(0, ...(children.get(at) ?? []).map((child) => height(child.id)));
  return height(id);
}

/**
 * Why a category (`id`, or a new one when undefined) cannot sit under `parentId`, or undefined
 * when it can: under itself or one of its own sub-categories, or deeper than three levels with
 * everything below it.
 */
export function placementProblem(
  rows: readonly CategoryRow[],
  id: string | undefined,
  parentId: string,
): string | undefined {
  if (id !== undefined && subtreeIds(rows, id).includes(parentId)) {
    return 'A category cannot sit under itself or one of its own sub-categories.';
  }
  const levels = depthOf(rows, parentId) + (id === undefined ? 1 : heightOf(rows, id));
  if (levels > MAX_CATEGORY_DEPTH) {
    return `Categories go at most ${MAX_CATEGORY_DEPTH} levels deep: this would make ${levels}.`;
  }
  return undefined;
}
