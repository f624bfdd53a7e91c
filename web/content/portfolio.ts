import * as paths from '#web/lib/paths.ts';

/**
 * The developer portfolio page (/myportfolio): who builds this store and what they built. An
 * owner edits it here: name, role, introduction, the contact and links (leave `email` out to show
 * none), skills and projects. Every project below is part of this store and links to it.
 */
export interface PortfolioProject {
  name: string;
  description: string;
  tech: string[];
  /** Live site, page or repository; leave out to show no link. */
  href?: string;
  /** The link's words ("See the catalogue"). */
  linkLabel?: string;
}

export const portfolio: {
  name: string;
  role: string;
  /** Where they work; leave out to show none. */
  location?: string;
  intro: string;
  /** A contact address; leave out to show none. */
  email?: string;
  links: { label: string; href: string }[];
  skills: { group: string; items: string[] }[];
  projects: PortfolioProject[];
} = {
  name: 'Toolyard Web Team',
  role: 'Design and engineering of the Toolyard store',
  intro:
    'We design, build and run this storefront: the catalogue people find in search results, the bulk checkout our trade customers rely on, and the back office our staff use every day. We write TypeScript from the database to the browser, test against real parts, and measure speed instead of guessing it.',
  links: [
    { label: 'Browse the catalogue', href: paths.tools() },
    { label: 'API reference', href: '/api/docs' },
  ],
  skills: [
    {
      group: 'Front end',
      items: ['TypeScript', 'React', 'React Router', 'TanStack Query', 'Tailwind CSS'],
    },
    {
      group: 'Back end',
      items: ['Node.js', 'Fastify', 'PostgreSQL', 'Drizzle ORM', 'REST and OpenAPI'],
    },
    {
      group: 'Quality',
      items: ['Playwright', 'Vitest', 'Accessibility (WCAG 2.2)', 'Benchmarks in CI'],
    },
  ],
  projects: [
    {
      name: 'A catalogue search engines can read',
      description:
        'Every public page is rendered on the server with its products, prices and structured data, then comes alive in the browser without loading the same data twice. Search understands plural forms and typos.',
      tech: ['React Router', 'PostgreSQL full-text search', 'Schema.org'],
      href: paths.tools(),
      linkLabel: 'See the catalogue',
    },
    {
      name: 'A checkout that never oversells',
      description:
        'Stock is taken in the same transaction as the order, so fifty buyers racing for the last pallet never get more than there is. An order sent twice after a lost connection is placed once.',
      tech: ['PostgreSQL', 'Fastify', 'Idempotency keys'],
    },
    {
      name: 'An API for purchasing systems',
      description:
        'The store’s own pages use the same documented API that a customer’s purchasing system can call: every request validated, every error explained in words and a stable code.',
      tech: ['OpenAPI', 'zod', 'Problem details (RFC 9457)'],
      href: '/api/docs',
      linkLabel: 'Read the API reference',
    },
  ],
};
