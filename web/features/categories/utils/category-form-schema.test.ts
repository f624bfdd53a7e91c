import { describe, expect, it } from 'vitest';
import type { Category } from '#contract/categories.ts';
import { categoryFormSchema, slugFrom, subtreeOf } from './category-form-schema.ts';

const category = (id: string, depth: number, parentId: string | null): Category => ({
  _id: id,
  slug: id,
  name: id,
  description: '',
  img: null,
  parentId,
  depth,
  toolCount: 0,
  attributes: [],
});

/** Depth first, as GET /api/categories answers. */
const tree = [
  category('power', 1, null),
  category('drills', 2, 'power'),
  category('hammer', 3, 'drills'),
  category('saws', 2, 'power'),
  category('hand', 1, null),
];

describe('the category form', () => {
  it('makes an address from a name', () => {
    expect(slugFrom('Hammer drills')).toBe('hammer-drills');
    expect(slugFrom('  Über-Säge 2000!  ')).toBe('uber-sage-2000');
  });

  it('knows a category and those below it, where it cannot be moved', () => {
    expect([...subtreeOf(tree, 'power')]).toEqual(['power', 'drills', 'hammer', 'saws']);
    expect([...subtreeOf(tree, 'drills')]).toEqual(['drills', 'hammer']);
    expect([...subtreeOf(tree, 'hand')]).toEqual(['hand']);
  });

  it('sends no parent for the top level and the position as a number', () => {
    expect(
      categoryFormSchema.parse({
        name: 'Clamps',
        slug: 'clamps',
        description: '',
        parentId: '',
        position: '3',
      }),
    ).toEqual({ name: 'Clamps', slug: 'clamps', description: '', parentId: null, position: 3 });
    expect(
      categoryFormSchema.safeParse({
        name: 'Clamps',
        slug: 'clamps',
        description: '',
        parentId: '',
        position: '-1',
      }).success,
    ).toBe(false);
  });
});
