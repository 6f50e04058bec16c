// Top bar of spec §2: city, info links with «Ещё», cart link with count and total, login or account link, search.
import { formatRub } from '@efir/domain/money';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import { SHOP } from '@efir/domain/shop-info';
import { Link } from 'react-router';
import { CartIcon, PhoneIcon, PinIcon, SearchIcon, UserIcon } from '../../components/ui/icons.tsx';
import { useAppState } from '../app-context.tsx';

export function TopBar() {
  const user = useAppState((state) => state.user);
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
            to="/my-cart"
            className="top-bar__cart"
            aria-label={`Корзина: ${formatCount(cart.count, GOODS_FORMS)}`}
          >
            <CartIcon width={18} height={18} />
            {cart.count > 0 ? (
              <span>
                {formatCount(cart.count, GOODS_FORMS)} · {formatRub(cart.total)}
              </span>
            ) : (
              <span>Корзина</span>
            )}
          </Link>
          {user ? (
            <Link to="/my-account" className="top-bar__account">
              {user.avatar?.type === 'photo' && user.avatar.photo ? (
                <img src={user.avatar.photo} alt="" width={22} height={22} className="avatar" />
              ) : (
                <span className="avatar avatar--letter" aria-hidden="true">
                  {user.name.slice(0, 1).toUpperCase()}
                </span>
              )}
              <span>{user.name}</span>
            </Link>
          ) : (
            <Link to="/login" className="top-bar__account">
              <UserIcon width={18} height={18} />
              <span>Войти</span>
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
