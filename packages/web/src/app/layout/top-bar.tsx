// Top bar of spec §2: city, info links with «Ещё», cart link with count and total (updated by every cart answer),
// login or account link, search.
import { formatRub } from '@efir/domain/money';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import { SHOP } from '@efir/domain/shop-info';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { CartIcon, PhoneIcon, PinIcon, SearchIcon, UserIcon } from '../../components/ui/icons.tsx';
import { useAppState } from '../app-context.tsx';
import { CART_URL, describeCartSize } from '../cart-state.ts';
import { useLogOut, useSessionStatus } from '../use-session.ts';

/** A small pop-up menu: closes on a click outside, on Escape (focus back to its button) and after a navigation. */
function usePopupMenu() {
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is what closes the menu
  useEffect(() => {
    setOpen(false);
  }, [pathname]);
  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (!wrap.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return { open, setOpen, wrap, button };
}

/** Guest: «Войти». Logged in: avatar and name to /my-account, and a small menu with «Выйти». While the browser
 * is still loading the hinted session: a neutral link to the account, so a logged-in visitor never sees «Войти». */
function AccountLink() {
  const user = useAppState((state) => state.user);
  const status = useSessionStatus();
  const { logOut, pending } = useLogOut();
  const menu = usePopupMenu();
  const menuId = useId();

  if (user) {
    return (
      <div className="top-bar__user" ref={menu.wrap}>
        {/* Named by its own words, not an aria-label that would not contain the avatar's letter (WCAG 2.5.3). */}
        <Link to="/my-account" className="top-bar__account">
          <span className="visually-hidden">Личный кабинет: </span>
          <Avatar name={user.name} photo={user.avatar.photo} size={24} />
          <span>{user.name}</span>
        </Link>
        <button
          ref={menu.button}
          type="button"
          className="top-bar__user-toggle"
          aria-label="Меню личного кабинета"
          aria-expanded={menu.open}
          aria-controls={menuId}
          onClick={() => menu.setOpen((open) => !open)}
        >
          <span aria-hidden="true">▾</span>
        </button>
        <ul id={menuId} className="top-bar__user-menu" hidden={!menu.open}>
          <li>
            <Link to="/my-account">Личный кабинет</Link>
          </li>
          <li>
            <Link to="/my-orders">Мои заказы</Link>
          </li>
          <li>
            <Link to="/my-fav-prod">Избранное</Link>
          </li>
          <li>
            <Link to="/my-personal">Личные данные</Link>
          </li>
          <li className="top-bar__user-menu-logout">
            <button type="button" onClick={() => void logOut()} disabled={pending}>
              {pending ? 'Выходим…' : 'Выйти'}
            </button>
          </li>
        </ul>
      </div>
    );
  }
  if (status === 'pending') {
    return (
      // The word is hidden on phones, so the name is given again for the icon alone.
      <Link to="/my-account" className="top-bar__account" aria-busy="true" aria-label="Кабинет">
        <UserIcon width={18} height={18} />
        <span>Кабинет</span>
      </Link>
    );
  }
  return (
    <Link to="/login" className="top-bar__account" aria-label="Войти">
      <UserIcon width={18} height={18} />
      <span>Войти</span>
    </Link>
  );
}

export function TopBar() {
  const cart = useAppState((state) => state.cart);
  const menus = useAppState((state) => state.critical.menus);
  const topLinks = menus.top ?? [];
  const moreLinks = menus.more ?? [];

  return (
    <div className="top-bar">
      <div className="container top-bar__inner">
        <span className="top-bar__city">
          <PinIcon width={16} height={16} /> {SHOP.city}
        </span>
        <nav className="top-bar__links" aria-label="Информация">
          {topLinks.map((link) => (
            <Link key={link.url} to={link.url}>
              {link.name}
            </Link>
          ))}
          {moreLinks.length > 0 && (
            <details className="top-bar__more">
              <summary>Ещё</summary>
              <ul>
                {moreLinks.map((link) => (
                  <li key={link.url}>
                    {link.url.startsWith('http') ? (
                      <a href={link.url} target="_blank" rel="noopener noreferrer">
                        {link.name}
                      </a>
                    ) : (
                      <Link to={link.url}>{link.name}</Link>
                    )}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </nav>
        <div className="top-bar__actions">
          <a
            href={SHOP.phones[0].href}
            className="top-bar__icon top-bar__phone"
            aria-label={`Позвонить: ${SHOP.phones[0].display}`}
          >
            <PhoneIcon width={18} height={18} />
          </a>
          <Link to="/search" className="top-bar__icon" aria-label="Поиск">
            <SearchIcon width={18} height={18} />
          </Link>
          <Link
            to={CART_URL}
            className="top-bar__cart"
            aria-label={
              cart.count > 0
                ? `Корзина: ${formatCount(cart.count, GOODS_FORMS)} на ${formatRub(cart.total)}`
                : 'Корзина: пусто'
            }
          >
            <span className="top-bar__cart-icon">
              <CartIcon width={18} height={18} />
              {cart.count > 0 && (
                <span className="top-bar__cart-badge" aria-hidden="true">
                  {cart.count > 99 ? '99+' : cart.count}
                </span>
              )}
            </span>
            <span className="top-bar__cart-text">{describeCartSize(cart)}</span>
          </Link>
          <AccountLink />
        </div>
      </div>
    </div>
  );
}
