import { z } from 'zod';
import { ATTRIBUTE_KINDS, CreateAttributeBodySchema } from '#contract/specifications.ts';

/** A new specification as its form holds it: the choices typed one per line, the unit as typed. */
export const attributeFormSchema = z
  .object({
    key: z.string(),
    name: z.string(),
    kind: z.enum(ATTRIBUTE_KINDS),
    unit: z.string(),
    options: z.string(),
    filterable: z.boolean(),
  })
  .transform(({ unit, options, ...rest }, context) => {
    const parsed = CreateAttributeBodySchema.safeParse({
      ...rest,
      unit: unit.trim() === '' ? null : unit.trim(),
      options: options
        .split('\n')
        .map((option) => option.trim())
        .filter(Boolean),
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return z.NEVER;
  });
export type AttributeFormInput = z.input<typeof attributeFormSchema>;
export type AttributeFormOutput = z.output<typeof attributeFormSchema>;
export const ATTRIBUTE_FORM_FIELDS = [
  'key',
  'name',
  'kind',
  'unit',
  'options',
  'filterable',
] as const;

export const KIND_LABELS = {
  number: 'Number (with a unit)',
  choice: 'Choice from a list',
  boolean: 'Yes or no',
  text: 'Text',
} as const;
