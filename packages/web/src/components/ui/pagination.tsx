// Page links «‹ 1 2 3 … 9 ›» that keep the rest of the address and work without JavaScript.
import type { Pagination as PaginationData } from '@efir/domain/catalog-wire';
import { useLocation } from 'react-router';
import { Link } from '../../lib/router/link.tsx';

function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The page numbers to show: first, last, and two around the current one. */
export function pickPageNumbers(current: number, pages: number): Array<number | 'gap'> {
  const wanted = new Set([1, pages, current - 2, current - 1, current, current + 1, current + 2]);
  const numbers = [...wanted].filter((page) => page >= 1 && page <= pages).sort((a, b) => a - b);
  const result: Array<number | 'gap'> = [];
  for (const [index, page] of numbers.entries()) {
    if (index > 0 && page - numbers[index - 1]! > 1) result.push('gap');
    result.push(page);
  }
  return result;
}

export function Pagination({ pagination }: { pagination: PaginationData | null }) {
  const { pathname, search } = useLocation();
  if (!pagination || pagination.pages <= 1) return null;
  const { page, pages } = pagination;
  return (
    <nav className="pagination" aria-label="Страницы">
      {page > 1 && (
        <Link
          to={pageHref(pathname, search, page - 1)}
          className="pagination__step"
          aria-label="Предыдущая страница"
        >
          ‹
        </Link>
      )}
      {pickPageNumbers(page, pages).map((item, index) =>
        item === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
          <span key={`gap-${index}`} className="pagination__gap">
            …
          </span>
        ) : (
          <Link
            key={item}
            to={pageHref(pathname, search, item)}
            className={item === page ? 'pagination__page pagination__page--current' : 'pagination__page'}
            aria-current={item === page ? 'page' : undefined}
          >
            {item}
          </Link>
        ),
      )}
      {page < pages && (
        <Link
          to={pageHref(pathname, search, page + 1)}
          className="pagination__step"
          aria-label="Следующая страница"
        >
          ›
        </Link>
      )}
    </nav>
  );
}
