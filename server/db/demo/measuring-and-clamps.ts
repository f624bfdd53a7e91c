import { BRANDS, family, gtin13, type SeedTool } from './types.ts';

/** The demo's measuring tools and clamps beyond the first fifteen. */

const tapes = family(
  {
    category: 'measuring-and-layout',
    brand: BRANDS.measure,
    image: 'tape-measure-8m',
    describe: (v) =>
      `A ${v.specs.length} m tape with a ${v.specs.length === 3 ? 16 : 25} mm blade, class II accuracy, a positive lock and a belt clip.`,
  },
  [
    {
      slug: 'tape-measure-3m',
      sku: 'TM-3',
      gtin: gtin13('202300100019'),
      mpn: 'PH-T3',
      name: '3 m Pocket Tape Measure',
      specs: { length: 3, accuracy: 'EC class II' },
      priceCents: 249,
      quantity: 30000,
      minimumOrder: 200,
      orderIncrement: 50,
      priceTiers: [{ minQuantity: 1000, priceCents: 219 }],
    },
    {
      slug: 'tape-measure-5m',
      sku: 'TM-5',
      gtin: gtin13('202300100026'),
      mpn: 'PH-T5',
      name: '5 m Tape Measure',
      specs: { length: 5, accuracy: 'EC class II' },
      note: 'Magnetic hook for steel studs.',
      priceCents: 449,
      quantity: 21000,
      minimumOrder: 100,
      priceTiers: [{ minQuantity: 500, priceCents: 399 }],
    },
    {
      slug: 'tape-measure-10m',
      sku: 'TM-10',
      brand: BRANDS.own,
      name: '10 m Tape Measure',
      specs: { length: 10, accuracy: 'EC class II' },
      note: 'Stands out to 3.6 m, enough to measure a ceiling alone.',
      priceCents: 990,
      quantity: 64,
      minimumOrder: 50,
    },
  ],
);

const levels = family(
  {
    category: 'measuring-and-layout',
    brand: BRANDS.measure,
    image: 'spirit-level-600mm',
    describe: (v) =>
      `A level ${Math.round(Number(v.specs.length) * 1000).toLocaleString('en-US')} mm long, its milled face accurate to ${v.specs.accuracy}.`,
  },
  [
    {
      slug: 'spirit-level-1200mm',
      sku: 'SL-1200',
      mpn: 'PH-L1200',
      gtin: gtin13('202300200016'),
      name: '1200 mm Box Spirit Level',
      specs: { length: 1.2, accuracy: '0.5 mm/m' },
      note: 'Two hand holes and rubber end caps; for bricklaying and formwork.',
      priceCents: 2190,
      quantity: 2400,
      minimumOrder: 10,
    },
    {
      slug: 'spirit-level-1800mm',
      sku: 'SL-1800',
      mpn: 'PH-L1800',
      gtin: gtin13('202300200023'),
      name: '1800 mm Box Spirit Level',
      specs: { length: 1.8, accuracy: '0.5 mm/m' },
      priceCents: 3190,
      quantity: 6,
      minimumOrder: 10,
    },
    {
      slug: 'torpedo-level-230mm',
      sku: 'SL-T230',
      brand: BRANDS.own,
      name: '230 mm Magnetic Torpedo Level',
      specs: { length: 0.23, accuracy: '1 mm/m' },
      note: 'Sticks to pipe, conduit and steel; fits a pocket.',
      priceCents: 390,
      quantity: 14000,
      minimumOrder: 100,
    },
  ],
);

const layout = family({ category: 'laser-tools', brand: BRANDS.measure, describe: () => '' }, [
  {
    slug: 'laser-distance-meter-50m',
    sku: 'LD-50',
    mpn: 'PH-LD50',
    gtin: gtin13('202300300013'),
    image: 'laser-distance-meter',
    name: 'Laser Distance Meter, 50 m',
    specs: { range: 50, 'laser-colour': 'Red', accuracy: '±2 mm' },
    description:
      'Measures distance, area and volume, adds and subtracts, and works out heights by Pythagoras. The last 20 readings stay in memory.',
    priceCents: 3990,
    quantity: 1300,
    minimumOrder: 5,
  },
  {
    slug: 'laser-distance-meter-100m',
    sku: 'LD-100',
    mpn: 'PH-LD100',
    gtin: gtin13('202300300020'),
    image: 'laser-distance-meter',
    name: 'Laser Distance Meter, 100 m, Bluetooth',
    specs: { range: 100, 'laser-colour': 'Red', accuracy: '±1.5 mm' },
    description:
      'A point finder camera for bright sites and Bluetooth to send readings to a phone or tablet.',
    priceCents: 11900,
    quantity: 240,
    minimumOrder: 2,
  },
  {
    slug: 'cross-line-laser-green',
    sku: 'LL-2G',
    mpn: 'PH-XLG',
    gtin: gtin13('202300300037'),
    image: 'cross-line-laser',
    name: 'Green Cross-Line Laser, self-levelling',
    specs: { range: 30, 'laser-colour': 'Green', accuracy: '±0.3 mm/m' },
    description:
      'A green beam four times as visible as red, self-levelling within 4 degrees, with a pendulum lock for sloped lines and a 1/4 inch tripod thread. Runs 20 hours on three AA cells.',
    priceCents: 8990,
    quantity: 18,
    minimumOrder: 2,
  },
]);

const squares = family(
  {
    category: 'measuring-and-layout',
    brand: BRANDS.own,
    image: 'combination-square',
    describe: () => '',
  },
  [
    {
      slug: 'combination-square-300mm',
      sku: 'SQ-C300',
      name: '300 mm Combination Square',
      specs: { length: 0.3, accuracy: '0.1 mm' },
      description:
        'A stainless rule in a cast head with a 45 and 90 degree face, a spirit vial and a scriber.',
      priceCents: 990,
      quantity: 3400,
      minimumOrder: 20,
    },
    {
      slug: 'digital-caliper-150mm',
      sku: 'DC-150',
      brand: BRANDS.measure,
      mpn: 'PH-DC150',
      gtin: gtin13('202300400010'),
      name: '150 mm Digital Caliper',
      specs: { length: 0.15, accuracy: '0.02 mm' },
      description: 'Stainless steel, reads in mm and inches, zero at any point.',
      priceCents: 1990,
      quantity: 900,
      minimumOrder: 10,
    },
  ],
);

const clamps = family(
  {
    category: 'clamps',
    brand: BRANDS.hand,
    describe: (v) =>
      `A ${v.name.includes('G-Clamp') ? 'forged G-clamp' : 'sliding-arm F-clamp'} opening to ${v.specs.opening} mm, with a throat of ${v.specs['throat-depth']} mm.`,
  },
  [
    {
      slug: 'f-clamp-300mm',
      sku: 'CL-F-300',
      mpn: 'BH-F300',
      gtin: gtin13('202200700010'),
      image: 'f-clamp',
      name: 'F-Clamp, 300 × 120 mm',
      specs: { opening: 300, 'throat-depth': 120 },
      note: 'Wooden handle and swivel pad.',
      priceCents: 690,
      quantity: 5800,
      minimumOrder: 20,
    },
    {
      slug: 'f-clamp-600mm',
      sku: 'CL-F-600',
      mpn: 'BH-F600',
      gtin: gtin13('202200700027'),
      image: 'f-clamp',
      name: 'F-Clamp, 600 × 120 mm',
      specs: { opening: 600, 'throat-depth': 120 },
      priceCents: 990,
      quantity: 3200,
      minimumOrder: 20,
    },
    {
      slug: 'f-clamp-1000mm',
      sku: 'CL-F-1000',
      mpn: 'BH-F1000',
      gtin: gtin13('202200700034'),
      image: 'f-clamp',
      name: 'F-Clamp, 1000 × 120 mm',
      specs: { opening: 1000, 'throat-depth': 120 },
      note: 'For carcasses and door frames.',
      priceCents: 1490,
      quantity: 7,
      minimumOrder: 10,
    },
    {
      slug: 'g-clamp-100mm',
      sku: 'CL-G-100',
      brand: BRANDS.own,
      image: 'g-clamp',
      name: '100 mm G-Clamp',
      specs: { opening: 100, 'throat-depth': 65 },
      note: 'Malleable iron frame for welding jigs.',
      priceCents: 490,
      quantity: 7600,
      minimumOrder: 25,
    },
    {
      slug: 'g-clamp-150mm',
      sku: 'CL-G-150',
      brand: BRANDS.own,
      image: 'g-clamp',
      name: '150 mm G-Clamp',
      specs: { opening: 150, 'throat-depth': 80 },
      priceCents: 690,
      quantity: 5100,
      minimumOrder: 25,
    },
  ],
);

export const measuringAndClamps: SeedTool[] = [
  ...tapes,
  ...levels,
  ...layout,
  ...squares,
  ...clamps,
];
