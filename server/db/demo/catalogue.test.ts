import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isValidGtin } from '../../../contract/part-numbers.ts';
import { CreateAttributeBodySchema } from '../../../contract/specifications.ts';
import { MAX_RELATED_TOOLS } from '../../../contract/tool-media-kinds.ts';
import { CreateToolBodySchema } from '../../../contract/tools.ts';
import { seedTools } from '../seed-data.ts';
import { seedAttributes, seedCategories } from './categories.ts';
import { seedRelations } from './relations.ts';

/**
 * The demo catalogue is one an admin could have typed: every tool passes the checks of the form
 * (part numbers, prices, packs, volume prices), its values fit its category's attributes as the
 * server checks them, and it is big and varied enough to browse (issue 27).
 */

const IMAGES = new URL('../../../web/public/images/tools/', import.meta.url);
const UUID = '00000000-0000-4000-8000-000000000000';

/** The categories from the top down to this one. */
function lineage(slug: string): string[] {
  const path: string[] = [];
  for (let at: string | undefined = slug; at; ) {
    path.unshift(at);
    at = seedCategories.find((category) => category.slug === at)?.parent;
  }
  return path;
}
const attributesOf = (slug: string) => lineage(slug).flatMap((at) => seedAttributes[at] ?? []);

describe('the demo catalogue', () => {
  it('has at least 150 tools in at least 8 top-level categories, three levels deep somewhere', () => {
    expect(seedTools.length).toBeGreaterThanOrEqual(150);
    expect(seedCategories.filter((category) => !category.parent).length).toBeGreaterThanOrEqual(8);
    expect(lineage('hammer-drills')).toEqual(['power-tools', 'drills', 'hammer-drills']);
    for (const category of seedCategories) {
      const inIt = seedTools.filter((tool) => lineage(tool.category).includes(category.slug));
      expect(inIt.length, category.slug).toBeGreaterThanOrEqual(2);
    }
  });

  it('passes the checks an admin’s tool passes, with part numbers of its own', () => {
    for (const tool of seedTools) {
      const body = {
        sku: tool.sku,
        brand: tool.brand,
        ...(tool.mpn ? { mpn: tool.mpn } : {}),
        ...(tool.gtin ? { gtin: tool.gtin } : {}),
        categoryId: UUID,
        specs: tool.specs,
        name: tool.name,
        img: `/images/tools/${tool.image ?? tool.slug}.svg`,
        description: tool.description,
        quantity: tool.quantity,
        minimumOrder: tool.minimumOrder,
        orderIncrement: tool.orderIncrement ?? 1,
        maxPerOrder: tool.maxPerOrder ?? null,
        price: tool.priceCents,
        priceTiers: (tool.priceTiers ?? []).map((tier) => ({
          minQuantity: tier.minQuantity,
          price: tier.priceCents,
        })),
      };
      const parsed = CreateToolBodySchema.safeParse(body);
      expect(parsed.error?.issues ?? [], tool.slug).toEqual([]);
      expect(tool.priceCents, tool.slug).toBeGreaterThan(0);
      expect(tool.description, tool.slug).toMatch(/^[A-Z0-9].{30,}[.!]$/s);
      expect(existsSync(new URL(body.img.replace('/images/tools/', ''), IMAGES)), body.img).toBe(
        true,
      );
      if (tool.gtin) expect(isValidGtin(tool.gtin), tool.slug).toBe(true);
      // The search takes a word with a digit in it for a part number (search.repo.ts).
      expect(tool.sku, tool.slug).toMatch(/\d/);
    }
    const unique = (values: string[]) => new Set(values).size === values.length;
    expect(unique(seedTools.map((tool) => tool.slug))).toBe(true);
    expect(unique(seedTools.map((tool) => tool.sku.toLowerCase()))).toBe(true);
    expect(unique(seedTools.flatMap((tool) => tool.gtin ?? []))).toBe(true);
    expect(unique(seedTools.map((tool) => tool.name))).toBe(true);
  });

  it('gives every tool values of its category’s attributes, each of its kind', () => {
    for (const tool of seedTools) {
      expect(
        seedCategories.map((category) => category.slug),
        tool.slug,
      ).toContain(tool.category);
      const attributes = attributesOf(tool.category);
      if (tool.slug !== 'quick-release-bar-clamps-4-pieces') {
        expect(Object.keys(tool.specs).length, tool.slug).toBeGreaterThan(0);
      }
      for (const [key, value] of Object.entries(tool.specs)) {
        const attribute = attributes.find((entry) => entry.key === key);
        expect(attribute, `${tool.slug}: ${key}`).toBeDefined();
        const kind = attribute?.kind;
        if (kind === 'number') expect(typeof value, `${tool.slug}: ${key}`).toBe('number');
        if (kind === 'boolean') expect(typeof value, `${tool.slug}: ${key}`).toBe('boolean');
        if (kind === 'text') expect(typeof value, `${tool.slug}: ${key}`).toBe('string');
        if (kind === 'choice') expect(attribute?.options, `${tool.slug}: ${key}`).toContain(value);
      }
    }
  });

  it('defines attributes an admin could define, on demo categories, keys unique along each branch', () => {
    for (const [slug, attributes] of Object.entries(seedAttributes)) {
      expect(seedCategories.map((category) => category.slug)).toContain(slug);
      for (const attribute of attributes) {
        const parsed = CreateAttributeBodySchema.safeParse(attribute);
        expect(parsed.error?.issues ?? [], `${slug}: ${attribute.key}`).toEqual([]);
      }
    }
    for (const category of seedCategories) {
      const keys = attributesOf(category.slug).map((attribute) => attribute.key);
      expect(new Set(keys).size, category.slug).toBe(keys.length);
    }
  });

  it('shows every state a buyer meets: out of stock, running low, packs, caps and volume prices', () => {
    const count = (test: (tool: (typeof seedTools)[number]) => boolean) =>
      seedTools.filter(test).length;
    expect(count((tool) => tool.quantity === 0)).toBeGreaterThanOrEqual(5);
    expect(
      count((tool) => tool.quantity > 0 && tool.quantity < tool.minimumOrder * 10),
    ).toBeGreaterThanOrEqual(5);
    expect(count((tool) => (tool.orderIncrement ?? 1) > 1)).toBeGreaterThanOrEqual(10);
    expect(count((tool) => tool.maxPerOrder !== undefined)).toBeGreaterThanOrEqual(3);
    expect(count((tool) => (tool.priceTiers ?? []).length > 0)).toBeGreaterThanOrEqual(30);
    expect(count((tool) => tool.description.length > 100)).toBeGreaterThanOrEqual(50);
    expect(count((tool) => tool.description.length <= 100)).toBeGreaterThanOrEqual(10);
    expect(new Set(seedTools.map((tool) => tool.brand)).size).toBeGreaterThanOrEqual(5);
  });

  it('shows accessories and what a buyer may also need beside its power tools, as an admin could set them', () => {
    const slugs = new Set(seedTools.map((tool) => tool.slug));
    const byTool = new Map<string, string[]>();
    for (const relation of seedRelations) {
      expect(slugs.has(relation.tool), relation.tool).toBe(true);
      expect(slugs.has(relation.related), relation.related).toBe(true);
      expect(relation.related).not.toBe(relation.tool);
      byTool.set(relation.tool, [...(byTool.get(relation.tool) ?? []), relation.related]);
    }
    for (const [tool, related] of byTool) {
      expect(new Set(related).size, tool).toBe(related.length);
      expect(related.length, tool).toBeLessThanOrEqual(MAX_RELATED_TOOLS);
    }
    expect(byTool.size).toBeGreaterThanOrEqual(20);
  });
});
