// Header of spec §2: logo, slogan, the phones and the search box (with typing hints once the page is live). Below
// 960 px the menu toggle leads the row and the header is one compact line: toggle, logo, search box. From 960 px the
// top bar above (which stays on screen) already shows the first phone, so this row lists the others: each number
// once at the top of the page (issue 35).
import { DropLogo } from '../../components/ui/icons.tsx';
import { HeaderSearch } from '../../features/search/header-search.tsx';
import { Link } from '../../lib/router/link.tsx';
import { useShop } from '../../lib/shop.ts';
import { MobileMenuToggle } from './mobile-menu.tsx';

export function SiteHeader() {
  const shop = useShop();
  return (
    <div className="site-header">
      <div className="container site-header__inner">
        <MobileMenuToggle />
        {/* Named by its visible words (WCAG 2.5.3: speech users say what they see), then where it leads. */}
        <Link to="/" className="logo">
          <DropLogo />
          <span className="logo__text">
            <span className="logo__name">{shop.name}</span>
            <span className="logo__slogan">{shop.slogan}</span>
          </span>
          <span className="visually-hidden"> — на главную</span>
        </Link>
        <HeaderSearch />
        <div className="site-header__phones">
          {shop.phones.slice(1).map((phone) => (
            <a key={phone.href} href={phone.href} className="phone">
              <span className="phone__number">{phone.display}</span>
              <span className="phone__note">{phone.note}</span>
            </a>
          ))}
        </div>
      </div>
    </div>
  );
}
