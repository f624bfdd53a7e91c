import type { MetaArgs } from 'react-router';
import { portfolio } from '#web/content/portfolio.ts';
import { pageMeta } from '#web/lib/page-meta.ts';
import { PageContainer } from '../layouts/page-container.tsx';

export const meta = ({ matches, location }: MetaArgs) =>
  pageMeta(matches, {
    title: 'My Portfolio',
    description: portfolio.intro,
    path: location.pathname,
  });

export function PortfolioPage() {
  const initials = portfolio.name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <PageContainer>
      <section className="hero-pattern on-dark overflow-hidden rounded-2xl bg-navy-900 p-8 text-white sm:p-12">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
          <span
            aria-hidden="true"
            className="grid size-24 shrink-0 place-items-center rounded-full bg-orange-500 text-3xl font-extrabold text-stone-950"
          >
            {initials}
          </span>
          <div>
            <p className="text-sm font-semibold tracking-wider text-orange-300 uppercase">
              Developer portfolio
            </p>
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">
              {portfolio.name}
            </h1>
            <p className="mt-1 text-lg text-stone-200">
              {portfolio.role}
              {portfolio.location && <> · {portfolio.location}</>}
            </p>
          </div>
        </div>
        <p className="mt-6 max-w-3xl text-stone-200">{portfolio.intro}</p>
        <ul className="mt-6 flex flex-wrap gap-3">
          {portfolio.email && (
            <li>
              <a
                href={`mailto:${portfolio.email}`}
                className="inline-flex min-h-10 items-center rounded-md bg-orange-500 px-4 text-sm font-semibold break-all text-stone-950 hover:bg-orange-400"
              >
                Email {portfolio.email}
              </a>
            </li>
          )}
          {portfolio.links.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                rel="noopener noreferrer"
                className="inline-flex min-h-10 items-center rounded-md px-4 text-sm font-semibold text-white ring-1 ring-white/40 hover:bg-white/10"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="skills-title" className="mt-12">
        <h2 id="skills-title" className="text-2xl font-bold text-navy-900">
          Skills
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          {portfolio.skills.map((group) => (
            <div
              key={group.group}
              className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm"
            >
              <h3 className="font-bold text-navy-900">{group.group}</h3>
              <ul className="mt-3 flex flex-wrap gap-2">
                {group.items.map((item) => (
                  <li
                    key={item}
                    className="rounded-full bg-navy-50 px-3 py-1 text-sm font-medium text-navy-800"
                  >
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="projects-title" className="mt-12">
        <h2 id="projects-title" className="text-2xl font-bold text-navy-900">
          Projects
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {portfolio.projects.map((project) => (
            <li
              key={project.name}
              className="flex flex-col rounded-xl border border-stone-200 bg-white p-6 shadow-sm"
            >
              <h3 className="text-lg font-bold text-navy-900">{project.name}</h3>
              <p className="mt-2 flex-1 text-sm text-stone-700">{project.description}</p>
              <ul className="mt-4 flex flex-wrap gap-2" aria-label="Technologies">
                {project.tech.map((tech) => (
                  <li
                    key={tech}
                    className="rounded bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700"
                  >
                    {tech}
                  </li>
                ))}
              </ul>
              {project.href && (
                <a
                  href={project.href}
                  rel="noopener noreferrer"
                  className="mt-4 text-sm font-semibold text-navy-700 underline"
                >
                  {project.linkLabel ?? `View ${project.name}`}
                </a>
              )}
            </li>
          ))}
        </ul>
      </section>
    </PageContainer>
  );
}

export default PortfolioPage;
