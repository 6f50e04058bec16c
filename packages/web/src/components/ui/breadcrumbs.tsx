// Breadcrumbs: «Главная › … › current page».
import { Link } from '../../app/router/link.tsx';

export interface Crumb {
  name: string;
  url?: string;
}

/** The last crumb is the page itself and is shown as text. */

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const all: Crumb[] = [{ name: 'Главная', url: '/' }, ...items];
  return (
    <nav className="breadcrumbs" aria-label="Навигационная цепочка">
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
