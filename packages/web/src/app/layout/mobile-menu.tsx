// Mobile drawer of spec §2: «Меню» and «Каталог» sections, drill-down into a category, «Все товары категории»;
// and its toggle, which on hover also shows the catalogue as a side panel (spec §9, see MobileMenuToggle).
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ChevronIcon, CloseIcon, MenuIcon } from '../../components/ui/icons.tsx';
import { useAppState } from '../app-context.tsx';
import type { CatalogEntry } from '../app-state.ts';

export const MAIN_SECTIONS = [
  { name: 'Обучение', url: '/seminar_po_aromatherapy.html' },
  { name: 'Рецепты', url: '/recept.html' },
  { name: 'Статьи', url: '/articles-new.html' },
] as const;

/** Which hover rule of spec §9 applies to the catalogue side panel on this page. */
export function catalogPeekVariant(pathname: string): 'home' | 'everywhere' {
  return pathname === '/' ? 'home' : 'everywhere';
}

/**
 * The menu toggle shown below 960 px. Spec §9: «the mobile menu slider shows on hover for widths 561–780 on the
 * home page, and on all other paths». Our reading: hovering the toggle slides in the catalogue (the drawer's
 * «Каталог» section) as a side panel — on the home page only between 561 and 780 px, where the page has room for
 * it beside the slider, and on every other page at any width the toggle is shown (up to 960 px). Only pointers
 * that can really hover get it (CSS `(hover: hover)` in catalog.css), so a tap still just opens the drawer.
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
        onClick={() => setOpen(true)}
        aria-label="Открыть меню"
      >
        <MenuIcon />
        <span>Меню</span>
      </button>
      {sorted.length > 0 && (
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

export function MobileMenu() {
  const open = useAppState((state) => state.mobileMenuOpen);
  const setOpen = useAppState((state) => state.setMobileMenuOpen);
  const catalogs = useAppState((state) => state.critical.catalogs);
  const categories = useAppState((state) => state.critical.categories);
  const menus = useAppState((state) => state.critical.menus);
  const infoLinks = [...(menus.top ?? []), ...(menus.more ?? [])];
  const [section, setSection] = useState<'menu' | 'catalog'>('menu');
  const [parent, setParent] = useState<CatalogEntry | null>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing on every navigation is the point
  useEffect(() => {
    setOpen(false);
    setParent(null);
  }, [location.pathname, setOpen]);

  if (!open) return null;
  const children = parent ? categories.filter((entry) => entry.id_kat === parent.id) : [];

  return (
    <div className="mobile-menu" role="dialog" aria-modal="true" aria-label="Меню">
      <button
        type="button"
        className="mobile-menu__backdrop"
        aria-label="Закрыть меню"
        onClick={() => setOpen(false)}
      />
      <div className="mobile-menu__panel">
        <div className="mobile-menu__head">
          <div className="mobile-menu__tabs" role="tablist">
            <button
              type="button"
              role="tab"
              aria-selected={section === 'menu'}
              onClick={() => {
                setSection('menu');
                setParent(null);
              }}
            >
              Меню
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={section === 'catalog'}
              onClick={() => setSection('catalog')}
            >
              Каталог
            </button>
          </div>
          <button
            type="button"
            className="mobile-menu__close"
            aria-label="Закрыть меню"
            onClick={() => setOpen(false)}
          >
            <CloseIcon />
          </button>
        </div>
        {section === 'menu' && (
          <ul className="mobile-menu__list">
            {[{ name: 'Каталог', url: '/catalog.html' }, ...MAIN_SECTIONS, ...infoLinks].map((link) => (
              <li key={link.url}>
                <Link to={link.url}>{link.name}</Link>
              </li>
            ))}
          </ul>
        )}
        {section === 'catalog' && !parent && (
          <ul className="mobile-menu__list">
            {catalogs.map((entry) => {
              const hasChildren = categories.some((child) => child.id_kat === entry.id);
              return (
                <li key={entry.id}>
                  {hasChildren ? (
                    <button type="button" className="mobile-menu__drill" onClick={() => setParent(entry)}>
                      {entry.name} <ChevronIcon width={18} height={18} />
                    </button>
                  ) : (
                    <Link to={entry.url}>{entry.name}</Link>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {section === 'catalog' && parent && (
          <ul className="mobile-menu__list">
            <li>
              <button type="button" className="mobile-menu__back" onClick={() => setParent(null)}>
                ← {parent.name}
              </button>
            </li>
            <li>
              <Link to={parent.url} className="mobile-menu__all">
                Все товары категории
              </Link>
            </li>
            {children
              .slice()
              .sort((a, b) => a.name.localeCompare(b.name, 'ru'))
              .map((child) => (
                <li key={child.id}>
                  <Link to={child.url}>{child.name}</Link>
                </li>
              ))}
          </ul>
        )}
      </div>
    </div>
  );
}
