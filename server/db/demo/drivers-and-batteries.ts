import { BRANDS, family, gtin13, type SeedTool } from './types.ts';

/** The demo's impact drivers and wrenches, and the 18 V batteries and charger. */

const cordless = (voltage: number, kit: boolean) => ({
  voltage,
  'power-source': 'Cordless',
  'supplied-as': kit ? 'Kit with batteries' : 'Bare tool',
});
const bareNote =
  'Bare tool: batteries and charger are sold separately and fit every Voltaro 18 V tool.';

const impactDrivers = family(
  {
    category: 'impact-drivers',
    brand: BRANDS.power,
    image: 'cordless-impact-driver-18v',
    describe: (v) =>
      `${v.specs.voltage === 18 ? 'An' : 'A'} ${v.specs.voltage} V impact ${v.name.includes('Wrench') ? 'wrench' : 'driver'} with ${v.specs['max-torque']} Nm of torque${v.specs.brushless ? ' from a brushless motor' : ''}.`,
  },
  [
    {
      slug: 'impact-driver-18v-brushless',
      sku: 'ID-18-BL',
      mpn: 'VID18-BL-0',
      gtin: gtin13('202100400012'),
      name: '18 V Brushless Impact Driver, 205 Nm, bare tool',
      specs: { ...cordless(18, false), brushless: true, 'max-torque': 205, weight: 1.2 },
      note: `Four speed modes and a self-tapping mode for roofing sheet. ${bareNote}`,
      priceCents: 8490,
      quantity: 1300,
      minimumOrder: 5,
    },
    {
      slug: 'impact-driver-12v',
      sku: 'ID-12-K2',
      mpn: 'VID12-2K',
      gtin: gtin13('202100400029'),
      name: '12 V Impact Driver Kit',
      specs: { ...cordless(12, true), brushless: false, 'max-torque': 110, weight: 0.9 },
      note: 'Small enough for cabinet interiors; two 12 V batteries and a charger come in the bag.',
      priceCents: 6490,
      quantity: 38,
      minimumOrder: 5,
    },
    {
      slug: 'impact-wrench-18v',
      sku: 'IW-18-12',
      mpn: 'VIW18-400',
      gtin: gtin13('202100400036'),
      name: '18 V Impact Wrench, 1/2 inch, 400 Nm, bare tool',
      image: 'impact-wrench',
      specs: { ...cordless(18, false), brushless: true, 'max-torque': 400, weight: 1.7 },
      note: 'A friction ring anvil takes 1/2 inch impact sockets; made for wheel nuts, scaffolding and steelwork.',
      priceCents: 11900,
      quantity: 520,
      minimumOrder: 5,
    },
  ],
);

const batteries = family(
  {
    category: 'batteries-and-chargers',
    brand: BRANDS.power,
    image: 'battery-pack',
    describe: (v) =>
      v.specs.capacity
        ? `An 18 V ${Number(v.specs.capacity).toFixed(1)} Ah lithium-ion battery with a four-LED charge gauge, for every Voltaro 18 V tool.`
        : 'A charger for every Voltaro 18 V battery.',
  },
  [
    {
      slug: 'battery-18v-2ah',
      sku: 'BAT-18-20',
      mpn: 'VB18-20',
      gtin: gtin13('202100800010'),
      name: '18 V 2.0 Ah Battery',
      specs: { voltage: 18, 'power-source': 'Cordless', capacity: 2, weight: 0.4 },
      priceCents: 3490,
      quantity: 6000,
      minimumOrder: 10,
      priceTiers: [
        { minQuantity: 50, priceCents: 3190 },
        { minQuantity: 200, priceCents: 2890 },
      ],
    },
    {
      slug: 'battery-18v-5ah',
      sku: 'BAT-18-50',
      mpn: 'VB18-50',
      gtin: gtin13('202100800027'),
      name: '18 V 5.0 Ah Battery',
      specs: { voltage: 18, 'power-source': 'Cordless', capacity: 5, weight: 0.7 },
      note: 'Runs a grinder or a rotary hammer through a morning.',
      priceCents: 6490,
      quantity: 3400,
      minimumOrder: 10,
      priceTiers: [{ minQuantity: 50, priceCents: 5990 }],
    },
    {
      slug: 'battery-18v-8ah',
      sku: 'BAT-18-80',
      mpn: 'VB18-80',
      gtin: gtin13('202100800034'),
      name: '18 V 8.0 Ah High-Output Battery',
      specs: { voltage: 18, 'power-source': 'Cordless', capacity: 8, weight: 1.1 },
      note: 'Tabbed cells keep their voltage under heavy load, so saws and SDS-max hammers run at full speed.',
      priceCents: 11900,
      quantity: 14,
      minimumOrder: 5,
    },
    {
      slug: 'charger-18v-dual',
      sku: 'CHG-18-2',
      mpn: 'VC18-DUO',
      gtin: gtin13('202100800041'),
      image: 'battery-charger',
      name: '18 V Dual-Port Fast Charger',
      specs: { voltage: 18, 'power-source': 'Corded', weight: 0.9 },
      description:
        'Charges two Voltaro 18 V batteries one after the other, a 5.0 Ah pack in 50 minutes, with a fan that cools the pack while it charges. Wall-mountable.',
      priceCents: 4990,
      quantity: 1700,
      minimumOrder: 5,
    },
  ],
);

export const driversAndBatteries: SeedTool[] = [...impactDrivers, ...batteries];
