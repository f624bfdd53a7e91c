import { z } from 'zod';
import {
  DeletedCountSchema,
  IdParamsSchema,
  IdSchema,
  multilineText,
  plainText,
  route,
} from './common.ts';
import { ImageUrlSchema } from './image-url.ts';
import {
  AttributeDeletedSchema,
  AttributeParamsSchema,
  AttributeSchema,
  CreateAttributeBodySchema,
  UpdateAttributeBodySchema,
} from './specifications.ts';

/**
 * The catalogue's category tree: up to three levels (Power tools > Drills > Hammer drills); every
 * tool is in at most one category, and a category's page lists the tools in it and below it
 * (docs/decisions/035).
 */

/** The deepest a category may sit: a top-level category is at depth 1. */
export const MAX_CATEGORY_DEPTH = 3;

/** A category's address: lower-case letters and digits, words joined by single dashes. */
export const CategorySlugSchema = z
  .string()
  .trim()
  .min(2, { error: 'Must be at least 2 characters.' })
  .max(60, { error: 'Must be at most 60 characters.' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: 'Use lower-case letters and digits, words joined by single dashes (power-tools).',
  });

const CategorySchema = z.object({
  _id: IdSchema,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** A picture (a path on this site or an https link); null when it has none. */
  img: z.string().nullable(),
  /** null for a top-level category. */
  parentId: IdSchema.nullable(),
  /** 1 for a top-level category, up to MAX_CATEGORY_DEPTH. */
  depth: z.int().min(1).max(MAX_CATEGORY_DEPTH),
  /** Listed tools in this category and every category below it. */
  toolCount: z.int().min(0),
  /**
   * The specifications it defines itself, in their order; the categories below it have them too
   * (a tool's are its category's and those of every category above it).
   */
  attributes: z.array(AttributeSchema),
});
export type Category = z.infer<typeof CategorySchema>;

const categoryFields = {
  name: plainText(2, 80),
  slug: CategorySlugSchema,
  description: multilineText(0, 2000),
  img: ImageUrlSchema.nullable(),
  /** The parent category's id; null (or left out) for a top-level category. */
  parentId: IdSchema.nullable(),
  position: z
    .int({ error: 'Must be a whole number.' })
    .min(0, { error: 'Must be 0 or more.' })
    .max(10_000, { error: 'Must be at most 10,000.' }),
};

export const CreateCategoryBodySchema = z.strictObject({
  ...categoryFields,
  description: categoryFields.description.default(''),
  img: categoryFields.img.default(null),
  parentId: categoryFields.parentId.default(null),
  position: categoryFields.position.default(0),
});
export type CreateCategoryBody = z.infer<typeof CreateCategoryBodySchema>;

const UpdateCategoryBodySchema = z
  .strictObject(categoryFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Change at least one field.' });
export type UpdateCategoryBody = z.infer<typeof UpdateCategoryBodySchema>;

const NO_CATEGORY = 'No category with this id.';
const NO_ATTRIBUTE = 'No category with this id, or no specification with this id in it.';
const KEY_RULE =
  'Its key names the values on tools and in filters: unique along the branch (the category, those above it and those below it), and never changed.';
const TREE_RULES = `A category sits at most ${MAX_CATEGORY_DEPTH} levels deep (its sub-categories included when it moves), never below itself, and its slug is unique.`;

export const categoryRoutes = {
  list: route({
    method: 'GET',
    path: '/categories',
    access: 'public',
    summary: 'Read the category tree',
    description:
      'Every category, as a tree read depth first: each parent comes before its children, siblings in their order. Each carries its depth and the number of listed tools in it and below it. Cached for a short while with an ETag, as the catalogue is.',
    returns: 'The categories, depth first.',
    tags: ['categories'],
    response: z.array(CategorySchema),
    responseHeaders: ['ETag', 'Cache-Control'],
  }),
  create: route({
    method: 'POST',
    path: '/categories',
    access: 'admin',
    summary: 'Add a category',
    description: `Adds a category, at the top or under a parent (written to the audit log). ${TREE_RULES}`,
    returns: 'The category as stored.',
    tags: ['categories'],
    body: CreateCategoryBodySchema,
    response: CategorySchema,
    status: 201,
    errors: {
      409: 'conflict: another category has this slug; category_too_deep: it would sit more than three levels deep.',
    },
  }),
  update: route({
    method: 'PATCH',
    path: '/categories/:id',
    access: 'admin',
    summary: 'Change or move a category',
    description: `Changes a category's fields or moves it under another parent (null: to the top), its sub-categories and tools with it (written to the audit log). ${TREE_RULES}`,
    returns: 'The category as it is now.',
    tags: ['categories'],
    params: IdParamsSchema,
    body: UpdateCategoryBodySchema,
    response: CategorySchema,
    errors: {
      404: NO_CATEGORY,
      409: 'conflict: another category has this slug; category_too_deep: the move would put it or a sub-category more than three levels deep, or under itself.',
    },
  }),
  remove: route({
    method: 'DELETE',
    path: '/categories/:id',
    access: 'admin',
    summary: 'Delete a category',
    description:
      'Deletes an empty category (written to the audit log). A category that holds tools or sub-categories is refused: move them elsewhere first.',
    returns: 'How many categories were deleted: 1.',
    tags: ['categories'],
    params: IdParamsSchema,
    response: DeletedCountSchema,
    errors: {
      404: NO_CATEGORY,
      409: 'category_not_empty: the category holds tools or sub-categories (the problem says how many).',
    },
  }),
  addAttribute: route({
    method: 'POST',
    path: '/categories/:id/attributes',
    access: 'admin',
    summary: 'Add a specification to a category',
    description: `Defines a specification the tools of a category and of every category below it have: a number (with a unit), a choice from a list, yes/no or text, filterable or not (written to the audit log). ${KEY_RULE}`,
    returns: 'The specification as stored.',
    tags: ['categories'],
    params: IdParamsSchema,
    body: CreateAttributeBodySchema,
    response: AttributeSchema,
    status: 201,
    errors: {
      404: NO_CATEGORY,
      409: 'attribute_key_taken: the category, one above it or one below it has a specification with this key.',
    },
  }),
  updateAttribute: route({
    method: 'PATCH',
    path: '/categories/:id/attributes/:attributeId',
    access: 'admin',
    summary: 'Change a specification',
    description:
      "Changes a specification's name, unit, choices, filterable flag or position; its key and kind stay. A choice taken off the list is taken from the tools that had it (written to the audit log).",
    returns: 'The specification as it is now.',
    tags: ['categories'],
    params: AttributeParamsSchema,
    body: UpdateAttributeBodySchema,
    response: AttributeSchema,
    errors: { 404: NO_ATTRIBUTE },
  }),
  removeAttribute: route({
    method: 'DELETE',
    path: '/categories/:id/attributes/:attributeId',
    access: 'admin',
    summary: 'Delete a specification',
    description:
      'Deletes a specification and every value tools had of it (written to the audit log): the answer says how many tools lost theirs.',
    returns: 'How many specifications were deleted (1) and how many tools lost a value.',
    tags: ['categories'],
    params: AttributeParamsSchema,
    response: AttributeDeletedSchema,
    errors: { 404: NO_ATTRIBUTE },
  }),
} as const;
