/**
 * What the demo's tool pages show beside a tool (docs/decisions/046): the accessories it takes
 * (bits, blades, discs, batteries) and what a buyer may also need with it (protection, a charger),
 * by the tools' slugs, in the order shown. seed.ts inserts them with the catalogue.
 */

type Kind = 'accessory' | 'also_needed';

/** A tool's slug, then its related tools' slugs by kind, each list in its order. */
type Related = [tool: string, related: Partial<Record<Kind, string[]>>];

const CORDLESS_POWER = ['battery-18v-5ah', 'charger-18v-dual'];
const GRINDING_SAFETY = ['safety-goggles-indirect-vent', 'ear-defenders-snr-30'];
const DRILLING_DUST = ['safety-goggles-indirect-vent', 'ffp2-masks-box-20', 'ear-defenders-snr-30'];

const related: Related[] = [
  ['combi-drill-18v-bare', { accessory: ['hss-drill-bit-set-19'], also_needed: CORDLESS_POWER }],
  [
    'combi-drill-18v-kit',
    { accessory: ['hss-drill-bit-set-19', 'wood-spade-bit-set-6', 'hole-saw-kit-bimetal-9'] },
  ],
  ['drill-driver-18v-bare', { also_needed: ['battery-18v-2ah', 'charger-18v-dual'] }],
  ['drill-driver-18v-kit', { accessory: ['hss-drill-bit-set-19', 'battery-18v-2ah'] }],
  ['impact-driver-18v-brushless', { also_needed: CORDLESS_POWER }],
  [
    'impact-wrench-18v',
    {
      accessory: ['socket-set-quarter-inch-46-pieces'],
      also_needed: ['battery-18v-8ah', 'charger-18v-dual'],
    },
  ],
  ['battery-18v-2ah', { also_needed: ['charger-18v-dual'] }],
  ['battery-18v-5ah', { also_needed: ['charger-18v-dual'] }],
  ['battery-18v-8ah', { also_needed: ['charger-18v-dual'] }],
  [
    'sds-plus-rotary-hammer-800w',
    { accessory: ['sds-plus-bit-8x150', 'sds-plus-bit-10x200'], also_needed: DRILLING_DUST },
  ],
  [
    'sds-plus-rotary-hammer-18v',
    {
      accessory: ['sds-plus-bit-10x200', 'sds-plus-bit-12x250'],
      also_needed: ['battery-18v-8ah', ...DRILLING_DUST],
    },
  ],
  ['hammer-drill-710w', { accessory: ['hss-drill-bit-set-19'], also_needed: DRILLING_DUST }],
  [
    'angle-grinder-115mm-750w',
    { accessory: ['cutting-discs-115x1-metal-25'], also_needed: GRINDING_SAFETY },
  ],
  [
    'angle-grinder-125mm-18v',
    {
      accessory: [
        'cutting-discs-125x1-metal-25',
        'cutting-discs-125x1-inox-25',
        'flap-discs-125mm-p60-10',
        'diamond-blade-125mm',
      ],
      also_needed: ['battery-18v-5ah', ...GRINDING_SAFETY],
    },
  ],
  [
    'angle-grinder-125mm-variable',
    {
      accessory: ['flap-discs-125mm-p40-10', 'flap-discs-125mm-p80-10', 'diamond-blade-125mm'],
      also_needed: GRINDING_SAFETY,
    },
  ],
  [
    'angle-grinder-230mm-2200w',
    {
      accessory: ['cutting-discs-230x19-metal-10', 'diamond-blade-230mm'],
      also_needed: GRINDING_SAFETY,
    },
  ],
  ['jigsaw-650w', { accessory: ['jigsaw-blades-wood-5', 'jigsaw-blades-metal-5'] }],
  [
    'jigsaw-18v',
    {
      accessory: ['jigsaw-blades-wood-5', 'jigsaw-blades-metal-5'],
      also_needed: ['battery-18v-2ah'],
    },
  ],
  ['reciprocating-saw-18v', { also_needed: ['battery-18v-5ah', 'safety-glasses-clear'] }],
  [
    'mitre-saw-254mm',
    { also_needed: ['ear-defenders-snr-30', 'safety-glasses-clear', 'folding-workbench'] },
  ],
  [
    'random-orbit-sander-125mm',
    {
      accessory: ['sanding-discs-125mm-p80-50', 'sanding-discs-125mm-p120-50'],
      also_needed: ['ffp2-masks-box-20'],
    },
  ],
  [
    'random-orbit-sander-18v',
    {
      accessory: ['sanding-discs-125mm-p120-50', 'sanding-discs-125mm-p180-50'],
      also_needed: ['battery-18v-5ah'],
    },
  ],
  ['snap-off-knife-18mm', { accessory: ['snap-off-blades-18mm-100'] }],
  ['torque-wrench-half-inch-40-210nm', { also_needed: ['socket-set-quarter-inch-46-pieces'] }],
  ['concrete-screws-75x100', { also_needed: ['sds-plus-rotary-hammer-800w'] }],
  ['chemical-anchor-resin-300ml', { also_needed: ['sds-plus-rotary-hammer-800w'] }],
  ['bench-vise-150mm', { also_needed: ['folding-workbench'] }],
];

/** Every relation, one row each: the tool, the related tool, its kind and place on the page. */
export const seedRelations = related.flatMap(([tool, kinds]) =>
  (['accessory', 'also_needed'] as const)
    .flatMap((kind) => (kinds[kind] ?? []).map((relatedSlug) => ({ kind, relatedSlug })))
    .map(({ kind, relatedSlug }, position) => ({ tool, related: relatedSlug, kind, position })),
);
