// Main menu of spec §2: Каталог (with its drop-down of categories), Обучение, Рецепты, Статьи, mobile toggle.
import { Link, NavLink } from 'react-router';
import { MenuIcon } from '../../components/ui/icons.tsx';
import { useAppState } from '../app-context.tsx';

export const MAIN_SECTIONS = [
  { name: 'Обучение', url: '/seminar_po_aromatherapy.html' },
  { name: 'Рецепты', url: '/recept.html' },
  { name: 'Статьи', url: '/articles-new.html' },
] as const;

export function MainMenu() {
  const catalogs = useAppState((state) => state.critical.catalogs);
  const subCatalog = useAppState((state) => state.critical.subCatalog);
  const setMobileMenuOpen = useAppState((state) => state.setMobileMenuOpen);

  return (
    <nav className="main-menu" aria-label="Основное меню">
      <div className="container main-menu__inner">
        <button
          type="button"
          className="main-menu__toggle"
          onClick={() => setMobileMenuOpen(true)}
          aria-label="Открыть меню"
        >
          <MenuIcon />
          <span>Меню</span>
        </button>
        <ul className="main-menu__list">
          <li className="main-menu__item main-menu__item--catalog">
            <NavLink to="/catalog.html">Каталог</NavLink>
            {catalogs.length > 0 && (
              <div className="mega-menu">
                <div className="container mega-menu__grid">
                  {catalogs.map((entry) => (
                    <div key={entry.id} className="mega-menu__group">
                      <Link to={entry.url} className="mega-menu__title">
                        {entry.name}
                      </Link>
                      {entry.top === 1 && (subCatalog[entry.id] ?? []).length > 0 && (
                        <ul>
                          {(subCatalog[entry.id] ?? []).map((child) => (
                            <li key={child.id}>
                              <Link to={child.url}>{child.name}</Link>
                            </li>
                          ))}
                        </ul>
                      )}
                    </div>
                  ))}
                </div>
              </div>
            )}
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
