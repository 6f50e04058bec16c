// Top bar of spec §2: city, info links with «Ещё», cart link with count and total (updated by every cart answer),
// login or account link, search.
import { formatRub } from '@efir/domain/money';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { CartIcon, PhoneIcon, PinIcon, SearchIcon, UserIcon } from '../../components/ui/icons.tsx';
import { useAppState } from '../../lib/app-context.tsx';
import type { MenuLink } from '../../lib/app-state.ts';
import { CART_URL } from '../../lib/cart-core.ts';
import { Link } from '../../lib/router/link.tsx';
import { useShop } from '../../lib/shop.ts';
import { useSessionStatus } from '../../lib/use-session.ts';

const UserMenu = lazy(() => import('./user-menu.tsx').then((module) => ({ default: module.UserMenu })));

/** Guest: «Войти». Logged in: the user's menu (user-menu.tsx). While the browser is still loading the hinted session
 * (or the menu's code): a neutral link to the account, so a logged-in visitor never sees «Войти». */
function AccountLink() {
  const user = useAppState((state) => state.user);
  const status = useSessionStatus();
  const accountLink = (
    // The word is hidden on phones, so the name is given again for the icon alone.
    <Link to="/my-account" className="top-bar__account" aria-busy="true" aria-label="Кабинет">
      <UserIcon width={18} height={18} />
      <span>Кабинет</span>
    </Link>
  );

  if (user) {
    return (
      <Suspense fallback={accountLink}>
        <UserMenu user={user} />
      </Suspense>
    );
  }
  if (status === 'pending') return accountLink;
  return (
    <Link to="/login" className="top-bar__account" aria-label="Войти">
      <UserIcon width={18} height={18} />
      <span>Войти</span>
    </Link>
  );
}

const closeList = (details: HTMLDetailsElement | null) => {
  if (details) details.open = false;
};

/**
 * «Ещё»: a <details> list (it opens without the app's code too) that closes as a menu does: on Escape (focus back
 * on «Ещё»), a press outside it, focus leaving it, a chosen item, and on another page.
 */
function MoreLinks({ links }: { links: MenuLink[] }) {
  const details = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is what closes the list
  useEffect(() => closeList(details.current), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPress = (event: PointerEvent) => {
      if (!details.current?.contains(event.target as Node)) closeList(details.current);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closeList(details.current);
      details.current?.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', onPress);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPress);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <details
      ref={details}
      className="top-bar__more"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onBlur={(event) => {
        const to = event.relatedTarget as Node | null;
        if (to && !event.currentTarget.contains(to)) closeList(event.currentTarget);
      }}
    >
      <summary>Ещё</summary>
      {/* A chosen item closes the list, also when it is the page already shown. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links inside take the keys; this only hears their clicks */}
      <ul onClick={(event) => (event.target as Element).closest('a') && closeList(details.current)}>
        {links.map((link) => (
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
  );
}

/**
 * The cart link's words, which are its name: «Корзина: 1 товар, 490 ₽» («Корзина: пусто»). A desktop shows the part
 * after the colon as «1 товар · 490 ₽», and the name holds those words in that order (WCAG 2.5.3: a speech user says
 * what they see); a phone shows only the count on the icon and keeps the words for screen readers.
 */
function CartWords({ count, total }: { count: number; total: number }) {
  if (count === 0) {
    // Whole words for the name: Chromium puts a space before a visually hidden part («Корзина : пусто»).
    return (
      <span className="top-bar__cart-text">
        <span aria-hidden="true">Корзина</span>
        <span className="visually-hidden">Корзина: пусто</span>
      </span>
    );
  }
  return (
    <span className="top-bar__cart-text">
      <span className="visually-hidden">Корзина:</span> {formatCount(count, GOODS_FORMS)}
      <span aria-hidden="true"> · </span>
      <span className="visually-hidden">,</span> {formatRub(total)}
    </span>
  );
}

export function TopBar() {
  const cart = useAppState((state) => state.cart);
  const menus = useAppState((state) => state.critical.menus);
  const topLinks = menus.top ?? [];
  const moreLinks = menus.more ?? [];
  const shop = useShop();
  const phone = shop.phones[0];

  return (
    <div className="top-bar">
      <div className="container top-bar__inner">
        <span className="top-bar__city">
          <PinIcon width={16} height={16} /> {shop.city}
        </span>
        <nav className="top-bar__links" aria-label="Информация">
          {topLinks.map((link) => (
            <Link key={link.url} to={link.url}>
              {link.name}
            </Link>
          ))}
          {moreLinks.length > 0 && <MoreLinks links={moreLinks} />}
        </nav>
        <div className="top-bar__actions">
          {phone && (
            <a
              href={phone.href}
              className="top-bar__icon top-bar__phone"
              aria-label={`Позвонить: ${phone.display}`}
            >
              <PhoneIcon width={18} height={18} />
              {/* A desktop shows the number: the top bar is what stays on screen there (layout.css). */}
              <span className="top-bar__phone-number">{phone.display}</span>
            </a>
          )}
          <Link to="/search" className="top-bar__icon" aria-label="Поиск">
            <SearchIcon width={18} height={18} />
          </Link>
          <Link to={CART_URL} className="top-bar__cart">
            <span className="top-bar__cart-icon">
              <CartIcon width={18} height={18} />
              {cart.count > 0 && (
                <span className="top-bar__cart-badge" aria-hidden="true">
                  {cart.count > 99 ? '99+' : cart.count}
                </span>
              )}
            </span>
            <CartWords count={cart.count} total={cart.total} />
          </Link>
          <AccountLink />
        </div>
      </div>
    </div>
  );
}
