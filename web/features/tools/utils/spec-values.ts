import type { Category } from '#contract/categories.ts';
import {
  type Attribute,
  isSpecNumber,
  type Specs,
  specNumberRule,
} from '#contract/specifications.ts';

/** A tool's specification values as its form holds them: numbers as typed, yes/no as ticked. */
export type SpecFormValues = Record<string, string | boolean | undefined>;

export function specsToForm(specs: Specs): SpecFormValues {
  return Object.fromEntries(
    Object.entries(specs).map(([key, value]) => [
      key,
      typeof value === 'number' ? String(value) : value,
    ]),
  );
}

/**
 * The values to send for the attributes the chosen category has (the others are left out: the
 * store drops them), and what cannot be sent, by key. An empty field is no value; an unticked
 * box is "No".
 */
export function specsFromForm(
  raw: SpecFormValues | undefined,
  attributes: readonly Attribute[],
): { specs: Specs; problems: { key: string; message: string }[] } {
  const specs: Specs = {};
  const problems: { key: string; message: string }[] = [];
  for (const attribute of attributes) {
    const value = raw?.[attribute.key];
    if (attribute.kind === 'boolean') {
      specs[attribute.key] = value === true;
      continue;
    }
    const typed = typeof value === 'string' ? value.trim() : '';
    if (typed === '') continue;
    if (attribute.kind === 'number') {
      const number = Number(typed.replace(',', '.'));
      if (isSpecNumber(number)) specs[attribute.key] = number;
      else
        problems.push({
          key: attribute.key,
          message: Number.isFinite(number)
            ? specNumberRule(attribute)
            : 'Enter a number, such as 13 or 2.5.',
        });
      continue;
    }
    specs[attribute.key] = typed;
  }
  return { specs, problems };
}

/** Where the server's field errors about values go: `specs.<key>` of every attribute. */
export function specFieldNames(tree: readonly Category[]): `specs.${string}`[] {
  return tree.flatMap((category) =>
    category.attributes.map((attribute) => `specs.${attribute.key}` as const),
  );
}
