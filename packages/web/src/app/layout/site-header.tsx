// Header of spec §2: logo, slogan, two phones and the search box.
import { SHOP } from '@efir/domain/shop-info';
import { Form, Link } from 'react-router';
import { DropLogo, SearchIcon } from '../../components/ui/icons.tsx';

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to="/" className="logo" aria-label={`${SHOP.name} — на главную`}>
          <DropLogo />
          <span className="logo__text">
            <span className="logo__name">{SHOP.name}</span>
            <span className="logo__slogan">{SHOP.slogan}</span>
          </span>
        </Link>
        <Form method="get" action="/search" className="search-box" role="search">
          <label htmlFor="header-search" className="visually-hidden">
            Поиск по магазину
          </label>
          <input
            id="header-search"
            name="q"
            type="search"
            placeholder="Лаванда, масло для волос, рецепт крема…"
            autoComplete="off"
            maxLength={200}
          />
          <button type="submit" aria-label="Найти">
            <SearchIcon width={18} height={18} />
          </button>
        </Form>
        <div className="site-header__phones">
          {SHOP.phones.map((phone) => (
            <a key={phone.href} href={phone.href} className="phone">
              <span className="phone__number">{phone.display}</span>
              <span className="phone__note">{phone.note}</span>
            </a>
          ))}
        </div>
      </div>
    </header>
  );
}
