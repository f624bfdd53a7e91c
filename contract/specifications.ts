import { z } from 'zod';
import { IdSchema, plainText } from './common.ts';
import { formatCount } from './format.ts';

/**
 * Specifications: each category defines the attributes its tools have (a number with a unit, a
 * choice from a list, yes/no, text), inherited by the categories below it, and each tool carries
 * its values, keyed by the attribute's key (docs/decisions/040).
 */

export const ATTRIBUTE_KINDS = ['number', 'choice', 'boolean', 'text'] as const;
const AttributeKindSchema = z.enum(ATTRIBUTE_KINDS);
export type AttributeKind = z.infer<typeof AttributeKindSchema>;

/** The most attributes one category defines, and choices one attribute offers. */
export const MAX_ATTRIBUTES = 40;
const MAX_OPTIONS = 50;

/** An attribute's key: how tools and filters name it (`chuck-size`); never changes. */
const AttributeKeySchema = z
  .string()
  .trim()
  .min(2, { error: 'Must be at least 2 characters.' })
  .max(40, { error: 'Must be at most 40 characters.' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: 'Use lower-case letters and digits, words joined by single dashes (chuck-size).',
  });

export const AttributeSchema = z.object({
  _id: IdSchema,
  /** The category that defines it; the categories below it have it too. */
  categoryId: IdSchema,
  key: z.string(),
  name: z.string(),
  kind: AttributeKindSchema,
  /** A number's unit (`mm`, `V`); null for other kinds or a number without one. */
  unit: z.string().nullable(),
  /** A choice's options, in their order; [] for other kinds. */
  options: z.array(z.string()),
  /** Whether buyers may filter the catalogue by it. */
  filterable: z.boolean(),
  position: z.int().min(0),
  /** Listed tools that hold a value of it. */
  valueCount: z.int().min(0),
});
export type Attribute = z.infer<typeof AttributeSchema>;

const OptionsSchema = z
  .array(plainText(1, 60))
  .max(MAX_OPTIONS, { error: `At most ${MAX_OPTIONS} choices.` })
  .refine((options) => new Set(options).size === options.length, {
    error: 'Each choice may appear once.',
  });

const attributeFields = {
  name: plainText(1, 60),
  unit: plainText(1, 12).nullable(),
  options: OptionsSchema,
  filterable: z.boolean(),
  position: z
    .int({ error: 'Must be a whole number.' })
    .min(0, { error: 'Must be 0 or more.' })
    .max(10_000, { error: 'Must be at most 10,000.' }),
};

/** A unit belongs to numbers, options to choices, and a choice needs at least one. */
export function attributeKindProblems(body: {
  kind: AttributeKind;
  unit?: string | null | undefined;
  options?: string[] | undefined;
}): { field: 'unit' | 'options'; message: string }[] {
  const problems: { field: 'unit' | 'options'; message: string }[] = [];
  if (body.kind !== 'number' && body.unit) {
    problems.push({ field: 'unit', message: 'Only a number has a unit.' });
  }
  const options = body.options ?? [];
  if (body.kind === 'choice' && options.length === 0) {
    problems.push({ field: 'options', message: 'Give at least one choice.' });
  }
  if (body.kind !== 'choice' && options.length > 0) {
    problems.push({ field: 'options', message: 'Only a choice has options.' });
  }
  return problems;
}

function checkKindFields(
  body: { kind: AttributeKind; unit: string | null; options: string[] },
  context: z.RefinementCtx,
): void {
  for (const { field, message } of attributeKindProblems(body)) {
    context.addIssue({ code: 'custom', path: [field], message });
  }
}

export const CreateAttributeBodySchema = z
  .strictObject({
    key: AttributeKeySchema,
    kind: AttributeKindSchema,
    ...attributeFields,
    unit: attributeFields.unit.default(null),
    options: attributeFields.options.default([]),
    filterable: attributeFields.filterable.default(false),
    position: attributeFields.position.default(0),
  })
  .superRefine(checkKindFields);
export type CreateAttributeBody = z.infer<typeof CreateAttributeBodySchema>;

/** The key and kind stay as made: tools' values are kept under the key, in the kind. */
export const UpdateAttributeBodySchema = z
  .strictObject(attributeFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Change at least one field.' });
export type UpdateAttributeBody = z.infer<typeof UpdateAttributeBodySchema>;

/** What deleting an attribute did: the definition went, and the tools' values of it with it. */
export const AttributeDeletedSchema = z.object({
  deletedCount: z.int().min(0),
  /** Listed tools that lost their value of it. */
  valuesDropped: z.int().min(0),
});

export const AttributeParamsSchema = z.strictObject({ id: IdSchema, attributeId: IdSchema });

/**
 * What a number attribute holds (docs/decisions/040): up to a billion either way (a motor's 35,000
 * rpm, a tolerance of -0.005 mm, -40 °C) with at most 3 decimal places, as the store's pages show
 * it (formatSpecValue). At most 13 significant digits: a double (JSON's number, on the server and
 * in the browser) keeps each such value exactly as typed, and jsonb's numeric holds it unchanged.
 */
const SPEC_NUMBER_LIMIT = 1_000_000_000;
const SPEC_NUMBER_DECIMALS = 3;

/** A number's decimal places as it is written shortest: 0.125 has 3, 1e-7 has 7. */
function decimalPlaces(value: number): number {
  const [digits = '', exponent = '0'] = String(value).split('e');
  return Math.max((digits.split('.')[1]?.length ?? 0) - Number(exponent), 0);
}

/** Whether a value fits a number attribute: finite, within the limit, no finer than allowed. */
export function isSpecNumber(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    Math.abs(value) <= SPEC_NUMBER_LIMIT &&
    decimalPlaces(value) <= SPEC_NUMBER_DECIMALS
  );
}

/**
 * What a number attribute's value must be, in a sentence: "Chuck size must be a number (in mm)
 * between -1,000,000,000 and 1,000,000,000, with at most 3 decimal places."
 */
export function specNumberRule(attribute: { name: string; unit: string | null }): string {
  const unit = attribute.unit ? ` (in ${attribute.unit})` : '';
  return `${attribute.name} must be a number${unit} between ${formatCount(-SPEC_NUMBER_LIMIT)} and ${formatCount(SPEC_NUMBER_LIMIT)}, with at most ${SPEC_NUMBER_DECIMALS} decimal places.`;
}

/**
 * One value: a number, a choice or text (a string), or yes/no. Each described, so the API
 * description lists them apart (anyOf) rather than as one multi-type schema. A number is judged
 * against its attribute (isSpecNumber) with the attribute's name in the sentence.
 */
const SpecValueSchema = z.union(
  [
    z
      .number({ error: 'Must be a number, text, or true or false.' })
      .finite()
      .describe(
        `A number (in its unit), between ${formatCount(-SPEC_NUMBER_LIMIT)} and ${formatCount(SPEC_NUMBER_LIMIT)} with at most ${SPEC_NUMBER_DECIMALS} decimal places.`,
      ),
    plainText(1, 200).describe('A choice from its list, or text.'),
    z.boolean().describe('Yes (true) or no (false).'),
  ],
  { error: 'Must be a number, text, or true or false.' },
);
/** A tool's values as answered (checked when they were saved). */
export const SpecValuesSchema = z.record(
  z.string(),
  z.union([
    z.number().describe('A number (in its unit).'),
    z.string().describe('A choice from its list, or text.'),
    z.boolean().describe('Yes (true) or no (false).'),
  ]),
);

/** A tool's specification values by attribute key; checked against its category's attributes. */
export const SpecsSchema = z
  .record(AttributeKeySchema, SpecValueSchema)
  .refine((specs) => Object.keys(specs).length <= MAX_ATTRIBUTES * 3, {
    error: 'Too many specifications.',
  });
export type Specs = z.infer<typeof SpecsSchema>;
