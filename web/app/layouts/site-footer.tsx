import { Link } from 'react-router';
import { site } from '#web/content/site.ts';
import { useStoreConfig } from '#web/lib/store-config.ts';
import { Logo } from './logo.tsx';

/** Links look like links (underlined, white); the services beside them are plain text. */
const LINK =
  'font-medium text-white underline decoration-white/40 underline-offset-4 hover:decoration-white';

export function SiteFooter() {
  const { footer } = site;
  const socialLinks = useStoreConfig()?.socialLinks ?? [];
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
                <Link to={link.href} className={LINK}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        {/* The company's own profiles, as the store is configured (SOCIAL_LINKS); none, none shown. */}
        {socialLinks.length > 0 && (
          <div>
            <h2 className="text-sm font-bold tracking-wider text-white uppercase">Follow us</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {socialLinks.map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="noopener noreferrer" className={LINK}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {site.legalName} All rights reserved.
        </p>
      </div>
    </footer>
  );
}
