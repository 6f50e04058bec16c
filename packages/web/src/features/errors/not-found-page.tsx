// The /err404 page, also shown (with HTTP 404) at any unknown address.
import { Link } from '../../lib/router/link.tsx';
import './errors.css';

export function NotFoundPage() {
  return (
    <div className="container page error-page">
      <p className="error-page__code" aria-hidden="true">
        404
      </p>
      <h1>Страница не найдена</h1>
      <p>
        Возможно, ссылка устарела или в адресе опечатка. Загляните в каталог — там точно найдётся что-то для
        вашего настроения.
      </p>
      <div className="error-page__actions">
        <Link to="/catalog.html" className="button">
          Перейти в каталог
        </Link>
        <Link to="/" className="button button--ghost">
          На главную
        </Link>
      </div>
    </div>
  );
}
