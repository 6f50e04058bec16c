// /my-account: greeting, the personal discount with the way to the next tier, counts and quick links.

import type { AccountSummary } from '@efir/domain/account-wire';
import { formatRub } from '@efir/domain/money';
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import { SHOP } from '@efir/domain/shop-info';
import { useEffect } from 'react';
import {
  AccountHeading,
  ADDRESS_FORMS,
  BOOKMARK_FORMS,
  formatPercent,
  LoadFailed,
  Loading,
  QUESTION_FORMS,
} from '../../components/shop/account-ui.tsx';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import { useAccountData } from '../../lib/remote-data.ts';
import { Link } from '../../lib/router/link.tsx';

/** The sentence under the discount: what there is now and how far the next tier is. */
export function describeDiscountProgress(skidka: AccountSummary['skidka']): string {
  const { percent, next } = skidka;
  if (!next) {
    return percent > 0
      ? 'У вас максимальная скидка. Спасибо, что выбираете нас!'
      : 'Скидка появится после первых заказов.';
  }
  const way = `ещё ${formatRub(next.remaining)} до скидки ${formatPercent(next.percent)}`;
  return percent > 0 ? `${way.charAt(0).toUpperCase()}${way.slice(1)}.` : `Пока скидки нет: ${way}.`;
}

/** A new customer (no orders yet, e.g. just registered) is welcomed, not welcomed back. */
export function greeting(orders: number | undefined): string {
  if (orders === undefined) return '';
  return orders > 0 ? 'Рады видеть вас снова.' : `Добро пожаловать в «${SHOP.name}»!`;
}

/** 0…1: the share of the way from what has been spent to the next tier. */
export function discountProgress(skidka: AccountSummary['skidka']): number {
  if (!skidka.next) return 1;
  const spent = skidka.completed_total;
  const total = spent + skidka.next.remaining;
  return total > 0 ? Math.min(1, Math.max(0, spent / total)) : 0;
}

function DiscountCard({ skidka }: { skidka: AccountSummary['skidka'] }) {
  const progress = discountProgress(skidka);
  return (
    <section className="account-card discount-card" aria-labelledby="discount-title">
      <div className="discount-card__main">
        <h2 id="discount-title" className="discount-card__title">
          Персональная скидка
        </h2>
        <p className="discount-card__percent">{formatPercent(skidka.percent)}</p>
      </div>
      <p className="discount-card__next">{describeDiscountProgress(skidka)}</p>
      {skidka.next && (
        <div
          className="discount-card__bar"
          role="progressbar"
          aria-label="Путь до следующей скидки"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
        >
          <span style={{ width: `${Math.round(progress * 100)}%` }} />
        </div>
      )}
      {skidka.tiers.length > 0 && (
        <ul className="discount-card__tiers" aria-label="Уровни скидки">
          {skidka.tiers.map((tier) => (
            <li key={tier.from} className={tier.percent <= skidka.percent ? 'is-reached' : undefined}>
              <strong>{formatPercent(tier.percent)}</strong>
              <span>от {formatRub(tier.from)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="discount-card__note">
        Считаются выполненные заказы. Скидка действует на товары без специальной цены.
      </p>
    </section>
  );
}

export function AccountHomePage() {
  const { store } = useAppContext();
  const user = useAppState((state) => state.user);
  const home = useAccountData('/v1/my-account', (answer: AccountSummary) => answer);
  const freshUser = home.data?.user ?? null;

  // The summary brings the user as the server sees it now (discount, lists changed in another tab…).
  useEffect(() => {
    if (freshUser && freshUser.id === store.getState().user?.id) store.getState().updateUser(freshUser);
  }, [freshUser, store]);

  if (!user) return null;
  const counts: Partial<AccountSummary['counts']> = home.data?.counts ?? {};
  const favorites = user.favProducts.length;
  const bookmarks = user.favRecepts.length + user.favArticles.length;
  const tiles = [
    {
      url: '/my-fav-prod',
      title: 'Избранное',
      value: formatCount(favorites, GOODS_FORMS),
      empty: favorites === 0,
    },
    {
      url: '/my-bookmarks',
      title: 'Закладки',
      value: formatCount(bookmarks, BOOKMARK_FORMS),
      empty: bookmarks === 0,
    },
    {
      url: '/my-waitlist',
      title: 'Лист ожидания',
      value: formatCount(user.waitlist.length, GOODS_FORMS),
      empty: user.waitlist.length === 0,
    },
    {
      url: '/my-address',
      title: 'Адреса доставки',
      value: formatCount(user.addresses.length, ADDRESS_FORMS),
      empty: user.addresses.length === 0,
    },
    {
      url: '/my-question',
      title: 'Вопросы',
      value: formatCount(counts.questions ?? 0, QUESTION_FORMS),
      empty: !counts.questions,
    },
  ];

  return (
    <div className="account-page">
      <AccountHeading
        title="Личный кабинет"
        lead={[`Здравствуйте, ${user.name}!`, greeting(counts.orders), `Ваш номер покупателя — ${user.id}.`]
          .filter(Boolean)
          .join(' ')}
      />
      {home.status === 'loading' && <Loading text="Считаем вашу скидку…" />}
      {home.status === 'error' && <LoadFailed error={home.error} onRetry={home.reload} />}
      {home.status === 'ready' && <DiscountCard skidka={home.data.skidka} />}

      <ul className="account-tiles">
        {tiles.map((tile) => (
          <li key={tile.url}>
            <Link to={tile.url} className={tile.empty ? 'account-tile account-tile--empty' : 'account-tile'}>
              <span className="account-tile__title">{tile.title}</span>
              <span className="account-tile__value">{tile.value}</span>
            </Link>
          </li>
        ))}
      </ul>

      <section className="account-card" aria-labelledby="quick-links">
        <h2 id="quick-links">Быстрые ссылки</h2>
        <ul className="quick-links">
          <li>
            <Link to="/my-personal">Изменить личные данные</Link>
          </li>
          <li>
            <Link to="/my-orders">Мои заказы</Link>
          </li>
          <li>
            <Link to="/my-settings">Рассылка и Telegram</Link>
          </li>
          <li>
            <Link to="/catalog.html">Перейти в каталог</Link>
          </li>
          <li>
            <Link to="/seminar_po_aromatherapy.html">Школа ароматерапии</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
