/**
 * The developer portfolio page. Placeholder content: whoever deploys the store replaces it with
 * their own name, role, skills and projects.
 */
export interface PortfolioProject {
  name: string;
  description: string;
  tech: string[];
  /** Live site or repository; leave undefined to show no link. */
  href?: string;
}

export const portfolio: {
  name: string;
  role: string;
  location: string;
  intro: string;
  email: string;
  links: { label: string; href: string }[];
  skills: { group: string; items: string[] }[];
  projects: PortfolioProject[];
} = {
  name: 'Your Name',
  role: 'Full-stack web developer',
  location: 'City, Country',
  intro:
    'I build fast, accessible web applications with TypeScript, React and Node.js. Replace this text with a few sentences about your experience and what you enjoy working on.',
  email: 'you@example.com',
  links: [
    { label: 'GitHub', href: 'https://github.com/' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
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
      items: ['Playwright', 'Vitest', 'Accessibility (WCAG 2.2)', 'CI pipelines'],
    },
  ],
  projects: [
    {
      name: 'Toolyard storefront',
      description:
        'This site: a bulk-ordering storefront for a tools manufacturer, with a customer dashboard, admin screens and card payments.',
      tech: ['React', 'Fastify', 'PostgreSQL'],
    },
    {
      name: 'Project two',
      description:
        'A short description of another project: the problem it solves and your part in it.',
      tech: ['TypeScript', 'Node.js'],
    },
    {
      name: 'Project three',
      description:
        'A short description of a third project. Add a link to the live site or the code.',
      tech: ['React', 'PostgreSQL'],
    },
  ],
};
