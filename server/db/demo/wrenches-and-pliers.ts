import { BRANDS, family, gtin13, type SeedTool } from './types.ts';

/** The demo's wrenches, sockets and pliers beyond the first fifteen tools. */

const crv = 'Chrome vanadium steel';

const wrenches = family(
  {
    category: 'wrenches-and-sockets',
    brand: BRANDS.hand,
    image: 'combination-wrench',
    describe: (v) =>
      `A ${v.specs['size-range']} combination wrench in ${crv.toLowerCase()}, with a 15 degree offset open end and a 12-point ring.`,
  },
  [13, 17, 19].map((size, index) => ({
    slug: `combination-wrench-${size}mm`,
    sku: `CW-${size}`,
    mpn: `BH-CW${size}`,
    gtin: gtin13(`20220010${size}0${index}`.slice(0, 12)),
    name: `${size} mm Combination Wrench`,
    specs: { 'size-range': `${size} mm`, material: crv, 'overall-length': 150 + size * 6 },
    priceCents: 290 + size * 18,
    quantity: [4800, 5200, 3900][index] ?? 0,
    minimumOrder: 25,
    priceTiers: [{ minQuantity: 100, priceCents: 250 + size * 17 }],
  })),
);

const moreWrenches = family(
  { category: 'wrenches-and-sockets', brand: BRANDS.hand, describe: () => '' },
  [
    {
      slug: 'adjustable-wrench-250mm',
      sku: 'AW-250',
      mpn: 'BH-AW10',
      gtin: gtin13('202200200015'),
      image: 'adjustable-wrench',
      name: '250 mm Adjustable Wrench',
      specs: { 'size-range': '0–30 mm', material: crv, 'overall-length': 250 },
      description:
        'A drop-forged adjustable wrench opening to 30 mm, with a fine worm screw that holds its setting and a metric and inch scale on the jaw.',
      priceCents: 1190,
      quantity: 3600,
      minimumOrder: 20,
    },
    {
      slug: 'adjustable-wrench-300mm',
      sku: 'AW-300',
      brand: BRANDS.own,
      image: 'adjustable-wrench',
      name: '300 mm Adjustable Wrench',
      specs: { 'size-range': '0–34 mm', material: crv, 'overall-length': 300 },
      description: 'Opens to 34 mm for plumbing nuts and scaffold fittings.',
      priceCents: 1390,
      quantity: 2100,
      minimumOrder: 20,
    },
    {
      slug: 'torque-wrench-half-inch-40-210nm',
      sku: 'TW-12-210',
      mpn: 'BH-TW210',
      gtin: gtin13('202200200022'),
      image: 'torque-wrench',
      name: 'Torque Wrench, 1/2 inch drive, 40–210 Nm',
      specs: {
        'drive-size': '1/2 inch',
        'size-range': '40–210 Nm',
        material: crv,
        'overall-length': 520,
      },
      description:
        'A click-type torque wrench accurate to ±4 %, with a dual Nm and ft-lb scale, a reversible 48-tooth ratchet head and a calibration certificate. Stored in a fitted case; set it back to the lowest value after use.',
      priceCents: 5490,
      quantity: 480,
      minimumOrder: 5,
    },
    {
      slug: 'socket-set-quarter-inch-46-pieces',
      sku: 'SS-14-46',
      mpn: 'BH-SS46',
      gtin: gtin13('202200200039'),
      image: 'socket-set-94-pieces',
      name: 'Socket Set, 1/4 inch drive, 46 pieces',
      specs: { 'drive-size': '1/4 inch', pieces: 46, 'size-range': '4–14 mm', material: crv },
      description:
        'Metric sockets from 4 to 14 mm, bits, a 72-tooth ratchet and a spinner handle in a compact case that fits a van door pocket.',
      priceCents: 2290,
      quantity: 2700,
      minimumOrder: 10,
    },
  ],
);

const pliers = family({ category: 'pliers', brand: BRANDS.hand, describe: () => '' }, [
  {
    slug: 'water-pump-pliers-250mm',
    sku: 'PL-WP-250',
    mpn: 'BH-WP250',
    gtin: gtin13('202200300012'),
    image: 'water-pump-pliers',
    name: '250 mm Water Pump Pliers',
    specs: { insulated: false, material: crv, 'overall-length': 250 },
    description:
      'Push-button adjustment over 25 positions grips pipes up to 50 mm; the hardened teeth hold without slipping and the box joint never opens by itself.',
    priceCents: 1490,
    quantity: 4100,
    minimumOrder: 20,
    priceTiers: [{ minQuantity: 100, priceCents: 1350 }],
  },
  {
    slug: 'locking-pliers-250mm',
    sku: 'PL-LK-250',
    brand: BRANDS.own,
    image: 'water-pump-pliers',
    name: '250 mm Locking Pliers',
    specs: { insulated: false, material: 'Nickel-plated alloy steel', 'overall-length': 250 },
    description: 'Curved jaws lock onto rounded nuts and release with one finger.',
    priceCents: 790,
    quantity: 5300,
    minimumOrder: 25,
  },
  {
    slug: 'vde-combination-pliers-200mm',
    sku: 'PL-VDE-200',
    mpn: 'BH-VDE200',
    gtin: gtin13('202200300029'),
    image: 'pliers-set-3-pieces',
    name: '200 mm VDE Combination Pliers, 1,000 V',
    specs: { insulated: true, material: crv, 'overall-length': 200 },
    description:
      'Each pair is tested at 10,000 V and marked to IEC 60900 for live work up to 1,000 V AC. Induction-hardened cutting edges cut hard wire up to 2.5 mm.',
    priceCents: 1890,
    quantity: 1500,
    minimumOrder: 10,
  },
  {
    slug: 'side-cutters-160mm',
    sku: 'PL-SC-160',
    brand: BRANDS.own,
    image: 'pliers-set-3-pieces',
    name: '160 mm Diagonal Side Cutters',
    specs: { insulated: false, material: crv, 'overall-length': 160 },
    description: 'Cuts copper, cable ties and soft wire flush.',
    priceCents: 690,
    quantity: 7400,
    minimumOrder: 30,
  },
]);

export const wrenchesAndPliers: SeedTool[] = [...wrenches, ...moreWrenches, ...pliers];
