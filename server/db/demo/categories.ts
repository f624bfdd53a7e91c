/**
 * The demo category tree and what each category defines (its sub-categories inherit it). The
 * categories and attributes that migrations 0028 and 0030 gave stores seeded before them keep the
 * same slugs, keys and definitions here.
 */

export interface SeedCategory {
  slug: string;
  name: string;
  description: string;
  /** The parent's slug; none for a top-level category. */
  parent?: string;
}

export interface SeedAttribute {
  key: string;
  name: string;
  kind: 'number' | 'choice' | 'boolean' | 'text';
  unit?: string;
  options?: string[];
  filterable?: boolean;
}

type Row = [slug: string, name: string, description: string, parent?: string];

/** Parents before their children. */
const rows: Row[] = [
  [
    'power-tools',
    'Power tools',
    'Corded and cordless drills, drivers, grinders, saws and sanders for site and workshop.',
  ],
  ['hand-tools', 'Hand tools', 'Hammers, pliers, screwdrivers, wrenches, saws and knives.'],
  [
    'measuring-and-layout',
    'Measuring and layout',
    'Tape measures, spirit levels, squares and laser tools.',
  ],
  ['clamps', 'Clamps', 'Bar, F and G clamps for joinery, welding and assembly.'],
  ['safety-gear', 'Safety gear', 'Gloves, eye, ear, head and breathing protection for crews.'],
  [
    'fixings',
    'Screws and fixings',
    'Wood, decking and concrete screws, wall plugs and anchors, by the box.',
  ],
  ['abrasives', 'Abrasives', 'Cutting, grinding and flap discs, diamond blades and sanding discs.'],
  [
    'bits-and-blades',
    'Bits and blades',
    'Drill bits for masonry, metal and wood; circular and jigsaw blades.',
  ],
  ['tool-storage', 'Tool storage', 'Toolboxes, bags, organisers and roller cabinets.'],
  [
    'workshop-equipment',
    'Workshop equipment',
    'Vises, workbenches, work lights, cable reels, ladders and vacuums.',
  ],
  ['drills', 'Drills', 'Drills and drivers.', 'power-tools'],
  ['grinders', 'Grinders', 'Angle grinders.', 'power-tools'],
  ['power-saws', 'Power saws', 'Circular, jig, reciprocating and mitre saws.', 'power-tools'],
  ['sanders', 'Sanders', 'Random orbit, belt and detail sanders.', 'power-tools'],
  [
    'batteries-and-chargers',
    'Batteries and chargers',
    'Batteries and chargers of the 18 V platform.',
    'power-tools',
  ],
  [
    'wrenches-and-sockets',
    'Wrenches and sockets',
    'Socket sets, combination, adjustable and torque wrenches.',
    'hand-tools',
  ],
  [
    'pliers',
    'Pliers',
    'Combination, long-nose, cutting, locking and water pump pliers.',
    'hand-tools',
  ],
  [
    'screwdrivers',
    'Screwdrivers',
    'Slotted, Phillips, Pozidriv and insulated screwdrivers.',
    'hand-tools',
  ],
  ['hammers', 'Hammers', 'Claw, ball pein, club and sledge hammers and mallets.', 'hand-tools'],
  ['hand-saws', 'Hand saws', 'Saws for timber, board and metal.', 'hand-tools'],
  ['knives', 'Knives', 'Utility knives and blades.', 'hand-tools'],
  [
    'hammer-drills',
    'Hammer drills',
    'Drills with a hammer action for brick and concrete.',
    'drills',
  ],
  [
    'impact-drivers',
    'Impact drivers',
    'Cordless impact drivers and wrenches for fixings.',
    'drills',
  ],
  [
    'drill-drivers',
    'Drill drivers',
    'Cordless drill drivers with a clutch, for wood, metal and screws.',
    'drills',
  ],
  [
    'rotary-hammers',
    'Rotary hammers',
    'SDS-plus and SDS-max hammers for drilling and chiselling concrete.',
    'drills',
  ],
  ['laser-tools', 'Laser tools', 'Laser distance meters and line lasers.', 'measuring-and-layout'],
  ['work-gloves', 'Work gloves', 'Disposable, coated and cut-resistant gloves.', 'safety-gear'],
  ['eye-protection', 'Eye protection', 'Safety glasses and goggles.', 'safety-gear'],
  ['hearing-protection', 'Hearing protection', 'Ear defenders and ear plugs.', 'safety-gear'],
  ['head-protection', 'Head protection', 'Safety helmets and bump caps.', 'safety-gear'],
  [
    'respiratory-protection',
    'Respiratory protection',
    'Disposable dust masks to FFP2 and FFP3.',
    'safety-gear',
  ],
  ['screws', 'Screws', 'Wood, decking, drywall and concrete screws.', 'fixings'],
  [
    'wall-anchors',
    'Wall plugs and anchors',
    'Plugs, frame fixings, sleeve anchors and resin.',
    'fixings',
  ],
  [
    'cutting-and-grinding-discs',
    'Cutting and grinding discs',
    'Thin cutting discs, flap discs and diamond blades.',
    'abrasives',
  ],
  ['sanding-discs', 'Sanding discs', 'Hook-and-loop sanding discs by grit.', 'abrasives'],
  ['drill-bits', 'Drill bits', 'SDS-plus, HSS and wood bits and hole saws.', 'bits-and-blades'],
  ['saw-blades', 'Saw blades', 'Circular saw and jigsaw blades.', 'bits-and-blades'],
];

export const seedCategories: SeedCategory[] = rows.map(([slug, name, description, parent]) => ({
  slug,
  name,
  description,
  ...(parent ? { parent } : {}),
}));

const num = (key: string, name: string, unit?: string, filterable = false): SeedAttribute => ({
  key,
  name,
  kind: 'number',
  ...(unit ? { unit } : {}),
  ...(filterable ? { filterable } : {}),
});
const choice = (
  key: string,
  name: string,
  options: string[],
  filterable = true,
): SeedAttribute => ({
  key,
  name,
  kind: 'choice',
  options,
  ...(filterable ? { filterable } : {}),
});
const yesNo = (key: string, name: string, filterable = false): SeedAttribute => ({
  key,
  name,
  kind: 'boolean',
  ...(filterable ? { filterable } : {}),
});
const text = (key: string, name: string): SeedAttribute => ({ key, name, kind: 'text' });

export const seedAttributes: Record<string, SeedAttribute[]> = {
  'power-tools': [
    num('voltage', 'Voltage', 'V', true),
    choice('power-source', 'Power source', ['Corded', 'Cordless']),
    num('weight', 'Weight', 'kg'),
    choice('supplied-as', 'Supplied as', ['Bare tool', 'Kit with batteries', 'Corded tool']),
  ],
  drills: [
    num('chuck-size', 'Chuck size', 'mm', true),
    yesNo('brushless', 'Brushless motor'),
    num('max-torque', 'Maximum torque', 'Nm', true),
  ],
  'hammer-drills': [num('masonry-capacity', 'Drilling in masonry', 'mm', true)],
  'rotary-hammers': [
    choice('chuck-system', 'Chuck system', ['SDS-plus', 'SDS-max']),
    num('impact-energy', 'Impact energy', 'J', true),
  ],
  'drill-drivers': [num('clutch-settings', 'Clutch settings')],
  grinders: [
    num('disc-diameter', 'Disc diameter', 'mm', true),
    num('no-load-speed', 'No-load speed', 'rpm'),
  ],
  'power-saws': [
    num('blade-diameter', 'Blade diameter', 'mm', true),
    choice('saw-type', 'Saw type', ['Circular', 'Jigsaw', 'Reciprocating', 'Mitre']),
    num('cutting-depth', 'Cutting depth in wood', 'mm', true),
  ],
  sanders: [
    choice('sander-type', 'Sander type', ['Random orbit', 'Belt', 'Detail']),
    num('pad-size', 'Pad or belt width', 'mm'),
  ],
  'batteries-and-chargers': [num('capacity', 'Capacity', 'Ah', true)],
  'hand-tools': [text('material', 'Material'), num('overall-length', 'Overall length', 'mm')],
  'wrenches-and-sockets': [
    choice('drive-size', 'Drive size', ['1/4 inch', '3/8 inch', '1/2 inch']),
    num('pieces', 'Pieces'),
    text('size-range', 'Sizes'),
  ],
  pliers: [yesNo('insulated', 'Insulated to 1,000 V', true)],
  screwdrivers: [yesNo('insulated', 'Insulated to 1,000 V', true), num('pieces', 'Pieces')],
  hammers: [num('head-weight', 'Head weight', 'g', true)],
  'hand-saws': [num('teeth-per-inch', 'Teeth per inch', undefined, true)],
  knives: [choice('blade-type', 'Blade', ['Trapezoid', 'Snap-off 18 mm', 'Snap-off 25 mm'])],
  'measuring-and-layout': [num('length', 'Length', 'm', true), text('accuracy', 'Accuracy')],
  'laser-tools': [
    num('range', 'Range', 'm', true),
    choice('laser-colour', 'Laser colour', ['Red', 'Green']),
  ],
  clamps: [num('opening', 'Opening', 'mm', true), num('throat-depth', 'Throat depth', 'mm')],
  'safety-gear': [choice('size', 'Size', ['S', 'M', 'L', 'XL']), text('standard', 'Standard')],
  'work-gloves': [
    choice('coating', 'Coating', ['Nitrile', 'Polyurethane', 'Latex', 'Leather']),
    choice('cut-level', 'Cut level (EN 388)', ['A', 'B', 'C', 'D', 'E', 'F']),
  ],
  'eye-protection': [
    choice('lens', 'Lens', ['Clear', 'Tinted', 'Amber']),
    yesNo('anti-fog', 'Anti-fog coating', true),
  ],
  'hearing-protection': [num('snr', 'Noise reduction (SNR)', 'dB', true)],
  'head-protection': [choice('colour', 'Colour', ['White', 'Yellow', 'Blue', 'Orange'])],
  'respiratory-protection': [
    choice('protection-class', 'Protection class', ['FFP1', 'FFP2', 'FFP3']),
    yesNo('valve', 'Exhalation valve', true),
  ],
  fixings: [
    num('pack-size', 'Pieces per box', undefined, true),
    text('finish', 'Material and finish'),
  ],
  screws: [
    num('diameter', 'Diameter', 'mm', true),
    num('screw-length', 'Length', 'mm', true),
    choice('drive', 'Drive', ['PZ2', 'PZ3', 'PH2', 'TX20', 'TX25', 'TX30', 'Hex 10 mm']),
  ],
  'wall-anchors': [
    num('drill-diameter', 'Drill diameter', 'mm', true),
    choice('base-material', 'For', ['Concrete', 'Masonry', 'Hollow walls', 'All materials']),
  ],
  abrasives: [num('diameter', 'Diameter', 'mm', true), num('pack-size', 'Pieces per pack')],
  'cutting-and-grinding-discs': [
    choice('disc-type', 'Disc type', ['Cutting', 'Flap', 'Diamond']),
    choice('for-material', 'For', ['Steel', 'Stainless steel', 'Stone and concrete']),
    num('thickness', 'Thickness', 'mm'),
  ],
  'sanding-discs': [num('grit', 'Grit (P)', undefined, true)],
  'drill-bits': [
    choice('bit-type', 'Bit type', ['SDS-plus', 'HSS', 'Wood spade', 'Hole saw']),
    num('bit-diameter', 'Diameter', 'mm', true),
    num('working-length', 'Working length', 'mm'),
    num('pieces', 'Pieces'),
  ],
  'saw-blades': [
    choice('blade-for', 'For', ['Wood', 'Metal', 'Laminate']),
    num('blade-diameter', 'Diameter', 'mm', true),
    num('teeth', 'Teeth'),
  ],
  'tool-storage': [
    choice('storage-type', 'Type', ['Toolbox', 'Tool bag', 'Roller cabinet', 'Organiser']),
    choice('storage-material', 'Material', ['Plastic', 'Steel', 'Textile']),
    num('width', 'Width', 'mm', true),
    num('max-load', 'Load capacity', 'kg'),
  ],
  'workshop-equipment': [
    num('weight', 'Weight', 'kg'),
    num('max-load', 'Load capacity', 'kg'),
    num('jaw-width', 'Jaw width', 'mm'),
    num('light-output', 'Light output', 'lm'),
    num('cable-length', 'Cable length', 'm'),
  ],
};
