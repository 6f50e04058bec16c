// The /err404 page, also shown (with HTTP 404) at any unknown address: a search box (a plain GET form to /search, so
// it works before the app's code arrives or without it) and the catalogue's sections, so the visitor is one step
// from what they were looking for.
import { SearchIcon } from '../../components/ui/icons.tsx';
import { useAppState } from '../../lib/app-context.tsx';
import { Link } from '../../lib/router/link.tsx';
import { Form } from '../../lib/router/router-view.tsx';
import './errors.css';

/** The search page's limit (search-loader.ts): longer text is cut there anyway. */
const QUERY_MAX_LENGTH = 200;

function CatalogueSections() {
  const catalogs = useAppState((state) => state.critical.catalogs);
  const sections = catalogs.filter((entry) => entry.id_kat === 0).sort((a, b) => a.pos - b.pos);
  if (sections.length === 0) return null;
  return (
    <nav className="error-page__sections" aria-labelledby="not-found-sections">
      <h2 id="not-found-sections" className="error-page__subtitle">
        Разделы каталога
      </h2>
      <ul>
        {sections.map((section) => (
          <li key={section.id}>
            <Link to={section.url} className="error-page__chip">
              {section.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function NotFoundPage() {
  return (
    <div className="container page error-page">
      <p className="error-page__code" aria-hidden="true">
        404
      </p>
      <h1>Страница не найдена</h1>
      <p>
        Возможно, ссылка устарела или в адресе опечатка. Найдите нужное через поиск или загляните в разделы
        каталога.
      </p>
      <Form
        method="get"
        action="/search"
        className="error-page__search"
        role="search"
        aria-label="Поиск по магазину на странице 404"
      >
        <label htmlFor="not-found-q" className="visually-hidden">
          Что вы искали?
        </label>
        <input
          id="not-found-q"
          name="q"
          type="search"
          placeholder="Например, лаванда или крем для рук"
          maxLength={QUERY_MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="button">
          <SearchIcon width={18} height={18} aria-hidden="true" />
          Найти
        </button>
      </Form>
      <CatalogueSections />
      <div className="error-page__actions">
        <Link to="/catalog.html" className="button button--ghost">
          Перейти в каталог
        </Link>
        <Link to="/" className="button button--ghost">
          На главную
        </Link>
      </div>
    </div>
  );
}
