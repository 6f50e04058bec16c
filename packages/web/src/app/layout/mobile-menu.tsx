// Mobile drawer of spec §2: «Меню» and «Каталог» sections, drill-down into a category, «Все товары категории».
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ChevronIcon, CloseIcon } from '../../components/ui/icons.tsx';
import { useAppState } from '../app-context.tsx';
import type { CatalogEntry } from '../app-state.ts';
import { MAIN_SECTIONS } from './main-menu.tsx';

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
