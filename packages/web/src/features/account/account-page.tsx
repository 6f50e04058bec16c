// Account pages (spec §2): reachable only when logged in; their contents arrive with the accounts feature.

import { ACCOUNT_PAGES } from '@efir/domain/routes';
import { Link, useMatches } from 'react-router';
import { useAppState } from '../../app/app-context.tsx';

export function AccountPage() {
  const user = useAppState((state) => state.user);
  const matches = useMatches();
  const current = ACCOUNT_PAGES.find((page) => page.url === matches[matches.length - 1]?.pathname);
  return (
    <div className="container page account">
      <aside className="account__menu" aria-label="Личный кабинет">
        <ul>
          {ACCOUNT_PAGES.map((page) => (
            <li key={page.url}>
              <Link to={page.url} aria-current={page.url === current?.url ? 'page' : undefined}>
                {page.title}
              </Link>
            </li>
          ))}
        </ul>
      </aside>
      <section>
        <h1>{current?.title ?? 'Личный кабинет'}</h1>
        {user && <p>Здравствуйте, {user.name}!</p>}
      </section>
    </div>
  );
}
