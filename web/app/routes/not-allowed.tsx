import { Link } from 'react-router';
import { buttonClasses } from '#web/components/ui/button.tsx';
import * as paths from '#web/lib/paths.ts';
import { usePageTitle } from '#web/lib/use-page-title.ts';

/** A signed-in user opened a screen their role does not give them. */
export function NotAllowedPage() {
  usePageTitle('Not allowed');
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-12 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-orange-100 text-orange-700">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-8" fill="currentColor">
          <path d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 5a3 3 0 1 1 6 0v3H9V7Zm3 7a2 2 0 0 1 1 3.7V19h-2v-1.3A2 2 0 0 1 12 14Z" />
        </svg>
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-navy-900">Not allowed</h1>
      <p className="mt-3 text-stone-700">
        This screen is for Toolyard admins only. If you think you should have access, ask an admin
        to give you the role.
      </p>
      <Link to={paths.profile()} className={buttonClasses({ className: 'mt-8' })}>
        Back to my dashboard
      </Link>
    </div>
  );
}
