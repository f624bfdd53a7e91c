import { z } from 'zod';
import { type Category, CreateCategoryBodySchema } from '#contract/categories.ts';

/**
 * A category as its form holds it: the contract's fields, the parent as the select's value ('' for
 * the top level) and the position as typed.
 */
export const categoryFormSchema = CreateCategoryBodySchema.omit({ img: true }).extend({
  parentId: z.string().transform((value) => (value === '' ? null : value)),
  position: z
    .string()
    .trim()
    .regex(/^\d+$/, { error: 'Enter a whole number, 0 or more.' })
    .transform(Number)
    .pipe(CreateCategoryBodySchema.shape.position.unwrap()),
});
export type CategoryFormInput = z.input<typeof categoryFormSchema>;
export type CategoryFormOutput = z.output<typeof categoryFormSchema>;
export const CATEGORY_FORM_FIELDS = [
  'name',
  'slug',
  'description',
  'parentId',
  'position',
] as const;

/** A slug made from a name: "Hammer drills" becomes hammer-drills, "Säge" sage. */
export function slugFrom(name: string): string {
  // The accents NFKD splits off their letters go: "Säge" becomes sage, not sa-ge.
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/** The ids of a category and of every category below it (where it cannot be moved). */
export function subtreeOf(tree: readonly Category[], id: string): Set<string> {
  const ids = new Set([id]);
  // Depth first: a category's descendants follow it until the next one at its depth or above.
  const start = tree.findIndex((category) => category._id === id);
  const depth = tree[start]?.depth ?? 0;
  for (let at = start + 1; at > 0 && at < tree.length; at += 1) {
    const category = tree[at];
    if (!category || category.depth <= depth) break;
    ids.add(category._id);
  }
  return ids;
}
