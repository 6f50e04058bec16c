// Mobile menu of spec §2: the drawer (mobile-menu-drawer.tsx: «Меню» and «Каталог» sections, drill-down into a
// category, «Все товары категории») with its state, and its toggle, which on hover also shows the catalogue as a
// side panel (spec §9, see MobileMenuToggle).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { CloseIcon, MenuIcon } from '../../components/ui/icons.tsx';
import { useAppState } from '../../lib/app-context.tsx';
import type { CatalogEntry } from '../../lib/app-state.ts';
import { Link } from '../../lib/router/link.tsx';
import { useNavigation } from '../../lib/router/router-view.tsx';
import { MAIN_SECTIONS } from './mobile-menu-parts.ts';

/** Which hover rule of spec §9 applies to the catalogue side panel on this page. */
export function catalogPeekVariant(pathname: string): 'home' | 'everywhere' {
  return pathname === '/' ? 'home' : 'everywhere';
}

/**
 * The menu toggle shown below 960 px. Spec §9: «the mobile menu slider shows on hover for widths 561–780 on the
 * home page, and on all other paths». Our reading: hovering the toggle slides in the catalogue (the drawer's
 * «Каталог» section) as a side panel — on the home page only between 561 and 780 px, where the page has room for
 * it beside the slider, and on every other page at any width the toggle is shown (up to 960 px). Only pointers
 * that can really hover get it (CSS `(hover: hover)` in layout.css), so a tap still just opens the drawer.
 */
export function MobileMenuToggle() {
  const setOpen = useAppState((state) => state.setMobileMenuOpen);
  const catalogs = useAppState((state) => state.critical.catalogs);
  const categories = useAppState((state) => state.critical.categories);
  const { pathname } = useLocation();
  // Shut after a navigation until the pointer leaves, so the panel does not hang over the page just opened.
  const [shut, setShut] = useState(false);
  const shownPath = useRef(pathname);
  const wrap = useRef<HTMLDivElement>(null);
  // The panel only answers a hovering pointer and repeats the mega-menu's links, so it is made in the browser after
  // hydration, not in the server's HTML of every page (≈ 100 elements, a seventh of a product page's; issue 18).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setShut(true);
    const active = document.activeElement;
    if (active instanceof HTMLElement && wrap.current?.contains(active)) active.blur();
  }, [pathname]);

  const sorted = [...catalogs].sort((a, b) => a.pos - b.pos);
  const classes = ['catalog-peek', `catalog-peek--${catalogPeekVariant(pathname)}`];
  if (shut) classes.push('catalog-peek--shut');

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: leaving only re-arms the hover panel; nothing to operate
    <div className="main-menu__toggle-wrap" ref={wrap} onMouseLeave={() => setShut(false)}>
      <button
        type="button"
        className="main-menu__toggle"
        popoverTarget={PLAIN_MENU_ID}
        onClick={(event) => {
          // The app's drawer instead of the plain list (a cancelled click does not toggle the popover).
          event.preventDefault();
          setOpen(true);
        }}
        aria-label="Открыть меню"
      >
        <MenuIcon />
        <span>Меню</span>
      </button>
      <PlainMenu />
      {hydrated && sorted.length > 0 && (
        <div className={classes.join(' ')}>
          <p className="catalog-peek__title">
            <Link to="/catalog.html">Каталог</Link>
          </p>
          <ul className="catalog-peek__list">
            {sorted.map((entry) => {
              const children = categories
                .filter((child) => child.id_kat === entry.id)
                .sort((a, b) => a.name.localeCompare(b.name, 'ru'));
              return (
                <li key={entry.id}>
                  <Link to={entry.url} className="catalog-peek__entry">
                    {entry.name}
                  </Link>
                  {children.length > 0 && (
                    <ul className="catalog-peek__children">
                      {children.map((child) => (
                        <li key={child.id}>
                          <Link to={child.url}>{child.name}</Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}

const PLAIN_MENU_ID = 'plain-menu';

/**
 * The menu as the server wrote it, for a visitor without the app's scripts or before they start (decision 044): a
 * popover the toggle opens by HTML alone (popovertarget), closed by Escape, a tap beside it or its ×. Its links are
 * the drawer's first screen and the catalogue's sections. Once the app runs, the toggle opens the drawer instead.
 */
function PlainMenu() {
  const catalogs = useAppState((state) => state.critical.catalogs);
  const menus = useAppState((state) => state.critical.menus);
  const links = [
    { name: 'Каталог', url: '/catalog.html' },
    ...[...catalogs].sort((a, b) => a.pos - b.pos).map((entry) => ({ name: entry.name, url: entry.url })),
    ...MAIN_SECTIONS,
    ...(menus.top ?? []),
    ...(menus.more ?? []),
  ];
  return (
    <nav id={PLAIN_MENU_ID} popover="auto" className="plain-menu" aria-label="Меню">
      <div className="mobile-menu__head">
        <p className="plain-menu__title">Меню</p>
        <button
          type="button"
          className="mobile-menu__close"
          popoverTarget={PLAIN_MENU_ID}
          popoverTargetAction="hide"
          aria-label="Закрыть меню"
        >
          <CloseIcon />
        </button>
      </div>
      <ul className="mobile-menu__list">
        {links.map((link) => (
          <li key={link.url}>
            <a href={link.url}>{link.name}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

// Nothing of the drawer is in the server's HTML (it opens on a tap), so its code waits for the first opening.
const MobileMenuDrawer = lazy(() =>
  import('./mobile-menu-drawer.tsx').then((module) => ({ default: module.MobileMenuDrawer })),
);

/** Spec §4: the menu opens and closes with a short delay — it slides in and, closed, slides out for this long. */
export const MOBILE_MENU_CLOSE_MS = 200;

export function MobileMenu() {
  const open = useAppState((state) => state.mobileMenuOpen);
  // Still on screen while it slides out after closing.
  const [shown, setShown] = useState(open);
  const setOpen = useAppState((state) => state.setMobileMenuOpen);
  const [section, setSection] = useState<'menu' | 'catalog'>('menu');
  const [parent, setParent] = useState<CatalogEntry | null>(null);
  const location = useLocation();
  const navigating = useNavigation().state === 'loading';

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every navigation is the point
  useEffect(() => {
    setOpen(false);
    setParent(null);
  }, [location.pathname, setOpen]);

  // A chosen link closes the drawer as soon as its page starts loading, whatever comes of it: a cancelled
  // navigation (a server failure, spec §2) leaves the page and its popup in view, not the drawer over them.
  useEffect(() => {
    if (navigating) setOpen(false);
  }, [navigating, setOpen]);

  useEffect(() => {
    if (open) {
      setShown(true);
      return;
    }
    const timer = setTimeout(() => setShown(false), MOBILE_MENU_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open]);

  if (!open && !shown) return null;
  return (
    <Suspense fallback={null}>
      <MobileMenuDrawer
        closing={!open}
        section={section}
        setSection={setSection}
        parent={parent}
        setParent={setParent}
      />
    </Suspense>
  );
}
