// Breadcrumbs: «Главная › … › current page», with the same trail as schema.org BreadcrumbList for search engines.
import { useLocation } from 'react-router';
import { useAppContext } from '../../lib/app-context.tsx';
import { Link } from '../../lib/router/link.tsx';
import { breadcrumbJsonLd, JsonLd } from './json-ld.tsx';

export interface Crumb {
  name: string;
  url?: string;
}

/** The last crumb is the page itself and is shown as text. */

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { origin } = useAppContext();
  const { pathname } = useLocation();
  const all: Crumb[] = [{ name: 'Главная', url: '/' }, ...items];
  const last = items.at(-1);
  const trail = last ? [...items.slice(0, -1), { name: last.name, url: last.url ?? pathname }] : items;
  return (
    <nav className="breadcrumbs" aria-label="Навигационная цепочка">
      <JsonLd data={breadcrumbJsonLd(origin, trail)} />
      <ol>
        {all.map((item, index) =>
          item.url && index < all.length - 1 ? (
            <li key={item.url}>
              <Link to={item.url}>{item.name}</Link>
            </li>
          ) : (
            <li key={item.name} aria-current="page">
              {item.name}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
