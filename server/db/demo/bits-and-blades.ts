import { BRANDS, family, gtin13, type SeedTool } from './types.ts';

/** The demo's drill bits, hole saws and saw blades. */

const sdsBits = family(
  {
    category: 'drill-bits',
    brand: BRANDS.power,
    image: 'sds-drill-bit',
    describe: (v) =>
      `An SDS-plus hammer drill bit, ${v.specs['bit-diameter']} mm across and ${v.specs['working-length']} mm of working length, with a four-cutter carbide head that centres on rebar and a four-flute spiral that clears dust fast.`,
  },
  (
    [
      [6, 100, 390, 9000],
      [8, 150, 450, 11000],
      [10, 200, 590, 7600],
      [12, 250, 790, 3400],
    ] as const
  ).map(([diameter, length, priceCents, quantity], index) => ({
    slug: `sds-plus-bit-${diameter}x${length}`,
    sku: `SDS-${diameter}-${length}`,
    mpn: `VSB-${diameter}${length}`,
    gtin: gtin13(`20270010000${index + 1}`),
    name: `SDS-plus Drill Bit ${diameter} × ${length + 60} mm`,
    specs: {
      'bit-type': 'SDS-plus' as const,
      'bit-diameter': diameter,
      'working-length': length,
      pieces: 1,
    },
    priceCents,
    quantity,
    minimumOrder: 20,
    orderIncrement: 10,
    priceTiers: [{ minQuantity: 200, priceCents: priceCents - 40 }],
  })),
);

const otherBits = family({ category: 'drill-bits', brand: BRANDS.own, describe: () => '' }, [
  {
    slug: 'hss-drill-bit-set-19',
    sku: 'HSS-SET-19',
    image: 'drill-bit-set',
    name: 'HSS-G Drill Bit Set, 1–10 mm, 19 pieces',
    specs: { 'bit-type': 'HSS', 'bit-diameter': 10, pieces: 19 },
    description:
      'Ground high-speed steel bits with a 135 degree split point that starts without a centre punch, from 1 to 10 mm in half-millimetre steps, in a metal case with a size index.',
    priceCents: 1490,
    quantity: 4600,
    minimumOrder: 10,
  },
  {
    slug: 'wood-spade-bit-set-6',
    sku: 'WSB-SET-6',
    image: 'drill-bit-set',
    name: 'Wood Spade Bit Set, 16–32 mm, 6 pieces',
    specs: { 'bit-type': 'Wood spade', 'bit-diameter': 32, pieces: 6 },
    description: 'Spur-tipped flat bits for cable and pipe runs through joists.',
    priceCents: 990,
    quantity: 3100,
    minimumOrder: 10,
  },
  {
    slug: 'hole-saw-kit-bimetal-9',
    sku: 'HSK-BM-9',
    brand: BRANDS.power,
    mpn: 'VHS-9K',
    gtin: gtin13('202700200018'),
    image: 'hole-saw-kit',
    name: 'Bi-Metal Hole Saw Kit, 22–68 mm, 9 pieces',
    specs: { 'bit-type': 'Hole saw', 'bit-diameter': 68, pieces: 9 },
    description:
      'Seven cobalt bi-metal hole saws for downlights, sockets and pipes, two arbors and a pilot bit, in a case. Cuts wood, plastic, plasterboard and sheet steel.',
    priceCents: 3490,
    quantity: 26,
    minimumOrder: 5,
  },
]);

const blades = family({ category: 'saw-blades', brand: BRANDS.power, describe: () => '' }, [
  {
    slug: 'circular-saw-blade-185mm-24t',
    sku: 'CSB-185-24',
    mpn: 'VCB185-24',
    gtin: gtin13('202700300015'),
    image: 'circular-saw-blade',
    name: 'Circular Saw Blade 185 mm, 24 teeth',
    specs: { 'blade-for': 'Wood', 'blade-diameter': 185, teeth: 24 },
    description:
      'Carbide-tipped blade for fast rip and cross cuts in construction timber; 20 mm bore with a 16 mm reducing ring.',
    priceCents: 1290,
    quantity: 5200,
    minimumOrder: 10,
    priceTiers: [{ minQuantity: 50, priceCents: 1150 }],
  },
  {
    slug: 'circular-saw-blade-185mm-48t',
    sku: 'CSB-185-48',
    mpn: 'VCB185-48',
    gtin: gtin13('202700300022'),
    image: 'circular-saw-blade',
    name: 'Circular Saw Blade 185 mm, 48 teeth',
    specs: { 'blade-for': 'Laminate', 'blade-diameter': 185, teeth: 48 },
    description: 'A fine-finish blade for worktops, sheet material and laminate flooring.',
    priceCents: 1690,
    quantity: 2800,
    minimumOrder: 10,
  },
  {
    slug: 'jigsaw-blades-wood-5',
    sku: 'JSB-W-5',
    brand: BRANDS.own,
    image: 'jigsaw-blades',
    name: 'Jigsaw Blades for Wood, T-shank, pack of 5',
    specs: { 'blade-for': 'Wood', teeth: 6 },
    description: 'Ground, set teeth for clean, fast curves in timber and board up to 60 mm.',
    priceCents: 390,
    quantity: 14000,
    minimumOrder: 50,
    orderIncrement: 10,
  },
  {
    slug: 'jigsaw-blades-metal-5',
    sku: 'JSB-M-5',
    brand: BRANDS.own,
    image: 'jigsaw-blades',
    name: 'Jigsaw Blades for Metal, T-shank, pack of 5',
    specs: { 'blade-for': 'Metal', teeth: 21 },
    description: 'Wavy-set HSS teeth for sheet steel, aluminium and pipe from 1 to 3 mm.',
    priceCents: 490,
    quantity: 9800,
    minimumOrder: 50,
    orderIncrement: 10,
  },
]);

export const bitsAndBlades: SeedTool[] = [...sdsBits, ...otherBits, ...blades];
