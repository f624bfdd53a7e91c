import { Link } from 'react-router';
import { site } from '#web/content/site.ts';
import { Logo } from './logo.tsx';

export function SiteFooter() {
  const { footer } = site;
  return (
    <footer className="on-dark bg-navy-950 text-stone-300">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="col-span-2 sm:col-span-3 lg:col-span-1">
          <Logo tone="light" />
          <p className="mt-4 text-sm">{footer.about}</p>
        </div>
        <div>
          <h2 className="text-sm font-bold tracking-wider text-white uppercase">Services</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {footer.services.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-bold tracking-wider text-white uppercase">Company</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {footer.company.map((link) => (
              <li key={link.href}>
                <Link
                  to={link.href}
                  className="underline-offset-4 hover:text-white hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-bold tracking-wider text-white uppercase">Follow us</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {footer.social.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  rel="noopener noreferrer"
                  className="underline-offset-4 hover:text-white hover:underline"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {site.legalName} All rights reserved.
        </p>
      </div>
    </footer>
  );
}
