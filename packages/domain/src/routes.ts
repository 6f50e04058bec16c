// The fixed routes of spec §2, shared by the web router, the server (sitemap, guards) and the seed.

export const STATIC_PAGE_URLS = [
  '/kontakt.html',
  '/our_company.html',
  '/dostavka.html',
  '/partner.html',
  '/help',
  '/o-postavschikah.html',
  '/akcii',
  '/authors',
  '/pochemu-mi',
  '/kak-vybrat-naturalnoe-efirnoe-maslo',
  '/kak-poznakomitsya-s-aromatom-masla',
  '/sterilizatciya-instrumentov-tary-v-domashnei-kosmetike.html',
  '/normi_vvoda_komponentov.html',
  '/bot-konsultant-v-telegram',
] as const;

export const LEGAL_PAGE_URLS = [
  '/soglasenie-o-zashhite-personalnyx-dannyx',
  '/politika-konfidencialnosti-dlya-google-play',
  '/publicnaia-oferta',
] as const;

/** Closed to logged-in users, who are sent to /my-account. */
export const GUEST_ONLY_URLS = ['/login', '/registration', '/forgot-password'] as const;

/** Need login; a guest is sent to /login. */
export const ACCOUNT_PAGES = [
  { url: '/my-account', title: 'Личный кабинет' },
  { url: '/my-personal', title: 'Личные данные' },
  { url: '/my-orders', title: 'Мои заказы' },
  { url: '/my-certificates', title: 'Мои сертификаты' },
  { url: '/my-address', title: 'Мои адреса' },
  { url: '/my-baskets', title: 'Сохранённые корзины' },
  { url: '/my-fav-prod', title: 'Избранное' },
  { url: '/my-waitlist', title: 'Лист ожидания' },
  { url: '/my-question', title: 'Мои вопросы' },
  { url: '/my-courses', title: 'Мои курсы' },
  { url: '/my-bookmarks', title: 'Закладки' },
  { url: '/my-settings', title: 'Настройки' },
] as const;

export const NOT_FOUND_URL = '/err404';
export const LOGIN_URL = '/login';
export const ACCOUNT_HOME_URL = '/my-account';
