// Main menu of spec §2: Каталог with its mega-menu (top categories, their sub-categories, best sellers and
// article links), Обучение, Рецепты, Статьи; from 960 px (below, the toggle in the header opens the drawer).
import type { ProductCard } from '@efir/domain/catalog-wire';
import { formatRub } from '@efir/domain/money';
import { type FocusEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppState } from '../../lib/app-context.tsx';
import type { CatalogEntry } from '../../lib/app-state.ts';
import { Link, NavLink } from '../../lib/router/link.tsx';
import { MAIN_SECTIONS } from './mobile-menu-parts.ts';

export { MAIN_SECTIONS };

/** Spec §9: a sub-menu with more than 10 children is split into columns of at most 10, as even as possible. */
export function splitIntoColumns<T>(items: readonly T[], maxPerColumn = 10): T[][] {
  if (items.length === 0) return [];
  const limit = Math.max(1, Math.floor(maxPerColumn));
  const columns = Math.ceil(items.length / limit);
  const base = Math.floor(items.length / columns);
  const longer = items.length % columns;
  const result: T[][] = [];
  let start = 0;
  for (let column = 0; column < columns; column++) {
    // The first columns take one more when the items do not divide evenly: 11 → 6 + 5, 23 → 8 + 8 + 7.
    const size = base + (column < longer ? 1 : 0);
    result.push(items.slice(start, start + size));
    start += size;
  }
  return result;
}

export interface MegaMenuGroup {
  entry: CatalogEntry;
  columns: CatalogEntry[][];
}

/**
 * Spec §9: top categories by pos; those with top = 1 show their sub-categories (by name), split into columns;
 * the rest are gathered into one list of plain links, still by pos.
 */
export function buildMegaMenu(
  catalogs: readonly CatalogEntry[],
  subCatalog: Readonly<Record<string, CatalogEntry[] | undefined>>,
  maxPerColumn = 10,
): { groups: MegaMenuGroup[]; others: CatalogEntry[] } {
  const groups: MegaMenuGroup[] = [];
  const others: CatalogEntry[] = [];
  for (const entry of [...catalogs].sort((a, b) => a.pos - b.pos)) {
    const children =
      entry.top === 1
        ? [...(subCatalog[entry.id] ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'ru'))
        : [];
    if (children.length > 0) groups.push({ entry, columns: splitIntoColumns(children, maxPerColumn) });
    else others.push(entry);
  }
  return { groups, others };
}

const HITS_IN_MENU = 6;

function MegaMenu() {
  const catalogs = useAppState((state) => state.critical.catalogs);
  const subCatalog = useAppState((state) => state.critical.subCatalog);
  const collection = useAppState((state) => state.critical.collection) as ProductCard[];
  const sidebar = useAppState((state) => state.critical.sidebar);
  const { groups, others } = buildMegaMenu(catalogs, subCatalog);
  const hits = collection.slice(0, HITS_IN_MENU);

  return (
    <div className="mega-menu">
      <div className="container mega-menu__layout">
        <div className="mega-menu__catalog">
          {groups.map(({ entry, columns }) => (
            <div
              key={entry.id}
              className="mega-menu__group"
              style={columns.length > 1 ? { gridColumn: `span ${columns.length}` } : undefined}
            >
              <Link to={entry.url} className="mega-menu__title">
                {entry.name}
              </Link>
              <div className="mega-menu__columns">
                {columns.map((column) => (
                  <ul key={column[0]?.id}>
                    {column.map((child) => (
                      <li key={child.id}>
                        <Link to={child.url}>{child.name}</Link>
                      </li>
                    ))}
                  </ul>
                ))}
              </div>
            </div>
          ))}
          {others.length > 0 && (
            <ul className="mega-menu__group mega-menu__others">
              {others.map((entry) => (
                <li key={entry.id}>
                  <Link to={entry.url} className="mega-menu__title">
                    {entry.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
        {(hits.length > 0 || sidebar.length > 0) && (
          <div className="mega-menu__aside">
            {hits.length > 0 && (
              <div className="mega-menu__hits">
                <p className="mega-menu__heading">Хиты</p>
                <ul>
                  {hits.map((product) => (
                    <li key={product.id}>
                      <Link to={product.url} className="mega-menu__hit">
                        <span>
                          {product.name}
                          {product.volume && <span className="mega-menu__volume">, {product.volume}</span>}
                        </span>
                        <span
                          className={product.cena_st > 0 ? 'mega-menu__price--special' : 'mega-menu__price'}
                        >
                          {formatRub(product.cena)}
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {sidebar.length > 0 && (
              <div className="mega-menu__articles">
                <p className="mega-menu__heading">Полезно знать</p>
                <ul>
                  {sidebar.map((link) => (
                    <li key={link.url}>
                      <Link to={link.url} className="mega-menu__article">
                        <span
                          className="mega-menu__dot"
                          style={link.color ? { backgroundColor: link.color } : undefined}
                          aria-hidden="true"
                        />
                        {link.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

export function MainMenu() {
  const hasCatalog = useAppState((state) => state.critical.catalogs.length > 0);
  const { pathname } = useLocation();
  // The mega-menu opens on hover and on keyboard focus (pure CSS); after a navigation or Escape it stays shut
  // until the pointer leaves or focus comes back from outside, or it would hang over the page just opened.
  const [shut, setShut] = useState(false);
  const item = useRef<HTMLLIElement>(null);
  const shownPath = useRef(pathname);

  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    setShut(true);
    const active = document.activeElement;
    if (active instanceof HTMLElement && item.current?.contains(active)) active.blur();
  }, [pathname]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    setShut(true);
    item.current?.querySelector<HTMLElement>('.main-menu__catalog-link')?.focus();
  };
  const onFocus = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setShut(false);
  };

  return (
    <nav className="main-menu" aria-label="Основное меню">
      <div className="container main-menu__inner">
        <ul className="main-menu__list">
          <li
            ref={item}
            className={
              shut
                ? 'main-menu__item main-menu__item--catalog mega-shut'
                : 'main-menu__item main-menu__item--catalog'
            }
            onMouseLeave={() => setShut(false)}
            onKeyDown={onKeyDown}
            onFocus={onFocus}
          >
            <NavLink to="/catalog.html" className="main-menu__catalog-link">
              Каталог
            </NavLink>
            {hasCatalog && <MegaMenu />}
          </li>
          {MAIN_SECTIONS.map((section) => (
            <li key={section.url} className="main-menu__item">
              <NavLink to={section.url}>{section.name}</NavLink>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
