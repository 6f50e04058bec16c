// Demo content of the shop's frame: the catalogue tree, menus and home slides.
import type { categories, menuItems, slides } from '../schema.ts';

type CategorySeed = Omit<typeof categories.$inferInsert, 'parentId'> & { children?: CategorySeed[] };

export const categoryTree: CategorySeed[] = [
  {
    name: 'Эфирные масла',
    url: '/efirnye-masla',
    pos: 1,
    showInSubmenu: true,
    katGlobal: 1,
    children: [
      { name: 'Цветочные', url: '/efirnye-masla/cvetochnye' },
      { name: 'Цитрусовые', url: '/efirnye-masla/citrusovye' },
      { name: 'Хвойные', url: '/efirnye-masla/hvojnye' },
      { name: 'Травянистые', url: '/efirnye-masla/travyanistye' },
      { name: 'Пряные', url: '/efirnye-masla/pryanye' },
      { name: 'Древесные', url: '/efirnye-masla/drevesnye' },
      { name: 'Смолы и бальзамы', url: '/efirnye-masla/smoly' },
      { name: 'Редкие и абсолюты', url: '/efirnye-masla/absolyuty' },
    ],
  },
  {
    name: 'Гидролаты',
    url: '/gidrolaty',
    pos: 2,
    showInSubmenu: true,
    katGlobal: 12,
    children: [
      { name: 'Для лица', url: '/gidrolaty/dlya-lica' },
      { name: 'Для волос', url: '/gidrolaty/dlya-volos' },
      { name: 'Для тела', url: '/gidrolaty/dlya-tela' },
    ],
  },
  {
    name: 'Базовые масла',
    url: '/bazovye-masla',
    pos: 3,
    showInSubmenu: true,
    katGlobal: 2,
    children: [
      { name: 'Холодного отжима', url: '/bazovye-masla/holodnogo-otzhima' },
      { name: 'Мацераты', url: '/bazovye-masla/macieraty' },
      { name: 'Баттеры', url: '/bazovye-masla/battery' },
    ],
  },
  { name: 'Смеси эфирных масел', url: '/smesi', pos: 4, katGlobal: 3 },
  { name: 'Наборы', url: '/nabory', pos: 5, katGlobal: 4 },
  { name: 'Косметическое сырьё', url: '/syrie', pos: 6, katGlobal: 5 },
  {
    name: 'Аксессуары',
    url: '/aksessuary',
    pos: 7,
    showInSubmenu: true,
    katGlobal: 6,
    children: [
      { name: 'Аромалампы и диффузоры', url: '/aksessuary/aromalampy' },
      { name: 'Аромакулоны', url: '/aksessuary/aromakulony' },
      { name: 'Флаконы и тара', url: '/aksessuary/flakony' },
      { name: 'Пипетки и мерные инструменты', url: '/aksessuary/pipetki' },
    ],
  },
  { name: 'Подарочные сертификаты', url: '/sertifikaty', pos: 8, katGlobal: 7 },
];

type MenuSeed = Omit<typeof menuItems.$inferInsert, 'pos'>;

export const menuSeed: MenuSeed[] = [
  { menu: 'top', name: 'О компании', url: '/our_company.html' },
  { menu: 'top', name: 'Контакты', url: '/kontakt.html' },
  { menu: 'top', name: 'Доставка и оплата', url: '/dostavka.html' },
  { menu: 'more', name: 'Отзывы', url: '/reviews.html' },
  { menu: 'more', name: 'Акции', url: '/akcii' },
  { menu: 'more', name: 'Партнёрам', url: '/partner.html' },
  { menu: 'more', name: 'О поставщиках', url: '/o-postavschikah.html' },
  { menu: 'more', name: 'Помощь', url: '/help' },
  { menu: 'more', name: 'Форум', url: 'https://forum.efir-shop.ru/' },
  { menu: 'footer', name: 'Доставка и оплата', url: '/dostavka.html' },
  { menu: 'footer', name: 'Помощь покупателю', url: '/help' },
  { menu: 'footer', name: 'Акции', url: '/akcii' },
  { menu: 'footer', name: 'Почему мы', url: '/pochemu-mi' },
  { menu: 'footer', name: 'Авторы', url: '/authors' },
  { menu: 'footer', name: 'Как выбрать натуральное масло', url: '/kak-vybrat-naturalnoe-efirnoe-maslo' },
  { menu: 'footer', name: 'Нормы ввода компонентов', url: '/normi_vvoda_komponentov.html' },
  { menu: 'footer', name: 'Бот-консультант в Telegram', url: '/bot-konsultant-v-telegram' },
  {
    menu: 'legal',
    name: 'Согласие на обработку персональных данных',
    url: '/soglasenie-o-zashhite-personalnyx-dannyx',
  },
  { menu: 'legal', name: 'Политика конфиденциальности', url: '/politika-konfidencialnosti-dlya-google-play' },
  { menu: 'legal', name: 'Публичная оферта', url: '/publicnaia-oferta' },
  {
    menu: 'articles',
    name: 'Как выбрать натуральное эфирное масло',
    url: '/kak-vybrat-naturalnoe-efirnoe-maslo',
    color: '#3f6b4f',
  },
  {
    menu: 'articles',
    name: 'Как познакомиться с ароматом масла',
    url: '/kak-poznakomitsya-s-aromatom-masla',
    color: '#8a5a44',
  },
  {
    menu: 'articles',
    name: 'Стерилизация инструментов и тары',
    url: '/sterilizatciya-instrumentov-tary-v-domashnei-kosmetike.html',
    color: '#4a6fa5',
  },
  {
    menu: 'articles',
    name: 'Нормы ввода компонентов',
    url: '/normi_vvoda_komponentov.html',
    color: '#c9a227',
  },
];

export const slideSeed: Array<typeof slides.$inferInsert> = [
  {
    // The oil's page: its lavender is Bulgarian (catalog-products.ts), collected in July (seed-promises.test.ts).
    name: 'Болгарская лаванда нового урожая',
    link: '/lavanda-uzkolistnaya-10-ml.html',
    show: 'all',
    color: '#e9e4f2',
    img: { filename: 'slides/lavender.jpg', basename: 'slides/lavender' },
  },
  {
    name: 'Промокод EFIR10 на первый заказ: {{promo:EFIR10}}',
    link: '/registration',
    show: 'guest',
    color: '#f3e9d2',
    img: { filename: 'slides/first-order.jpg', basename: 'slides/first-order' },
  },
  {
    name: 'Ваша персональная скидка уже в корзине',
    link: '/my-account',
    show: 'reg',
    color: '#e2efe6',
    img: { filename: 'slides/personal.jpg', basename: 'slides/personal' },
  },
  {
    name: 'Гидролаты для лица: мягкий уход каждый день',
    link: '/gidrolaty',
    show: 'all',
    color: '#e6f0f5',
    img: { filename: 'slides/hydrolats.jpg', basename: 'slides/hydrolats' },
  },
  {
    name: 'Школа ароматерапии: {{next-course}}',
    link: '/seminar_po_aromatherapy.html',
    show: 'all',
    color: '#f5e6e0',
    img: { filename: 'slides/school.jpg', basename: 'slides/school' },
  },
];
