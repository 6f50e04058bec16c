// The mobile drawer of spec §2 (see mobile-menu.tsx): its own chunk, loaded when the menu is first opened.

import { ChevronIcon, CloseIcon } from '../../components/ui/icons.tsx';
import { useAppState } from '../../lib/app-context.tsx';
import { Link } from '../../lib/router/link.tsx';
import { type DrawerState, MAIN_SECTIONS } from './mobile-menu-parts.ts';

export function MobileMenuDrawer({ closing, section, setSection, parent, setParent }: DrawerState) {
  const setOpen = useAppState((state) => state.setMobileMenuOpen);
  const catalogs = useAppState((state) => state.critical.catalogs);
  const categories = useAppState((state) => state.critical.categories);
  const menus = useAppState((state) => state.critical.menus);
  const infoLinks = [...(menus.top ?? []), ...(menus.more ?? [])];
  const children = parent ? categories.filter((entry) => entry.id_kat === parent.id) : [];

  return (
    <div
      className={closing ? 'mobile-menu mobile-menu--closing' : 'mobile-menu'}
      role="dialog"
      aria-modal="true"
      aria-label="Меню"
      aria-hidden={closing || undefined}
      inert={closing || undefined}
    >
      <button
        type="button"
        className="mobile-menu__backdrop"
        aria-label="Закрыть меню"
        onClick={() => setOpen(false)}
      />
      {/* A chosen link closes the drawer at the tap, whatever its navigation then does: a failed one can start and
          end between two renders, so waiting to see it load (mobile-menu.tsx) may never see it. */}
      <div
        className="mobile-menu__panel"
        onClickCapture={(event) => {
          if (event.target instanceof Element && event.target.closest('a[href]')) setOpen(false);
        }}
      >
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
