import { BRANDS, family, gtin13, type SeedTool } from './types.ts';

/** The demo's drills beyond the first fifteen tools: hammer drills, rotary hammers and drill drivers. */

const cordless = (voltage: number, kit: boolean) => ({
  voltage,
  'power-source': 'Cordless',
  'supplied-as': kit ? 'Kit with batteries' : 'Bare tool',
});
const corded = { voltage: 230, 'power-source': 'Corded', 'supplied-as': 'Corded tool' } as const;
const kitNote = 'Supplied with two 18 V 2.0 Ah batteries, a fast charger and a carry case.';
const bareNote =
  'Bare tool: batteries and charger are sold separately and fit every Voltaro 18 V tool.';

const hammerDrills = family(
  {
    category: 'hammer-drills',
    brand: BRANDS.power,
    image: 'combi-drill',
    describe: (v) =>
      `${v.specs.voltage === 230 ? 'A corded' : 'An 18 V cordless'} hammer drill with a ${v.specs['chuck-size']} mm keyless chuck and ${v.specs['max-torque']} Nm of torque, drilling up to ${v.specs['masonry-capacity']} mm in brick and block.`,
  },
  [
    {
      slug: 'combi-drill-18v-bare',
      sku: 'HD-18C-B',
      mpn: 'VHD18-BL-0',
      gtin: gtin13('202100100011'),
      name: '18 V Brushless Combi Drill, bare tool',
      specs: {
        ...cordless(18, false),
        'chuck-size': 13,
        brushless: true,
        'max-torque': 60,
        'masonry-capacity': 13,
        weight: 1.6,
      },
      note: `Two gears, 21 clutch settings and an LED in the foot. ${bareNote}`,
      priceCents: 8990,
      quantity: 1400,
      minimumOrder: 5,
      priceTiers: [
        { minQuantity: 25, priceCents: 8490 },
        { minQuantity: 100, priceCents: 7990 },
      ],
    },
    {
      slug: 'combi-drill-18v-kit',
      sku: 'HD-18C-K2',
      mpn: 'VHD18-BL-2K',
      gtin: gtin13('202100100028'),
      name: '18 V Brushless Combi Drill Kit, 2 × 2.0 Ah',
      specs: {
        ...cordless(18, true),
        'chuck-size': 13,
        brushless: true,
        'max-torque': 60,
        'masonry-capacity': 13,
        weight: 1.9,
      },
      note: kitNote,
      priceCents: 15900,
      quantity: 620,
      minimumOrder: 5,
      priceTiers: [{ minQuantity: 20, priceCents: 14900 }],
    },
    {
      slug: 'hammer-drill-710w',
      sku: 'HD-710',
      brand: BRANDS.own,
      image: 'hammer-drill',
      name: '710 W Hammer Drill, 13 mm',
      specs: {
        ...corded,
        'chuck-size': 13,
        brushless: false,
        'max-torque': 22,
        'masonry-capacity': 16,
        weight: 2.1,
      },
      note: 'A depth stop and a second handle come in the box.',
      priceCents: 3290,
      quantity: 3100,
      minimumOrder: 10,
    },
    {
      slug: 'hammer-drill-1010w',
      sku: 'HD-1010',
      mpn: 'VHD1010-2',
      gtin: gtin13('202100100035'),
      name: '1,010 W Two-Speed Hammer Drill',
      specs: {
        ...corded,
        'chuck-size': 13,
        brushless: false,
        'max-torque': 40,
        'masonry-capacity': 20,
        weight: 2.8,
      },
      note: 'A mechanical slip clutch protects the wrist if the bit snags, and the 4 m rubber cable stays supple in frost.',
      priceCents: 7450,
      quantity: 45,
      minimumOrder: 5,
    },
    {
      slug: 'combi-drill-18v-compact',
      sku: 'HD-18C-CMP',
      brand: BRANDS.own,
      image: 'combi-drill',
      name: '18 V Compact Combi Drill Kit, 2 × 1.5 Ah',
      specs: {
        ...cordless(18, true),
        'chuck-size': 10,
        brushless: false,
        'max-torque': 38,
        'masonry-capacity': 10,
        weight: 1.3,
      },
      note: 'Light enough for overhead work by installers of kitchens and blinds; two batteries and a charger in a soft bag.',
      priceCents: 6990,
      quantity: 0,
      minimumOrder: 10,
    },
  ],
);

const rotaryHammers = family(
  {
    category: 'rotary-hammers',
    brand: BRANDS.power,
    image: 'rotary-hammer',
    describe: (v) =>
      `An ${v.specs['chuck-system']} rotary hammer delivering ${Number(v.specs['impact-energy']).toFixed(1)} J per blow, with drilling, hammer drilling and chiselling modes.`,
  },
  [
    {
      slug: 'sds-plus-rotary-hammer-800w',
      sku: 'RH-SDS-800',
      mpn: 'VRH26-800',
      gtin: gtin13('202100200018'),
      name: 'SDS-plus Rotary Hammer, 800 W, 2.7 J',
      specs: {
        ...corded,
        'chuck-system': 'SDS-plus',
        'impact-energy': 2.7,
        'chuck-size': 10,
        weight: 2.9,
      },
      note: 'The workhorse for anchors and cable runs: drills 6 to 26 mm holes in concrete and chases with the flat chisel.',
      priceCents: 9890,
      quantity: 860,
      minimumOrder: 5,
      priceTiers: [{ minQuantity: 20, priceCents: 9390 }],
    },
    {
      slug: 'sds-plus-rotary-hammer-18v',
      sku: 'RH-SDS-18B',
      mpn: 'VRH18-BL-0',
      gtin: gtin13('202100200025'),
      name: '18 V SDS-plus Rotary Hammer, 2.0 J, bare tool',
      specs: {
        ...cordless(18, false),
        'chuck-system': 'SDS-plus',
        'impact-energy': 2,
        brushless: true,
        weight: 2.6,
      },
      note: bareNote,
      priceCents: 13900,
      quantity: 410,
      minimumOrder: 5,
    },
    {
      slug: 'sds-max-rotary-hammer-1500w',
      sku: 'RH-MAX-1500',
      mpn: 'VRH40-1500',
      gtin: gtin13('202100200032'),
      name: 'SDS-max Combination Hammer, 1,500 W, 8 J',
      specs: { ...corded, 'chuck-system': 'SDS-max', 'impact-energy': 8, weight: 6.8 },
      note: 'Active vibration control and a soft grip keep a full day of core drilling and demolition bearable. Supplied in a wheeled case.',
      priceCents: 38900,
      quantity: 12,
      minimumOrder: 2,
    },
    {
      slug: 'sds-plus-rotary-hammer-1100w',
      sku: 'RH-SDS-1100',
      brand: BRANDS.own,
      name: 'SDS-plus Rotary Hammer, 1,100 W, 3.5 J',
      specs: {
        ...corded,
        'chuck-system': 'SDS-plus',
        'impact-energy': 3.5,
        'chuck-size': 13,
        weight: 3.6,
      },
      note: 'Comes with a 13 mm keyed chuck adaptor for round-shank bits.',
      priceCents: 6490,
      quantity: 1150,
      minimumOrder: 10,
    },
  ],
);

const drillDrivers = family(
  {
    category: 'drill-drivers',
    brand: BRANDS.power,
    image: 'drill-driver',
    describe: (v) =>
      `${v.specs.voltage === 18 ? 'An' : 'A'} ${v.specs.voltage} V drill driver with a ${v.specs['chuck-size']} mm keyless chuck, ${v.specs['clutch-settings']} clutch settings and ${v.specs['max-torque']} Nm of torque.`,
  },
  [
    {
      slug: 'drill-driver-12v-kit',
      sku: 'DD-12-K2',
      mpn: 'VDD12-2K',
      gtin: gtin13('202100300015'),
      name: '12 V Sub-Compact Drill Driver Kit',
      specs: {
        ...cordless(12, true),
        'chuck-size': 10,
        brushless: false,
        'max-torque': 30,
        'clutch-settings': 18,
        weight: 0.9,
      },
      note: 'Fits in a jacket pocket; two 12 V batteries and a charger included.',
      priceCents: 5990,
      quantity: 1800,
      minimumOrder: 10,
    },
    {
      slug: 'drill-driver-18v-bare',
      sku: 'DD-18-B',
      mpn: 'VDD18-BL-0',
      gtin: gtin13('202100300022'),
      name: '18 V Brushless Drill Driver, bare tool',
      specs: {
        ...cordless(18, false),
        'chuck-size': 13,
        brushless: true,
        'max-torque': 65,
        'clutch-settings': 21,
        weight: 1.5,
      },
      note: bareNote,
      priceCents: 7490,
      quantity: 2200,
      minimumOrder: 5,
      priceTiers: [{ minQuantity: 50, priceCents: 6990 }],
    },
    {
      slug: 'drill-driver-18v-kit',
      sku: 'DD-18-K2',
      brand: BRANDS.own,
      name: '18 V Drill Driver Kit, 2 × 2.0 Ah',
      specs: {
        ...cordless(18, true),
        'chuck-size': 13,
        brushless: false,
        'max-torque': 45,
        'clutch-settings': 16,
        weight: 1.7,
      },
      note: kitNote,
      priceCents: 7990,
      quantity: 2600,
      minimumOrder: 10,
    },
  ],
);

export const powerTools: SeedTool[] = [...hammerDrills, ...rotaryHammers, ...drillDrivers];
