import { describe, expect, it } from 'vitest';
import { seedCategories, seedTools } from './seed-data.ts';
import { seedAttributes, seedSpecs } from './seed-specs.ts';

/** The demo values fit the demo attributes as the server's check would have them. */

/** The attributes a tool in this category has: its own and those of the categories above it. */
function attributesOf(slug: string) {
  const lineage: string[] = [];
  for (let at: string | undefined = slug; at; ) {
    lineage.unshift(at);
    at = seedCategories.find((category) => category.slug === at)?.parent;
  }
  return lineage.flatMap((category) => seedAttributes[category] ?? []);
}

describe('the demo specifications', () => {
  it('give values only to demo tools, each one its category has, of its kind', () => {
    for (const [slug, specs] of Object.entries(seedSpecs)) {
      const tool = seedTools.find((entry) => entry.slug === slug);
      expect(tool, slug).toBeDefined();
      const attributes = attributesOf(tool?.category ?? '');
      for (const [key, value] of Object.entries(specs)) {
        const attribute = attributes.find((entry) => entry.key === key);
        expect(attribute, `${slug}: ${key}`).toBeDefined();
        const kind = attribute?.kind;
        if (kind === 'number') expect(typeof value).toBe('number');
        if (kind === 'boolean') expect(typeof value).toBe('boolean');
        if (kind === 'text') expect(typeof value).toBe('string');
        if (kind === 'choice') expect(attribute?.options).toContain(value);
      }
    }
  });

  it('define attributes only on demo categories, keys unique along each branch', () => {
    for (const slug of Object.keys(seedAttributes)) {
      expect(seedCategories.map((category) => category.slug)).toContain(slug);
    }
    for (const category of seedCategories) {
      const keys = attributesOf(category.slug).map((attribute) => attribute.key);
      expect(new Set(keys).size, category.slug).toBe(keys.length);
    }
  });
});
