import { AppError, fieldError } from '../../errors.ts';

/**
 * What PostgreSQL refuses in a tool's write, said as the checks before it would have said it: the
 * checks read first and the write comes after, so a category deleted or a SKU taken in between
 * reaches the database's own constraints instead of the service's checks.
 */

/** The constraint PostgreSQL names in `error` or one of its causes, if any. */
function violatedConstraint(error: unknown): string | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const constraint = (cause as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}

/** The category the service checked was deleted before the write (a foreign key, 23503). */
export const CATEGORY_GONE = 'No category with this id: choose another category.';

/**
 * The same problem the checks give for what the database refused, or undefined when the error is
 * none of these. `sku`: the SKU the request sets (undefined: the store numbers the tool).
 */
function writeProblem(error: unknown, sku: string | undefined): AppError | undefined {
  switch (violatedConstraint(error)) {
    case 'tools_sku_idx': {
      const message =
        sku === undefined
          ? 'The SKU the store chose for this tool is already taken: give the tool a SKU of its own.'
          : `Another tool already has the SKU ${sku} (SKUs are the same whatever the letter case).`;
      return new AppError(409, 'sku_taken', message, [{ field: 'sku', in: 'body', message }]);
    }
    case 'tools_category_id_categories_id_fk':
      return fieldError('categoryId', CATEGORY_GONE);
    case 'tool_relations_related_id_tools_id_fk':
      return fieldError('related', 'A related tool was removed meanwhile: choose the tools again.');
    default:
      return undefined;
  }
}

/** Runs a tool's write, turning what the database refused into the problem the checks give. */
export async function withToolConstraints<T>(
  sku: string | undefined,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw writeProblem(error, sku) ?? error;
  }
}
