import { abrasives } from './demo/abrasives.ts';
import { bitsAndBlades } from './demo/bits-and-blades.ts';
import { driversAndBatteries } from './demo/drivers-and-batteries.ts';
import { fixings } from './demo/fixings.ts';
import { handTools } from './demo/hand-tools.ts';
import { measuringAndClamps } from './demo/measuring-and-clamps.ts';
import { powerSawsAndGrinders } from './demo/power-saws-and-grinders.ts';
import { powerTools } from './demo/power-tools.ts';
import { safetyGear } from './demo/safety-gear.ts';
import { storageAndWorkshop } from './demo/storage-and-workshop.ts';
import { BRANDS, type SeedTool } from './demo/types.ts';
import { wrenchesAndPliers } from './demo/wrenches-and-pliers.ts';

/**
 * Demo catalogue content: the tools, their images (web/public/images/tools/<image>.svg) and the
 * customer reviews that seed.ts inserts into a fresh database. The first fifteen tools are the
 * demo's original ones (migrations 0027 to 0030 name them); server/db/demo/ holds the rest.
 */

export interface SeedReview {
  userName: string;
  email: string;
  /** Whole number from 1 to 5. */
  rating: number;
  review: string;
}

/** The best seller, featured on the home page. */
const bestSellerSlug = 'hammer-drill-kit-13mm-120-pieces';

/** The demo's first fifteen tools, in insertion order, oldest first. */
const originalTools: SeedTool[] = [
  {
    slug: bestSellerSlug,
    sku: 'HD-13',
    brand: BRANDS.own,
    specs: { voltage: 230, 'power-source': 'Corded', 'chuck-size': 13, brushless: false },
    name: '13 mm Hammer Drill Kit, 120 pieces',
    category: 'hammer-drills',
    description:
      'A 750 W hammer drill with a 13 mm keyed chuck, variable speed up to 3,000 rpm and a hammer mode for brick and concrete. The kit comes in a rugged carry case with 120 accessories: masonry, wood and metal bits, screwdriver bits, hole saws and a depth stop. Our most ordered kit for site crews and rental fleets.',
    priceCents: 5490,
    quantity: 6400,
    minimumOrder: 20,
  },
  {
    slug: 'cordless-impact-driver-18v',
    sku: 'ID-18',
    brand: BRANDS.own,
    specs: { voltage: 18, 'power-source': 'Cordless', brushless: true },
    name: '18 V Cordless Impact Driver',
    category: 'impact-drivers',
    description:
      'A compact brushless impact driver delivering 180 Nm of torque through a 1/4 inch quick-release hex collet. Three speed settings, an LED work light and a belt hook make it ideal for decking, framing and metal roofing. Supplied with two 2.0 Ah batteries, a fast charger and a carry bag.',
    priceCents: 7950,
    quantity: 3200,
    minimumOrder: 10,
  },
  {
    slug: 'angle-grinder-125mm',
    sku: 'AG-125',
    brand: BRANDS.own,
    specs: { voltage: 230, 'power-source': 'Corded', 'disc-diameter': 125 },
    name: '125 mm Angle Grinder, 1,100 W',
    category: 'grinders',
    description:
      'A slim-body 125 mm angle grinder with a 1,100 W motor, soft start and restart protection. The tool-free adjustable guard and the two-position side handle make it easy to switch between cutting, grinding and finishing. Takes standard 22 mm bore discs and comes with a spindle lock and wrench.',
    priceCents: 3890,
    quantity: 4800,
    minimumOrder: 20,
  },
  {
    slug: 'socket-set-94-pieces',
    sku: 'SS-94',
    brand: BRANDS.own,
    specs: { 'drive-size': '1/2 inch', pieces: 94, material: 'Chrome vanadium steel' },
    name: 'Socket Set, 1/4 and 1/2 inch drive, 94 pieces',
    category: 'wrenches-and-sockets',
    description:
      'Chrome vanadium sockets in metric and SAE sizes, two 72-tooth quick-release ratchets, extension bars, a universal joint and spark plug sockets, all held in a blow-molded case with labeled clips. Six-point sockets grip the flats of a fastener to protect rounded bolts. Built for workshops and fleet maintenance.',
    priceCents: 4250,
    quantity: 2600,
    minimumOrder: 10,
  },
  {
    slug: 'pliers-set-3-pieces',
    sku: 'PL-SET-3',
    brand: BRANDS.own,
    specs: { insulated: false, material: 'Chrome vanadium steel' },
    name: 'Pliers Set, 3 pieces',
    category: 'pliers',
    description:
      'A 200 mm combination plier, a 200 mm long nose plier and a 160 mm diagonal cutter, forged from chrome vanadium steel with induction-hardened cutting edges. Dual-material grips with orange cushions reduce hand fatigue on long shifts. Each set is packed in a reusable zip pouch that fits a tool bag.',
    priceCents: 1690,
    quantity: 9500,
    minimumOrder: 50,
  },
  {
    slug: 'tape-measure-8m',
    sku: 'TM-8',
    brand: BRANDS.own,
    specs: { length: 8, accuracy: 'EC class II' },
    name: '8 m Tape Measure',
    category: 'measuring-and-layout',
    description:
      'An 8 m by 25 mm tape with a nylon-coated steel blade that stands out to 3 m without bending. The impact-resistant case has a rubber overmold, a positive blade lock and a sturdy belt clip. A three-rivet end hook gives true inside and outside readings, and the blade is marked in metric and imperial units.',
    priceCents: 649,
    quantity: 18000,
    minimumOrder: 100,
  },
  {
    slug: 'spirit-level-600mm',
    sku: 'SL-600',
    brand: BRANDS.own,
    specs: { length: 0.6 },
    name: '600 mm Aluminum Spirit Level',
    category: 'measuring-and-layout',
    description:
      'A box-section aluminum level, 600 mm long, with a milled measuring face accurate to 0.5 mm per meter. It has three shock-proof acrylic vials for level, plumb and 45 degree readings, plus soft end caps that absorb drops. Strong enough for bricklaying, light enough for fitting kitchens and shelves.',
    priceCents: 1290,
    quantity: 7200,
    minimumOrder: 30,
  },
  {
    slug: 'circular-saw-185mm',
    sku: 'CS-185',
    brand: BRANDS.own,
    specs: { voltage: 230, 'power-source': 'Corded', 'blade-diameter': 185 },
    name: '185 mm Circular Saw, 1,400 W',
    category: 'power-saws',
    description:
      'A 1,400 W circular saw with a 185 mm, 24-tooth carbide blade and a cutting depth of 65 mm at 90 degrees. The cast aluminum base plate bevels up to 45 degrees, and the dust port connects to any standard shop vacuum. An electric brake stops the blade in under two seconds for safer, faster work on site.',
    priceCents: 6890,
    quantity: 2100,
    minimumOrder: 10,
  },
  {
    slug: 'quick-release-bar-clamps-4-pieces',
    sku: 'CL-QR-4',
    brand: BRANDS.own,
    specs: { opening: 600, 'throat-depth': 80 },
    name: 'Quick-Release Bar Clamps, 4 pieces',
    category: 'clamps',
    description:
      'Two 300 mm and two 600 mm one-handed bar clamps with up to 135 kg of clamping force. Non-marring pads protect finished surfaces, and the jaws reverse in seconds to turn each clamp into a spreader. A hardened steel bar and glass-filled nylon body keep them square and reliable on the workbench.',
    priceCents: 2490,
    quantity: 5400,
    minimumOrder: 20,
  },
  {
    slug: 'screwdriver-set-12-pieces',
    sku: 'SD-SET-12',
    brand: BRANDS.own,
    specs: { insulated: false, pieces: 12, material: 'Chrome vanadium steel' },
    name: 'Screwdriver Set, 12 pieces',
    category: 'screwdrivers',
    description:
      'Six slotted and six Phillips screwdrivers with magnetic, black-oxide tips that resist cam-out. Chrome vanadium shafts run the full length of the handle, and the three-component grips give high torque without blisters. The set hangs on a wall rack, so every size stays in sight at the bench or in the van.',
    priceCents: 1890,
    quantity: 8800,
    minimumOrder: 40,
  },
  {
    slug: 'nitrile-safety-gloves-box-100',
    sku: 'GL-NIT-100',
    brand: BRANDS.own,
    specs: { size: 'L', coating: 'Nitrile', standard: 'EN ISO 374-1 type B' },
    name: 'Nitrile Safety Gloves, box of 100',
    category: 'work-gloves',
    description:
      'Disposable, powder-free nitrile gloves, 6 mil thick, with a textured fingertip grip for handling oily parts and fasteners. They resist oils, fuels and many solvents, and they stay comfortable for hours thanks to a latex-free formula. Sold in dispenser boxes of 100 gloves, in sizes M, L and XL.',
    priceCents: 1190,
    quantity: 20000,
    minimumOrder: 200,
    // Shipped by the carton of 100 boxes, at most 5,000 boxes an order (decision 042).
    orderIncrement: 100,
    maxPerOrder: 5000,
    priceTiers: [
      { minQuantity: 1000, priceCents: 1090 },
      { minQuantity: 5000, priceCents: 990 },
    ],
  },
  {
    slug: 'claw-hammer-450g',
    sku: 'CH-450',
    brand: BRANDS.own,
    specs: { material: 'Forged steel head, fiberglass handle' },
    name: '450 g Claw Hammer, fiberglass handle',
    category: 'hammers',
    description:
      'A 450 g drop-forged steel claw hammer with a polished, heat-treated striking face and a sharp curved claw for pulling nails. The fiberglass core handle absorbs shock and vibration, and the textured rubber grip stays secure with wet or gloved hands. A dependable everyday hammer for carpentry and framing.',
    priceCents: 1150,
    quantity: 12000,
    minimumOrder: 50,
    priceTiers: [{ minQuantity: 200, priceCents: 1050 }],
  },
  {
    slug: 'combination-wrench-set-8-pieces',
    sku: 'CW-SET-8',
    brand: BRANDS.own,
    specs: { pieces: 8, material: 'Chrome vanadium steel' },
    name: 'Combination Wrench Set, 8 pieces',
    category: 'wrenches-and-sockets',
    description:
      'Eight chrome vanadium combination wrenches from 8 to 19 mm, each with a 15 degree offset open end and a 12-point ring end. The satin finish is easy to clean and resists corrosion, and every size is stamped on both sides. Supplied on a steel rail that clips onto a toolboard or slides into a drawer.',
    priceCents: 2190,
    quantity: 6100,
    minimumOrder: 25,
  },
  {
    slug: 'hand-saw-550mm',
    sku: 'HS-550',
    brand: BRANDS.own,
    specs: { 'teeth-per-inch': 7, 'overall-length': 680 },
    name: '550 mm Hand Saw',
    category: 'hand-saws',
    description:
      'A general-purpose 550 mm hand saw with 7 teeth per inch, triple-ground and hardened for fast, clean cuts across and along the grain. The blade has a low-friction coating, and the two-component handle offers a built-in 45 and 90 degree square for marking. A solid choice for framing, fencing and site work.',
    priceCents: 990,
    quantity: 7600,
    minimumOrder: 30,
    priceTiers: [{ minQuantity: 150, priceCents: 920 }],
  },
  {
    slug: 'retractable-utility-knife',
    sku: 'UK-R5',
    brand: BRANDS.own,
    specs: { 'blade-type': 'Trapezoid', material: 'Die-cast aluminum' },
    name: 'Retractable Utility Knife',
    category: 'knives',
    description:
      'A die-cast aluminum utility knife with a three-position retractable blade and a tool-free blade change. Five spare trapezoid blades are stored in the handle, and the rubber-padded grip keeps it steady when cutting drywall, carpet, cardboard or roofing felt. A bright orange body makes it easy to find on site.',
    priceCents: 399,
    quantity: 15000,
    minimumOrder: 100,
    priceTiers: [
      { minQuantity: 500, priceCents: 349 },
      { minQuantity: 2000, priceCents: 299 },
    ],
  },
];

/** The lists' tools spread evenly, each list's in its order: neighbours are of different kinds. */
function spread(lists: SeedTool[][]): SeedTool[] {
  return lists
    .flatMap((list) => list.map((tool, index) => ({ tool, at: (index + 0.5) / list.length })))
    .sort((one, other) => one.at - other.at)
    .map(({ tool }) => tool);
}

/**
 * Every demo tool, oldest first: the first fifteen, then the rest of the catalogue spread over its
 * parts evenly, so the newest tools (the home page's, the catalogue's first page) are of every kind.
 */
export const seedTools: SeedTool[] = [
  ...originalTools,
  ...spread([
    powerTools,
    wrenchesAndPliers,
    safetyGear,
    measuringAndClamps,
    fixings,
    driversAndBatteries,
    handTools,
    abrasives,
    powerSawsAndGrinders,
    bitsAndBlades,
    storageAndWorkshop,
  ]),
];

/** Oldest first. */
export const seedReviews: SeedReview[] = [
  {
    userName: 'Megan Holloway',
    email: 'megan.holloway@example.com',
    rating: 5,
    review:
      'We ordered 60 hammer drill kits for our new site crews and every case arrived complete and well packed. The drills have survived a full winter of concrete work without a single return.',
  },
  {
    userName: 'Daniel Okafor',
    email: 'daniel.okafor@example.com',
    rating: 4,
    review:
      'Good prices on bulk socket sets for our fleet garage. Delivery took a day longer than promised, but the sales team kept us updated and the quality is excellent for the money.',
  },
  {
    userName: 'Sofia Lindqvist',
    email: 'sofia.lindqvist@example.com',
    rating: 5,
    review:
      'Our hardware store restocks tape measures and utility knives here every month. The minimum orders suit a small shop, the invoices are clear and customers keep asking for the brand.',
  },
  {
    userName: 'Rafael Mendes',
    email: 'rafael.mendes@example.com',
    rating: 3,
    review:
      'The circular saws cut well and feel solid. Two of the twenty units had a loose dust port, which support replaced quickly, but I would like better quality checks before shipping.',
  },
  {
    userName: 'Priya Raman',
    email: 'priya.raman@example.com',
    rating: 5,
    review:
      'We supply three maintenance teams, and switching to Toolyard for gloves and pliers cut our costs by about a fifth. Pallets arrive shrink-wrapped and labeled exactly as ordered.',
  },
  {
    userName: 'Thomas Becker',
    email: 'thomas.becker@example.com',
    rating: 4,
    review:
      'Solid impact drivers with batteries that last a full shift. The online ordering is quick and the bulk discount is fair. I would love to see a larger battery option in the catalogue.',
  },
  {
    userName: 'Grace Whitfield',
    email: 'grace.whitfield@example.com',
    rating: 5,
    review:
      'Our joinery workshop ordered forty bar clamps and a batch of spirit levels. Everything was accurate out of the box, and the freight arrived on the exact day we booked.',
  },
  {
    userName: 'Kenji Watanabe',
    email: 'kenji.watanabe@example.com',
    rating: 4,
    review:
      'We buy angle grinders and screwdriver sets for our rental fleet. They hold up to heavy use, and spare parts are easy to get. Packaging could use less plastic, but the value is very good.',
  },
  {
    userName: 'Laura Castillo',
    email: 'laura.castillo@example.com',
    rating: 5,
    review:
      'Reliable supplier for our roofing business. The claw hammers and hand saws are tough, the stock levels are always accurate, and a real person answers the phone when we need help.',
  },
];

/**
 * The seller a demo store's invoices name when no SELLER_* setting says otherwise, so that the demo
 * invoice looks complete. Never used in production, which requires the real seller.
 */
export const demoSeller = {
  name: 'Toolyard Trading Ltd (demo)',
  address: '1 Forge Lane\nSheffield S1 2AB\nUnited Kingdom',
  taxId: 'GB 123 4567 89',
  email: 'accounts@toolyard.example',
} as const;
