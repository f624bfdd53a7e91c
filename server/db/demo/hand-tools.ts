import { BRANDS, family, gtin13, type SeedTool } from './types.ts';

/** The demo's screwdrivers, hammers, hand saws and knives beyond the first fifteen tools. */

const crv = 'Chrome vanadium steel';

const screwdrivers = family(
  {
    category: 'screwdrivers',
    brand: BRANDS.hand,
    image: 'screwdriver-set-12-pieces',
    describe: () => '',
  },
  [
    {
      slug: 'vde-screwdriver-set-7-pieces',
      sku: 'SD-VDE-7',
      mpn: 'BH-VDE7',
      gtin: gtin13('202200400019'),
      name: 'VDE Screwdriver Set, 1,000 V, 7 pieces',
      specs: { insulated: true, pieces: 7, material: crv },
      description:
        'Three slotted, two Phillips and two Pozidriv screwdrivers, each insulated to IEC 60900 and tested at 10,000 V, with a voltage tester. For electricians working on live panels.',
      priceCents: 2890,
      quantity: 1900,
      minimumOrder: 10,
    },
    {
      slug: 'ratchet-screwdriver-32-bits',
      sku: 'SD-RT-32',
      brand: BRANDS.own,
      image: 'ratchet-screwdriver',
      name: 'Ratchet Screwdriver with 32 Bits',
      specs: { insulated: false, pieces: 33, material: 'S2 steel bits, two-component handle' },
      description:
        'A three-way ratchet handle with the bits stored in the handle and a magnetic holder: PH, PZ, Torx, hex and slotted.',
      priceCents: 990,
      quantity: 8600,
      minimumOrder: 30,
      priceTiers: [{ minQuantity: 150, priceCents: 890 }],
    },
    {
      slug: 'precision-screwdriver-set-6-pieces',
      sku: 'SD-PR-6',
      mpn: 'BH-PR6',
      gtin: gtin13('202200400026'),
      name: 'Precision Screwdriver Set, 6 pieces',
      specs: { insulated: false, pieces: 6, material: crv },
      description: 'Swivel-cap drivers for electronics, glasses and control panels.',
      priceCents: 890,
      quantity: 22,
      minimumOrder: 20,
    },
  ],
);

const hammers = family(
  {
    category: 'hammers',
    brand: BRANDS.hand,
    describe: (v) =>
      `A ${Number(v.specs['head-weight']).toLocaleString('en-US')} g ${v.name
        .split(',')[0]
        ?.replace(/^[\d,.]+ k?g /, '')
        .toLowerCase()} with a ${String(v.specs.material).toLowerCase()}.`,
  },
  [
    {
      slug: 'claw-hammer-570g-steel',
      sku: 'CH-570-S',
      mpn: 'BH-CH20S',
      gtin: gtin13('202200500016'),
      image: 'claw-hammer-450g',
      name: '570 g Claw Hammer, one-piece steel',
      specs: {
        'head-weight': 570,
        material: 'one-piece forged steel head and shaft',
        'overall-length': 330,
      },
      note: 'A magnetic nail starter and a rip claw for framing; the head cannot work loose.',
      priceCents: 1990,
      quantity: 2600,
      minimumOrder: 20,
    },
    {
      slug: 'ball-pein-hammer-450g',
      sku: 'BP-450',
      brand: BRANDS.own,
      image: 'ball-pein-hammer',
      name: '450 g Ball Pein Hammer',
      specs: {
        'head-weight': 450,
        material: 'drop-forged head on an ash handle',
        'overall-length': 340,
      },
      note: 'For metalwork, rivets and shaping.',
      priceCents: 890,
      quantity: 3900,
      minimumOrder: 25,
    },
    {
      slug: 'club-hammer-1250g',
      sku: 'LH-1250',
      mpn: 'BH-LH1250',
      gtin: gtin13('202200500023'),
      image: 'club-hammer',
      name: '1.25 kg Club Hammer',
      specs: {
        'head-weight': 1250,
        material: 'hardened steel head and fiberglass handle',
        'overall-length': 280,
      },
      note: 'Drives bolsters and chisels through brick and block.',
      priceCents: 1290,
      quantity: 2300,
      minimumOrder: 20,
    },
    {
      slug: 'rubber-mallet-680g',
      sku: 'RM-680',
      brand: BRANDS.own,
      image: 'club-hammer',
      name: '680 g Rubber Mallet',
      specs: {
        'head-weight': 680,
        material: 'black rubber head and wooden handle',
        'overall-length': 360,
      },
      note: 'For paving, tiling and flat-pack assembly without marks.',
      priceCents: 590,
      quantity: 6100,
      minimumOrder: 30,
    },
    {
      slug: 'sledgehammer-3200g',
      sku: 'SH-3200',
      mpn: 'BH-SH7',
      gtin: gtin13('202200500030'),
      image: 'club-hammer',
      name: '3.2 kg Sledgehammer',
      specs: {
        'head-weight': 3200,
        material: 'forged steel head and anti-vibration fiberglass handle',
        'overall-length': 900,
      },
      note: 'Breaks out concrete and drives stakes; the overstrike guard protects the handle.',
      priceCents: 2890,
      quantity: 850,
      minimumOrder: 10,
    },
  ],
);

const sawsAndKnives = family({ category: 'hand-saws', brand: BRANDS.hand, describe: () => '' }, [
  {
    slug: 'hacksaw-300mm',
    sku: 'HS-HK-300',
    brand: BRANDS.own,
    image: 'hacksaw',
    name: '300 mm Hacksaw',
    specs: { 'teeth-per-inch': 24, material: 'Tubular steel frame', 'overall-length': 420 },
    description: 'Tensioned by a wing nut to 100 kg for straight cuts in pipe, bolts and conduit.',
    priceCents: 890,
    quantity: 4400,
    minimumOrder: 20,
  },
  {
    slug: 'pull-saw-240mm',
    sku: 'HS-PS-240',
    mpn: 'BH-PS240',
    gtin: gtin13('202200600013'),
    image: 'hand-saw-550mm',
    name: '240 mm Japanese Pull Saw',
    specs: {
      'teeth-per-inch': 17,
      material: 'Impulse-hardened steel blade',
      'overall-length': 540,
    },
    description:
      'A thin blade that cuts on the pull stroke, leaving a fine kerf for joints, dowels and trim; the blade is replaceable.',
    priceCents: 1690,
    quantity: 1200,
    minimumOrder: 10,
  },
  {
    slug: 'snap-off-knife-18mm',
    sku: 'KN-SO-18',
    category: 'knives',
    brand: BRANDS.own,
    image: 'snap-off-knife',
    name: '18 mm Snap-Off Knife',
    specs: { 'blade-type': 'Snap-off 18 mm', material: 'Glass-filled nylon body' },
    description: 'An auto-lock slider and a steel blade channel; three blades included.',
    priceCents: 190,
    quantity: 24000,
    minimumOrder: 100,
    orderIncrement: 50,
    priceTiers: [{ minQuantity: 1000, priceCents: 165 }],
  },
  {
    slug: 'snap-off-blades-18mm-100',
    sku: 'KN-BL-18-100',
    category: 'knives',
    image: 'knife-blades',
    name: '18 mm Snap-Off Blades, dispenser of 100',
    specs: { 'blade-type': 'Snap-off 18 mm', material: 'Carbon tool steel' },
    description:
      'Eight segments a blade, honed on both sides, in a dispenser with a slot for spent segments. Fits every 18 mm snap-off knife.',
    priceCents: 1290,
    quantity: 3100,
    minimumOrder: 10,
  },
]);

export const handTools: SeedTool[] = [...screwdrivers, ...hammers, ...sawsAndKnives];
