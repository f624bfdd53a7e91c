import type { FieldError } from '../../../contract/problem.ts';
import { isSpecNumber, type Specs, specNumberRule } from '../../../contract/specifications.ts';
import type { UpdateToolBody } from '../../../contract/tools.ts';
import type { Tx } from '../../db/client.ts';
import { badRequest, fieldError } from '../../errors.ts';
import { CATEGORY_GONE } from './tool-write-problems.ts';
import * as repo from './tools.repo.ts';

/**
 * A tool's specification values checked against the attributes its category has (its own and
 * those above it; docs/decisions/040): every key one of them, every value of its kind.
 */

/** An attribute as the check needs it (server/modules/categories gives them). */
export interface SpecRule {
  key: string;
  name: string;
  kind: string;
  unit: string | null;
  options: string[];
}

/** Why a value does not fit its attribute, or undefined when it does. */
function valueProblem(rule: SpecRule, value: Specs[string]): string | undefined {
  switch (rule.kind) {
    case 'number':
      return isSpecNumber(value) ? undefined : specNumberRule(rule);
    case 'choice':
      return typeof value === 'string' && rule.options.includes(value)
        ? undefined
        : `${rule.name} must be one of: ${rule.options.join(', ')}.`;
    case 'boolean':
      return typeof value === 'boolean'
        ? undefined
        : `${rule.name} must be yes or no (true or false).`;
    default:
      return typeof value === 'string' ? undefined : `${rule.name} must be text.`;
  }
}

/** Each value that does not fit, under `specs.<key>`. `rules`: null when the tool has no category. */
export function specProblems(specs: Specs, rules: readonly SpecRule[] | null): FieldError[] {
  const byKey = new Map((rules ?? []).map((rule) => [rule.key, rule]));
  return Object.entries(specs).flatMap(([key, value]): FieldError[] => {
    const rule = byKey.get(key);
    const message = rule
      ? valueProblem(rule, value)
      : rules === null
        ? 'A tool in no category has no specifications: choose its category first.'
        : `The tool’s category has no specification with the key ${key}.`;
    return message ? [{ field: `specs.${key}`, in: 'body', message }] : [];
  });
}

/**
 * The values a tool is saved with: those sent, checked against its category's attributes; without
 * any sent, after a move, those it had that the new category also has (the others are dropped).
 * Undefined: the values stay as they are.
 */
export function resolveSpecs(
  rules: readonly SpecRule[] | undefined,
  categoryId: string | null,
  sent: Specs | undefined,
  kept: Specs | undefined,
): Specs | undefined {
  if (categoryId !== null && rules === undefined) throw fieldError('categoryId', CATEGORY_GONE);
  if (sent !== undefined) {
    const problems = specProblems(sent, categoryId === null ? null : (rules ?? []));
    if (problems.length > 0) {
      throw badRequest(problems[0]?.message ?? 'These specifications do not fit.', problems);
    }
    return sent;
  }
  if (kept === undefined) return undefined;
  const keys = new Set((rules ?? []).map((rule) => rule.key));
  return Object.fromEntries(Object.entries(kept).filter(([key]) => keys.has(key)));
}

/**
 * A change to a tool's category or values reads the specifications under the categories' share
 * lock, taken before the tool's row lock (category changes take the categories' lock, then tools'
 * rows: the same order, so neither waits for the other in a circle). Undefined: the change touches
 * neither.
 */
export async function specRulesForUpdate(
  tx: Tx,
  id: string,
  changes: Pick<UpdateToolBody, 'categoryId' | 'specs'>,
  specsOf: (tx: Tx, categoryId: string | null) => Promise<readonly SpecRule[] | undefined>,
) {
  if (changes.categoryId === undefined && changes.specs === undefined) return undefined;
  const before =
    changes.categoryId !== undefined
      ? changes.categoryId
      : ((await repo.findTool(tx, id))?.categoryId ?? null);
  const first = await specsOf(tx, before);
  return async (categoryId: string | null) =>
    categoryId === before ? first : specsOf(tx, categoryId);
}
