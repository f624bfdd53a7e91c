import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { buildTestApp, type TestContext } from '../../testing/test-app.ts';
import { createCatalogueIndex } from './catalogue-index.ts';
import { createToolCache } from './tool-cache.ts';
import { createToolsService } from './tools.service.ts';

/**
 * A category deleted between the tools service's check and its write: the database's foreign key
 * refuses the write, and the admin hears what the check would have said (400 under categoryId),
 * not a 500.
 */

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A tools service whose category check passes, then the category goes before the write. */
function serviceWhereTheCategoryGoesAfterItsCheck() {
  return createToolsService(t.db, {
    index: createCatalogueIndex(t.db, {
      readShape: async () => ({ categories: [], attributes: [] }),
    }),
    toolCache: createToolCache(),
    onChange: () => {},
    defaultBrand: 'Toolyard',
    // The real one holds the categories still; this one lets the category go after reading it.
    specsOf: async (_tx, id) => {
      if (id) await t.db.delete(categories).where(eq(categories.id, id));
      return [];
    },
    documentSize: async () => null,
  });
}

async function refusal(write: () => Promise<unknown>): Promise<AppError> {
  const error = await write().then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('a category deleted between the check and the write', () => {
  it('refuses adding a tool to it as the check does, under categoryId', async () => {
    const admin = await t.addAccount({ role: 'Admin' });
    const category = await t.addCategory();
    const tools = serviceWhereTheCategoryGoesAfterItsCheck();
    const error = await refusal(() =>
      tools.create(
        {
          name: 'Racing Drill',
          img: '/images/tools/test.svg',
          description: 'A drill added while its category was being deleted.',
          quantity: 100,
          minimumOrder: 10,
          price: 1000,
          priceTiers: [],
          orderIncrement: 1,
          maxPerOrder: null,
          weightGrams: 0,
          gallery: [],
          documents: [],
          related: [],
          categoryId: category.id,
        },
        admin,
      ),
    );
    expect({ status: error.status, code: error.code, errors: error.errors }).toEqual({
      status: 400,
      code: 'validation_failed',
      errors: [
        {
          field: 'categoryId',
          in: 'body',
          message: 'No category with this id: choose another category.',
        },
      ],
    });
  });

  it('refuses moving a tool into it as the check does, under categoryId', async () => {
    const admin = await t.addAccount({ role: 'Admin' });
    const category = await t.addCategory();
    const tool = await t.addTool();
    const tools = serviceWhereTheCategoryGoesAfterItsCheck();
    const error = await refusal(() => tools.update(tool.id, { categoryId: category.id }, admin));
    expect([error.status, error.errors?.[0]?.field]).toEqual([400, 'categoryId']);
  });
});
