// /catalog.html: the catalogue's top categories with their sub-categories.
import type { RouteResponse } from '@efir/domain/catalog-wire';
import { Link } from 'react-router';
import { useAppState } from '../../app/app-context.tsx';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';

export function CatalogPage(_props: { data: RouteResponse }) {
  const catalogs = useAppState((state) => state.critical.catalogs);
  const categories = useAppState((state) => state.critical.categories);
  return (
    <div className="container page">
      <Breadcrumbs items={[{ name: 'Каталог' }]} />
      <h1>Каталог</h1>
      <ul className="catalog-tree">
        {catalogs.map((entry) => {
          const children = categories
            .filter((child) => child.id_kat === entry.id)
            .sort((a, b) => a.name.localeCompare(b.name, 'ru'));
          return (
            <li key={entry.id} className="catalog-tree__group">
              <Link to={entry.url} className="catalog-tree__title">
                {entry.name}
              </Link>
              {children.length > 0 && (
                <ul>
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
  );
}
