// Pure helpers over the category tree, shared by the server and the web app. No zod here: a tool's
// page imports this without the validation library (bench/README.md, "Interactive at once").

import type { Category } from './categories.ts';
import type { Attribute } from './specifications.ts';

/**
 * The specifications a tool in this category has: those of the categories above it first, each
 * category's in its order (none for no category, or one not in the tree).
 */
export function specificationsOf(
  tree: readonly Category[],
  categoryId: string | null,
): Attribute[] {
  const byId = new Map(tree.map((category) => [category._id, category]));
  const lineage: Category[] = [];
  for (
    let at = categoryId ? byId.get(categoryId) : undefined;
    at && lineage.length < tree.length;
    at = at.parentId ? byId.get(at.parentId) : undefined
  ) {
    lineage.unshift(at);
  }
  return lineage.flatMap((category) => category.attributes);
}
