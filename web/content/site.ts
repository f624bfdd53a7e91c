import * as paths from '#web/lib/paths.ts';

/**
 * Every piece of marketing text on the site, in one place: edit here, not in components.
 */
export const site = {
  name: 'Toolyard',
  legalName: 'Toolyard Tools Ltd.',
  tagline: 'Professional tools in bulk, straight from the manufacturer',
  /** What search results and link previews say of the store (pages without their own words). */
  description:
    'Drills, saws, hammers and hand tools from our own factory, sold in bulk at factory prices to workshops, site crews and retailers.',
  /** The picture link previews show (1200 × 630; previews do not show SVG). */
  previewImage: '/images/preview.png',
  banner: {
    text: 'Toolyard Tools Ltd. · ISO 9001 certified manufacturer and trader',
    detail: 'Exporting to 40 countries since 2015',
  },
  home: {
    title: 'Toolyard Tools Ltd.: tools manufacturer and trader',
    slides: [
      {
        eyebrow: 'Made in our own factory',
        slogan: 'Tools built for the job, shipped by the pallet.',
        text: 'Drills, hammers and hand tools at factory prices, with minimum orders that suit a workshop or a wholesaler.',
        cta: { label: 'Browse the catalogue', href: paths.tools() },
        image: '/images/tools/hammer-drill-kit-13mm-120-pieces.svg',
      },
      {
        eyebrow: 'Trusted on sites worldwide',
        slogan: 'From our factory floor to your workshop, on time.',
        text: 'ISO 9001 quality checks on every batch, clear invoices and freight tracked to your door in 40 countries.',
        cta: { label: 'See our best seller', href: '#best-seller' },
        image: '/images/tools/cordless-impact-driver-18v.svg',
      },
    ],
    stats: [
      { value: '40', label: 'countries we export to' },
      { value: '1M+', label: 'tools sold' },
      { value: '40 Lakh+', label: 'happy clients' },
    ],
    featured: {
      title: 'Newest tools',
      text: 'Fresh from the production line. Order in bulk at factory prices.',
      allLabel: 'See the whole catalogue',
    },
    bestSeller: {
      eyebrow: 'Best seller',
      name: '13 mm Hammer Drill Kit, 120 pieces',
      /** Found in the catalogue by this name, to link to its purchase page and show its price. */
      searchName: 'Hammer Drill Kit',
      image: '/images/tools/hammer-drill-kit-13mm-120-pieces.svg',
      text: 'Our most ordered kit for site crews and rental fleets: a 750 W hammer drill with a 13 mm keyed chuck, in a rugged case with 120 accessories.',
      points: [
        '750 W motor, up to 3,000 rpm, hammer mode for brick and concrete',
        '120 bits and accessories for masonry, wood and metal',
        'Rugged carry case, ready for the van',
      ],
    },
    profile: {
      title: 'Company profile',
      text: 'A limited company that designs, makes and trades tools for home and professional use.',
      facts: [
        { label: 'Business type', value: 'Trading company' },
        { label: 'Industry', value: 'Home equipment and components' },
        { label: 'Main products', value: 'Hand drills and hammers' },
        { label: 'Ownership', value: 'Limited company' },
        { label: 'Certification', value: 'ISO 9001' },
        { label: 'Exporting since', value: '2015' },
      ],
    },
    reviews: { title: 'What our customers say', empty: 'No reviews yet.' },
  },
  footer: {
    about:
      'Toolyard Tools Ltd. makes and trades professional tools for workshops, site crews and retailers in 40 countries.',
    services: [
      'Bulk supply',
      'Private-label manufacturing',
      'Export logistics',
      'After-sales support',
    ],
    company: [
      { label: 'Tool catalogue', href: paths.tools() },
      { label: 'Quick order by part number', href: paths.quickOrder() },
      { label: 'Blog', href: paths.blog() },
      { label: 'Developer portfolio', href: paths.portfolio() },
      { label: 'Customer dashboard', href: paths.profile() },
    ],
  },
} as const;
