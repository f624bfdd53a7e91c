import type { Attribute, AttributeKind } from '../../../contract/specifications.ts';
import type { AttributeRow } from './attributes.repo.ts';
import type { CategoryRow } from './categories.repo.ts';
import { subtreeIds } from './category-tree.ts';

/**
 * Which specifications a category has (its own and those of every category above it) and the
 * rule that keeps a key unambiguous: unique along a branch of the tree (docs/decisions/040). Pure
 * functions over every category and attribute, both small tables.
 */

/** A category and those above it, the top first. */
function lineageIds(rows: readonly CategoryRow[], id: string): string[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ids: string[] = [];
  for (let at = byId.get(id); at && ids.length <= rows.length; at = byId.get(at.parentId ?? '')) {
    ids.unshift(at.id);
  }
  return ids;
}

/** The attributes a tool in this category has: those above it first, each category's in order. */
export function lineageAttributes(
  rows: readonly CategoryRow[],
  attributes: readonly AttributeRow[],
  id: string,
): AttributeRow[] {
  return lineageIds(rows, id).flatMap((at) => attributes.filter((row) => row.categoryId === at));
}

/** The keys a new attribute of this category may not take: those above it, in it and below it. */
export function branchKeys(
  rows: readonly CategoryRow[],
  attributes: readonly AttributeRow[],
  id: string,
): Set<string> {
  const branch = new Set([...lineageIds(rows, id), ...subtreeIds(rows, id)]);
  return new Set(attributes.filter((row) => branch.has(row.categoryId)).map((row) => row.key));
}

function toAttribute(row: AttributeRow, valueCount: number): Attribute {
  return {
    _id: row.id,
    categoryId: row.categoryId,
    key: row.key,
    name: row.name,
    kind: row.kind as AttributeKind,
    unit: row.unit,
    options: row.options,
    filterable: row.filterable,
    position: row.position,
    valueCount,
  };
}

/**
 * Each category's own attributes as the API sends them, each with the listed tools holding a value
 * of it (in its category and below). `counts`: values per key of the tools each category holds.
 */
export function attributesByCategory(
  rows: readonly CategoryRow[],
  attributes: readonly AttributeRow[],
  counts: ReadonlyMap<string, ReadonlyMap<string, number>>,
): Map<string, Attribute[]> {
  const byCategory = new Map<string, Attribute[]>();
  for (const row of attributes) {
    const valueCount = subtreeIds(rows, row.categoryId).reduce(
      (sum, at) => sum + (counts.get(at)?.get(row.key) ?? 0),
      0,
    );
    const list = byCategory.get(row.categoryId) ?? [];
    list.push(toAttribute(row, valueCount));
    byCategory.set(row.categoryId, list);
  }
  return byCategory;
}
