import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { Link, useNavigate } from 'react-router';

export interface Tab<Id extends string> {
  id: Id;
  label: string;
  /** Where the tab leads: its view lives in the URL, so it works before the page's script. */
  href: string;
}

const tabId = (idPrefix: string, id: string) => `${idPrefix}-tab-${id}`;
const panelId = (idPrefix: string) => `${idPrefix}-panel`;

/**
 * Tabs over one panel (the WAI-ARIA tabs pattern): links with role `tab`, the arrow keys, Home
 * and End move between them and show the one reached. The panel shows the selected tab's view.
 */
export function Tabs<Id extends string>({
  label,
  idPrefix,
  tabs,
  selected,
  children,
}: {
  label: string;
  /** Unique on the page: names the tabs and the panel. */
  idPrefix: string;
  tabs: readonly Tab<Id>[];
  selected: Id;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const refs = useRef<(HTMLAnchorElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    const tab = target === undefined ? undefined : tabs[target];
    if (target === undefined || !tab) return;
    event.preventDefault();
    navigate(tab.href, { replace: true, preventScrollReset: true });
    refs.current[target]?.focus();
  };
  return (
    <>
      <div
        role="tablist"
        aria-label={label}
        className="mb-4 flex flex-wrap gap-1 border-b border-stone-300"
      >
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected;
          return (
            <Link
              key={tab.id}
              ref={(element) => {
                refs.current[index] = element;
              }}
              to={tab.href}
              replace
              preventScrollReset
              role="tab"
              id={tabId(idPrefix, tab.id)}
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId(idPrefix) : undefined}
              tabIndex={isSelected ? 0 : -1}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`-mb-px inline-flex min-h-10 items-center border-b-2 px-4 text-sm font-semibold ${
                isSelected
                  ? 'border-navy-800 text-navy-900'
                  : 'border-transparent text-stone-700 hover:border-stone-400 hover:text-navy-800'
              }`}
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId(idPrefix)} aria-labelledby={tabId(idPrefix, selected)}>
        {children}
      </div>
    </>
  );
}
