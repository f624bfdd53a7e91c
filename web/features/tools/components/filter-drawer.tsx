import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { formatCount } from '#contract/format.ts';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { useHydrated } from '#web/lib/use-hydrated.ts';

/**
 * The filters on phones and tablets: "Filters (n)" opens them in a drawer (a modal dialog: the
 * page behind is inert, Escape closes it, focus returns to the button); each change applies at
 * once, and "Show N tools" closes it onto the list. Before the page's script has taken over, the
 * button is a link to the filters' form further down the page.
 */
export function FilterDrawer({
  chosenCount,
  total,
  clearAllHref,
  formId,
  children,
}: {
  chosenCount: number;
  /** The tools the chosen filters leave (undefined while unknown). */
  total: number | undefined;
  clearAllHref: string;
  /** The id of the filters' form the link leads to without the script. */
  formId: string;
  children: ReactNode;
}) {
  const isHydrated = useHydrated();
  const [isOpen, setIsOpen] = useState(false);
  const label = chosenCount > 0 ? `Filters (${formatCount(chosenCount)})` : 'Filters';
  const buttonLook = buttonClasses({ variant: 'outline', className: 'lg:hidden' });
  if (!isHydrated) {
    return (
      <a href={`#${formId}`} className={buttonLook}>
        {label}
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        className={buttonLook}
        aria-haspopup="dialog"
        onClick={() => setIsOpen(true)}
      >
        {label}
      </button>
      <Dialog
        open={isOpen}
        onClose={() => setIsOpen(false)}
        title="Filters"
        placement="side"
        footer={
          <div className="flex flex-wrap items-center justify-between gap-3">
            {chosenCount > 0 ? (
              <Link
                to={clearAllHref}
                preventScrollReset
                className="inline-flex min-h-10 items-center text-sm font-semibold text-navy-700 underline"
              >
                Clear all
              </Link>
            ) : (
              <span />
            )}
            <Button variant="secondary" onClick={() => setIsOpen(false)}>
              {total === undefined
                ? 'Show tools'
                : `Show ${formatCount(total)} ${total === 1 ? 'tool' : 'tools'}`}
            </Button>
          </div>
        }
      >
        {children}
      </Dialog>
    </>
  );
}
