import { BRANDS, family, gtin13, type SeedTool } from './types.ts';

/** The demo's screws, plugs and anchors: sold by the box, most of them in cartons. */

/** The screws each plug takes, in mm. */
const SCREWS_FOR_PLUG = { 5: '3 to 4', 6: '4 to 5', 8: '4.5 to 6', 10: '6 to 8' } as const;

const woodScrews = family(
  {
    category: 'screws',
    brand: BRANDS.fixings,
    image: 'screw-box',
    describe: (v) =>
      `${v.specs.diameter} × ${v.specs['screw-length']} mm countersunk wood screws with a ${v.specs.drive} drive, a sharp type 17 cutting point and a part thread that pulls boards tight. ${v.specs['pack-size']} to a box, ${String(v.specs.finish).toLowerCase()}.`,
  },
  (
    [
      [4, 30, 200, 'PZ2', 390, 9000],
      [4, 40, 200, 'PZ2', 450, 12000],
      [5, 60, 200, 'PZ2', 790, 8000],
      [5, 80, 100, 'PZ2', 690, 5600],
      [6, 100, 100, 'PZ3', 990, 340],
    ] as const
  ).map(([diameter, length, pack, drive, priceCents, quantity], index) => ({
    slug: `wood-screws-${diameter}x${length}-box-${pack}`,
    sku: `WS-${diameter}${length}-${pack}`,
    mpn: `AL-WS${diameter}${length}`,
    gtin: gtin13(`20250010${String(index).padStart(2, '0')}${diameter}0`),
    name: `Wood Screws ${diameter} × ${length} mm, box of ${pack}`,
    specs: {
      diameter,
      'screw-length': length,
      drive,
      'pack-size': pack,
      finish: 'Yellow zinc-plated steel',
    },
    priceCents,
    quantity,
    minimumOrder: 20,
    orderIncrement: 10,
    priceTiers: [{ minQuantity: 200, priceCents: Math.round(priceCents * 0.9) }],
  })),
);

const otherScrews = family(
  { category: 'screws', brand: BRANDS.fixings, image: 'screw-box', describe: () => '' },
  [
    {
      slug: 'decking-screws-45x60-green',
      sku: 'DS-4560-G',
      mpn: 'AL-DS4560G',
      gtin: gtin13('202500200013'),
      name: 'Decking Screws 4.5 × 60 mm, green, box of 500',
      specs: {
        diameter: 4.5,
        'screw-length': 60,
        drive: 'TX25',
        'pack-size': 500,
        finish: 'Green ceramic-coated steel',
      },
      description:
        'A coating rated to 1,000 hours of salt spray, a ribbed head that sits flush and a cutting tip that stops boards splitting at the ends. A TX25 bit in every box.',
      priceCents: 2490,
      quantity: 3000,
      minimumOrder: 10,
      orderIncrement: 5,
    },
    {
      slug: 'decking-screws-45x60-stainless',
      sku: 'DS-4560-A2',
      mpn: 'AL-DS4560A2',
      gtin: gtin13('202500200020'),
      name: 'Decking Screws 4.5 × 60 mm, stainless A2, box of 250',
      specs: {
        diameter: 4.5,
        'screw-length': 60,
        drive: 'TX25',
        'pack-size': 250,
        finish: 'Stainless steel A2',
      },
      description: 'For hardwoods and coastal decks: no stains on oak or cedar.',
      priceCents: 3290,
      quantity: 1200,
      minimumOrder: 10,
      orderIncrement: 5,
    },
    {
      slug: 'drywall-screws-collated-35x35',
      sku: 'DW-3535-C',
      brand: BRANDS.own,
      name: 'Collated Drywall Screws 3.5 × 35 mm, box of 1,000',
      specs: {
        diameter: 3.5,
        'screw-length': 35,
        drive: 'PH2',
        'pack-size': 1000,
        finish: 'Black phosphated steel',
      },
      description:
        'On plastic strips of 50 for autofeed screwdrivers; bugle heads that do not tear the paper.',
      priceCents: 1190,
      quantity: 8000,
      minimumOrder: 20,
      orderIncrement: 10,
      priceTiers: [
        { minQuantity: 100, priceCents: 1090 },
        { minQuantity: 500, priceCents: 990 },
      ],
    },
    {
      slug: 'concrete-screws-75x100',
      sku: 'CS-75100',
      mpn: 'AL-CS75100',
      gtin: gtin13('202500200037'),
      name: 'Concrete Screws 7.5 × 100 mm, box of 100',
      specs: {
        diameter: 7.5,
        'screw-length': 100,
        drive: 'TX30',
        'pack-size': 100,
        finish: 'Blue zinc-plated hardened steel',
      },
      description:
        'Fix window frames and battens into concrete and brick without a plug: drill 6 mm and drive.',
      priceCents: 2190,
      quantity: 2100,
      minimumOrder: 10,
    },
  ],
);

const anchors = family(
  { category: 'wall-anchors', brand: BRANDS.fixings, image: 'wall-plugs', describe: () => '' },
  [
    ...([5, 6, 8, 10] as const).map((size, index) => ({
      slug: `nylon-wall-plugs-${size}mm-box-100`,
      sku: `WP-N${size}-100`,
      mpn: `AL-NP${size}`,
      gtin: gtin13(`20250030000${index + 1}`),
      name: `Nylon Wall Plugs ${size} mm, box of 100`,
      specs: {
        'drill-diameter': size,
        'base-material': 'All materials' as const,
        'pack-size': 100,
        finish: 'Nylon PA6',
      },
      description: `Expanding ${size} mm plugs with anti-rotation wings that hold in concrete, brick, block and plasterboard alike, for screws of ${SCREWS_FOR_PLUG[size]} mm.`,
      priceCents: 150 + size * 40,
      quantity: [20000, 26000, 18000, 9000][index] ?? 0,
      minimumOrder: 50,
      orderIncrement: 50,
      priceTiers: [{ minQuantity: 500, priceCents: 130 + size * 36 }],
    })),
    {
      slug: 'frame-fixings-10x100-box-50',
      sku: 'FF-10100-50',
      mpn: 'AL-FF10100',
      gtin: gtin13('202500400016'),
      name: 'Frame Fixings 10 × 100 mm, box of 50',
      specs: {
        'drill-diameter': 10,
        'base-material': 'Masonry',
        'pack-size': 50,
        finish: 'Nylon sleeve, zinc-plated screw',
      },
      description:
        'Pre-assembled plug and screw for door frames, window frames and timber through-fixing.',
      priceCents: 1190,
      quantity: 3400,
      minimumOrder: 10,
    },
    {
      slug: 'sleeve-anchors-m8-box-50',
      sku: 'SA-M8-50',
      mpn: 'AL-SA8',
      gtin: gtin13('202500400023'),
      name: 'Sleeve Anchors M8 × 65 mm, box of 50',
      specs: {
        'drill-diameter': 10,
        'base-material': 'Concrete',
        'pack-size': 50,
        finish: 'Zinc-plated steel',
      },
      description:
        'Hex-head sleeve anchors for handrails, brackets and racking in concrete and solid brick.',
      priceCents: 1690,
      quantity: 0,
      minimumOrder: 10,
    },
    {
      slug: 'chemical-anchor-resin-300ml',
      sku: 'CR-300',
      brand: BRANDS.own,
      name: 'Polyester Chemical Anchor Resin, 300 ml',
      specs: {
        'drill-diameter': 12,
        'base-material': 'All materials',
        'pack-size': 1,
        finish: 'Styrene-free polyester resin',
      },
      description:
        'Two-part resin in a standard cartridge with two mixing nozzles, for studs in hollow and solid masonry. Loads after 45 minutes at 20 °C.',
      priceCents: 790,
      quantity: 2900,
      minimumOrder: 12,
      orderIncrement: 12,
    },
  ],
);

export const fixings: SeedTool[] = [...woodScrews, ...otherScrews, ...anchors];
