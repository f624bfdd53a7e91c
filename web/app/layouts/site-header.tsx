import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { CloseIcon } from '#web/components/ui/close-icon.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { site } from '#web/content/site.ts';
import { useSignOut } from '#web/features/auth/api/auth-mutations.ts';
import { useSession } from '#web/features/auth/api/session.ts';
import { CartLink } from '#web/features/cart/components/cart-link.tsx';
import { errorMessage } from '#web/lib/api-error.ts';
import * as paths from '#web/lib/paths.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { Logo } from './logo.tsx';

interface HeaderLink {
  to: string;
  label: string;
  end: boolean;
  /** Lit on every page under this path (the dashboard opens on one of several screens). */
  section?: string;
}

const PUBLIC_LINKS: HeaderLink[] = [
  { to: paths.home(), label: 'Home', end: true },
  { to: paths.tools(), label: 'Tools', end: false },
  { to: paths.quickOrder(), label: 'Quick order', end: false },
  { to: paths.blog(), label: 'Blog', end: false },
  { to: paths.portfolio(), label: 'My Portfolio', end: false },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
    isActive ? 'bg-navy-50 text-navy-900' : 'text-stone-700 hover:bg-stone-100 hover:text-navy-900'
  }`;

/**
 * An open menu closes on Escape (focus back on its button, where the keyboard was) and on a click
 * or tap outside it and its button.
 */
function useDismissMenu(
  isOpen: boolean,
  close: () => void,
  button: RefObject<HTMLButtonElement | null>,
  menu: RefObject<HTMLDivElement | null>,
) {
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (button.current?.contains(target) || menu.current?.contains(target)) return;
      close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpen, close, button, menu]);
}

export function SiteHeader() {
  const { user, isPending } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const signOut = useSignOut(() => navigate(paths.home()));
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: moving to another page closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const isMenuOpen = menuOpenOn === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setMenuOpenOn(null), []);
  useDismissMenu(isMenuOpen, close, menuButton, menu);

  const links: HeaderLink[] = user
    ? [
        ...PUBLIC_LINKS,
        // An admin's dashboard opens on the overview; /dashboard stays the profile (the spec's).
        {
          to: user.role === 'Admin' ? paths.overview() : paths.profile(),
          label: 'Dashboard',
          end: false,
          section: paths.profile(),
        },
      ]
    : PUBLIC_LINKS;
  /** The dashboard's link stays lit on every dashboard screen, whichever it opens on. */
  const isIn = (link: HeaderLink) =>
    link.section !== undefined &&
    (pathname === link.section || pathname.startsWith(`${link.section}/`));
  const onSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => toast.info('You are signed out.'),
      onError: (error) => toast.error(errorMessage(error)),
    });

  const account = isPending ? null : user ? (
    <div className="flex flex-wrap items-center gap-3">
      <span className="flex items-center gap-2 text-sm font-semibold text-navy-900">
        <Avatar name={user.name} photo={user.image} size="sm" />
        <span className="max-w-40 truncate" data-testid="user-name">
          {user.name}
        </span>
      </span>
      <Button variant="outline" size="sm" onClick={onSignOut} isPending={signOut.isPending}>
        Sign out
      </Button>
    </div>
  ) : (
    <Link to={paths.login()} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
      Login
    </Link>
  );

  return (
    <header>
      <div className="bg-navy-950 text-stone-200">
        <p className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2 text-xs sm:px-6 lg:px-8">
          <span className="font-semibold text-white">{site.banner.text}</span>
          <span className="hidden sm:inline">{site.banner.detail}</span>
        </p>
      </div>
      <div className="border-b border-stone-200 bg-white/95 shadow-xs">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 sm:gap-6 sm:px-6 lg:px-8">
          <Link to={paths.home()} className="rounded-md">
            <Logo />
            <span className="sr-only">: home</span>
          </Link>
          <nav aria-label="Main" className="hidden lg:block">
            <ul className="flex items-center gap-1">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    className={({ isActive }) => linkClass({ isActive: isActive || isIn(link) })}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex items-center gap-2 lg:gap-4">
            <CartLink />
            <div className="hidden lg:block">{account}</div>
            <MenuButton
              buttonRef={menuButton}
              isOpen={isMenuOpen}
              onToggle={() => setMenuOpenOn(isMenuOpen ? null : pathname)}
            />
          </div>
        </div>
        <div
          ref={menu}
          id="mobile-menu"
          hidden={!isMenuOpen}
          className="border-t border-stone-200 px-4 py-4 sm:px-6 lg:hidden"
        >
          <nav aria-label="Main menu">
            <ul className="space-y-1">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    className={({ isActive }) => linkClass({ isActive: isActive || isIn(link) })}
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-4 border-t border-stone-200 pt-4">{account}</div>
        </div>
      </div>
    </header>
  );
}

/**
 * The phones' menu button: not ready until the page's script runs. The one part of the header
 * that reads whether the page has hydrated, so that moment re-renders the button alone, not the
 * whole header.
 */
function MenuButton({
  buttonRef,
  isOpen,
  onToggle,
}: {
  buttonRef: RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  onToggle: () => void;
}) {
  const isHydrated = useHydrated();
  return (
    <button
      ref={buttonRef}
      type="button"
      className="inline-flex items-center gap-2 rounded-md border border-stone-300 px-3 py-2 text-sm font-semibold text-navy-900 lg:hidden"
      aria-expanded={isOpen}
      aria-controls="mobile-menu"
      disabled={!isHydrated}
      onClick={onToggle}
    >
      {isOpen ? (
        <CloseIcon className="size-5" />
      ) : (
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
          <path d="M3 5h14v2H3zM3 9h14v2H3zM3 13h14v2H3z" />
        </svg>
      )}
      {/* The narrowest phones need the room for the cart: the icon says it there. */}
      <span className="max-[399px]:sr-only">Menu</span>
    </button>
  );
}
