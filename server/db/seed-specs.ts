/**
 * The demo catalogue's specifications: what each demo category defines (its sub-categories inherit
 * it) and each demo tool's values, keyed by the slugs of seed-data.ts. Migration 0030 gave stores
 * seeded before specifications existed the same ones.
 */

export interface SeedAttribute {
  key: string;
  name: string;
  kind: 'number' | 'choice' | 'boolean' | 'text';
  unit?: string;
  options?: string[];
  filterable?: boolean;
}

export const seedAttributes: Record<string, SeedAttribute[]> = {
  'power-tools': [
    { key: 'voltage', name: 'Voltage', kind: 'number', unit: 'V', filterable: true },
    {
      key: 'power-source',
      name: 'Power source',
      kind: 'choice',
      options: ['Corded', 'Cordless'],
      filterable: true,
    },
  ],
  drills: [
    { key: 'chuck-size', name: 'Chuck size', kind: 'number', unit: 'mm', filterable: true },
    { key: 'brushless', name: 'Brushless motor', kind: 'boolean' },
  ],
  grinders: [
    { key: 'disc-diameter', name: 'Disc diameter', kind: 'number', unit: 'mm', filterable: true },
  ],
  'power-saws': [
    { key: 'blade-diameter', name: 'Blade diameter', kind: 'number', unit: 'mm', filterable: true },
  ],
  'hand-tools': [{ key: 'material', name: 'Material', kind: 'text' }],
  'wrenches-and-sockets': [
    {
      key: 'drive-size',
      name: 'Drive size',
      kind: 'choice',
      options: ['1/4 inch', '3/8 inch', '1/2 inch'],
      filterable: true,
    },
    { key: 'pieces', name: 'Pieces', kind: 'number' },
  ],
  'measuring-and-layout': [
    { key: 'length', name: 'Length', kind: 'number', unit: 'm', filterable: true },
  ],
  'safety-gear': [
    { key: 'size', name: 'Size', kind: 'choice', options: ['S', 'M', 'L', 'XL'], filterable: true },
  ],
};

export const seedSpecs: Record<string, Record<string, number | string | boolean>> = {
  'hammer-drill-kit-13mm-120-pieces': {
    voltage: 230,
    'power-source': 'Corded',
    'chuck-size': 13,
    brushless: false,
  },
  'cordless-impact-driver-18v': { voltage: 18, 'power-source': 'Cordless', brushless: true },
  'angle-grinder-125mm': { voltage: 230, 'power-source': 'Corded', 'disc-diameter': 125 },
  'circular-saw-185mm': { voltage: 230, 'power-source': 'Corded', 'blade-diameter': 185 },
  'socket-set-94-pieces': {
    'drive-size': '1/2 inch',
    pieces: 94,
    material: 'Chrome vanadium steel',
  },
  'combination-wrench-set-8-pieces': { pieces: 8, material: 'Chrome vanadium steel' },
  'claw-hammer-450g': { material: 'Forged steel head, fiberglass handle' },
  'tape-measure-8m': { length: 8 },
  'spirit-level-600mm': { length: 0.6 },
  'nitrile-safety-gloves-box-100': { size: 'L' },
};
