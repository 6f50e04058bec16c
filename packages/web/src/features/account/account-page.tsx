// The account area (spec §2 account routes): side menu, the user's card, «Выйти», and the page itself once the
// user is known — on the server already when it read her refresh cookie (decision 019). Otherwise (a server render
// with the session hint only) the frame shows a loading state until the browser knows; a visitor who turns out to
// be a guest is sent to /login.
import { ACCOUNT_PAGES } from '@efir/domain/routes';
import { type ComponentType, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { useAppState } from '../../lib/app-context.tsx';
import type { SessionUser } from '../../lib/app-state.ts';
import { Link } from '../../lib/router/link.tsx';
import { useIsCurrentPage, useNavigate } from '../../lib/router/router-view.tsx';
import { loginUrlFor } from '../../lib/session.ts';
import { useLogOut, useSessionStatus } from '../../lib/use-session.ts';
import { AccountHomePage } from './account-home-page.tsx';
import { AddressPage } from './address-page.tsx';
import { BasketsPage } from './baskets-page.tsx';
import { BookmarksPage } from './bookmarks-page.tsx';
import { CertificatesPage } from './certificates-page.tsx';
import { FavoriteProductsPage } from './favorites-page.tsx';
import { OrdersPage } from './orders-page.tsx';
import { PersonalPage } from './personal-page.tsx';
import { QuestionsPage } from './questions-page.tsx';
import { SettingsPage } from './settings-page.tsx';
import { WaitlistPage } from './waitlist-page.tsx';
import './account.css';

type AccountUrl = (typeof ACCOUNT_PAGES)[number]['url'];

/** The account's own pages; «Мои курсы» is the school's, placed in this frame by app/routes.tsx. */
export const ACCOUNT_PAGE_COMPONENTS: Record<Exclude<AccountUrl, '/my-courses'>, ComponentType> = {
  '/my-account': AccountHomePage,
  '/my-personal': PersonalPage,
  '/my-orders': OrdersPage,
  '/my-certificates': CertificatesPage,
  '/my-address': AddressPage,
  '/my-baskets': BasketsPage,
  '/my-fav-prod': FavoriteProductsPage,
  '/my-waitlist': WaitlistPage,
  '/my-question': QuestionsPage,
  '/my-bookmarks': BookmarksPage,
  '/my-settings': SettingsPage,
};

/** The little numbers beside the menu items, from the user the store already has. */
export function countMenuBadges(user: SessionUser | null): Partial<Record<AccountUrl, number>> {
  if (!user) return {};
  return {
    '/my-fav-prod': user.favProducts.length,
    '/my-bookmarks': user.favRecepts.length + user.favArticles.length,
    '/my-waitlist': user.waitlist.length,
    '/my-address': user.addresses.length + user.pvz.length,
  };
}

function AccountMenu({ currentUrl }: { currentUrl: string | undefined }) {
  const user = useAppState((state) => state.user);
  const { logOut, pending } = useLogOut();
  const badges = countMenuBadges(user);
  const list = useRef<HTMLUListElement>(null);

  // On narrow screens the menu is one scrolling row: keep the current page's chip in sight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new current page is what moves the row
  useEffect(() => {
    const row = list.current;
    const link = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !link || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = link.offsetLeft - (row.clientWidth - link.offsetWidth) / 2;
  }, [currentUrl]);
  return (
    <aside className="account-menu" aria-label="Личный кабинет">
      <div className="account-menu__user">
        {user ? (
          <>
            <Avatar name={user.name} photo={user.avatar.photo} size={48} />
            <div className="account-menu__who">
              <p className="account-menu__name">{[user.name, user.fam].filter(Boolean).join(' ')}</p>
              <p className="account-menu__email">{user.email}</p>
            </div>
          </>
        ) : (
          <>
            <span
              className="avatar avatar--placeholder"
              style={{ width: 48, height: 48 }}
              aria-hidden="true"
            />
            <div className="account-menu__who">
              <p className="account-menu__name skeleton-line" aria-hidden="true" />
              <p className="account-menu__email skeleton-line skeleton-line--short" aria-hidden="true" />
            </div>
          </>
        )}
      </div>
      <nav aria-label="Разделы кабинета">
        <ul className="account-menu__list" ref={list}>
          {ACCOUNT_PAGES.map((page) => {
            const badge = badges[page.url];
            return (
              <li key={page.url}>
                <Link to={page.url} aria-current={page.url === currentUrl ? 'page' : undefined}>
                  <span>{page.title}</span>
                  {badge ? <span className="account-menu__badge">{badge}</span> : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {user && (
        <button
          type="button"
          className="account-menu__logout"
          onClick={() => void logOut()}
          disabled={pending}
        >
          {pending ? 'Выходим…' : 'Выйти'}
        </button>
      )}
    </aside>
  );
}

function AccountLoading({ title }: { title: string }) {
  return (
    <div className="account-page" aria-busy="true">
      <h1>{title}</h1>
      <p className="account-loading" role="status">
        <span className="spinner" aria-hidden="true" /> Загружаем личный кабинет…
      </p>
    </div>
  );
}

export function AccountLayout() {
  const user = useAppState((state) => state.user);
  const status = useSessionStatus();
  const location = useLocation();
  const navigate = useNavigate();
  const current = ACCOUNT_PAGES.find((page) => page.url === location.pathname);

  const isCurrentPage = useIsCurrentPage();

  // The session turned out to be a guest's (no token, user not loadable, session expired): log in first. Not when
  // the visitor is already on the way elsewhere (a logout goes home first, then ends the session).
  useEffect(() => {
    if (status === 'guest' && isCurrentPage())
      navigate(loginUrlFor(`${location.pathname}${location.search}`), { replace: true });
  }, [status, location.pathname, location.search, navigate, isCurrentPage]);

  return (
    <div className="container page account">
      <AccountMenu currentUrl={current?.url} />
      <div className="account__content">
        {user ? <Outlet /> : <AccountLoading title={current?.title ?? 'Личный кабинет'} />}
      </div>
    </div>
  );
}
