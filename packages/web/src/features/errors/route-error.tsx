// Error boundary of the router: 404 shows the not-found page, anything else «Запрос не выполнен».
import { Link } from '../../lib/router/link.tsx';
import { isRouteErrorResponse } from '../../lib/router/router.ts';
import { useRouteError } from '../../lib/router/router-view.tsx';
import { NotFoundPage } from './not-found-page.tsx';

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <div className="container page error-page">
      <h1>Запрос не выполнен</h1>
      <p>Ошибка сервера. Попробуйте обновить страницу через минуту — мы уже разбираемся.</p>
      <div className="error-page__actions">
        <Link to="/" className="button">
          На главную
        </Link>
      </div>
    </div>
  );
}
