// The demo catalogue's product families: one family per oil or item, one product per volume.
// Product texts live in catalog-products.ts; recipes refer to families by key.

export interface FamilySeed {
  key: string;
  name: string;
  /** Category url from seed-layout.ts. */
  category: string;
  /** Sellable volumes, each its own product (its own id, price and stock). */
  volumes: string[];
  /** A third-party maker and its barcode; the shop's own bottling has neither. */
  brand?: string;
  gtin?: string;
}

export const families: FamilySeed[] = [
  // Эфирные масла
  {
    key: 'lavanda-uzkolistnaya',
    name: 'Лаванда узколистная',
    category: '/efirnye-masla/cvetochnye',
    volumes: ['10 мл', '30 мл'],
  },
  {
    key: 'roza-damasskaya',
    name: 'Роза дамасская',
    category: '/efirnye-masla/cvetochnye',
    volumes: ['2 мл', '5 мл'],
  },
  {
    key: 'ilang-ilang',
    name: 'Иланг-иланг экстра',
    category: '/efirnye-masla/cvetochnye',
    volumes: ['10 мл'],
  },
  {
    key: 'geran',
    name: 'Герань розовая',
    category: '/efirnye-masla/cvetochnye',
    volumes: ['10 мл', '30 мл'],
  },
  { key: 'neroli', name: 'Нероли', category: '/efirnye-masla/cvetochnye', volumes: ['2 мл'] },
  {
    key: 'apelsin-sladkij',
    name: 'Апельсин сладкий',
    category: '/efirnye-masla/citrusovye',
    volumes: ['10 мл', '30 мл'],
  },
  { key: 'limon', name: 'Лимон', category: '/efirnye-masla/citrusovye', volumes: ['10 мл', '30 мл'] },
  { key: 'bergamot', name: 'Бергамот', category: '/efirnye-masla/citrusovye', volumes: ['10 мл'] },
  { key: 'grejpfrut', name: 'Грейпфрут', category: '/efirnye-masla/citrusovye', volumes: ['10 мл'] },
  { key: 'mandarin', name: 'Мандарин зелёный', category: '/efirnye-masla/citrusovye', volumes: ['10 мл'] },
  {
    key: 'pihta-sibirskaya',
    name: 'Пихта сибирская',
    category: '/efirnye-masla/hvojnye',
    volumes: ['10 мл', '30 мл'],
  },
  { key: 'sosna', name: 'Сосна обыкновенная', category: '/efirnye-masla/hvojnye', volumes: ['10 мл'] },
  { key: 'kedr-atlasskij', name: 'Кедр атласский', category: '/efirnye-masla/hvojnye', volumes: ['10 мл'] },
  {
    key: 'myata-perechnaya',
    name: 'Мята перечная',
    category: '/efirnye-masla/travyanistye',
    volumes: ['10 мл', '30 мл'],
  },
  {
    key: 'rozmarin',
    name: 'Розмарин (хемотип цинеол)',
    category: '/efirnye-masla/travyanistye',
    volumes: ['10 мл'],
  },
  {
    key: 'chajnoe-derevo',
    name: 'Чайное дерево',
    category: '/efirnye-masla/travyanistye',
    volumes: ['10 мл', '30 мл'],
  },
  {
    key: 'evkalipt',
    name: 'Эвкалипт шаровидный',
    category: '/efirnye-masla/travyanistye',
    volumes: ['10 мл', '30 мл'],
  },
  { key: 'melissa', name: 'Мелисса', category: '/efirnye-masla/travyanistye', volumes: ['2 мл'] },
  { key: 'koritsa', name: 'Корица (лист)', category: '/efirnye-masla/pryanye', volumes: ['5 мл'] },
  { key: 'gvozdika', name: 'Гвоздика (бутоны)', category: '/efirnye-masla/pryanye', volumes: ['10 мл'] },
  { key: 'imbir', name: 'Имбирь', category: '/efirnye-masla/pryanye', volumes: ['10 мл'] },
  { key: 'sandal', name: 'Сандал индийский', category: '/efirnye-masla/drevesnye', volumes: ['5 мл'] },
  { key: 'vetiver', name: 'Ветивер', category: '/efirnye-masla/drevesnye', volumes: ['5 мл'] },
  { key: 'ladan', name: 'Ладан (босвеллия)', category: '/efirnye-masla/smoly', volumes: ['5 мл', '10 мл'] },
  {
    key: 'zhasmin-absolyut',
    name: 'Жасмин, абсолют',
    category: '/efirnye-masla/absolyuty',
    volumes: ['2 мл'],
  },
  // Гидролаты (katGlobal 12)
  {
    key: 'gidrolat-rozy',
    name: 'Гидролат розы дамасской',
    category: '/gidrolaty/dlya-lica',
    volumes: ['100 мл', '250 мл'],
  },
  {
    key: 'gidrolat-lavandy',
    name: 'Гидролат лаванды',
    category: '/gidrolaty/dlya-lica',
    volumes: ['100 мл', '250 мл'],
  },
  { key: 'gidrolat-neroli', name: 'Гидролат нероли', category: '/gidrolaty/dlya-lica', volumes: ['100 мл'] },
  {
    key: 'gidrolat-rozmarina',
    name: 'Гидролат розмарина',
    category: '/gidrolaty/dlya-volos',
    volumes: ['100 мл'],
  },
  {
    key: 'gidrolat-myaty',
    name: 'Гидролат мяты перечной',
    category: '/gidrolaty/dlya-tela',
    volumes: ['100 мл'],
  },
  {
    key: 'gidrolat-romashki',
    name: 'Гидролат ромашки',
    category: '/gidrolaty/dlya-lica',
    volumes: ['100 мл'],
  },
  // Базовые масла
  {
    key: 'zhozhoba',
    name: 'Масло жожоба',
    category: '/bazovye-masla/holodnogo-otzhima',
    volumes: ['30 мл', '100 мл'],
  },
  {
    key: 'mindalnoe',
    name: 'Масло сладкого миндаля',
    category: '/bazovye-masla/holodnogo-otzhima',
    volumes: ['100 мл', '250 мл'],
  },
  { key: 'argana', name: 'Масло арганы', category: '/bazovye-masla/holodnogo-otzhima', volumes: ['30 мл'] },
  {
    key: 'kokosovoe',
    name: 'Масло кокоса нерафинированное',
    category: '/bazovye-masla/holodnogo-otzhima',
    volumes: ['100 мл'],
  },
  {
    key: 'kalendula-macerat',
    name: 'Мацерат календулы',
    category: '/bazovye-masla/macieraty',
    volumes: ['100 мл'],
  },
  {
    key: 'maslo-shi',
    name: 'Масло ши нерафинированное',
    category: '/bazovye-masla/battery',
    volumes: ['100 г'],
  },
  { key: 'maslo-kakao', name: 'Масло какао', category: '/bazovye-masla/battery', volumes: ['100 г'] },
  // Смеси
  { key: 'smes-spokojnyj-son', name: 'Смесь «Спокойный сон»', category: '/smesi', volumes: ['10 мл'] },
  { key: 'smes-yasnaya-golova', name: 'Смесь «Ясная голова»', category: '/smesi', volumes: ['10 мл'] },
  { key: 'smes-zimnij-les', name: 'Смесь «Зимний лес»', category: '/smesi', volumes: ['10 мл'] },
  // Наборы
  {
    key: 'nabor-dlya-nachinayushchih',
    name: 'Набор «Первое знакомство»: 6 масел по 5 мл',
    category: '/nabory',
    volumes: ['6 × 5 мл'],
  },
  {
    key: 'nabor-citrusy',
    name: 'Набор «Цитрусовое настроение»',
    category: '/nabory',
    volumes: ['4 × 10 мл'],
  },
  // Косметическое сырьё
  { key: 'pantenol', name: 'Д-пантенол', category: '/syrie', volumes: ['30 мл'] },
  {
    key: 'gialuronovaya-kislota',
    name: 'Гиалуроновая кислота низкомолекулярная',
    category: '/syrie',
    volumes: ['5 г'],
  },
  { key: 'vitamin-e', name: 'Витамин Е (токоферол)', category: '/syrie', volumes: ['20 мл'] },
  { key: 'olivem-1000', name: 'Эмульгатор Olivem 1000', category: '/syrie', volumes: ['50 г'] },
  { key: 'geogard-ect', name: 'Консервант Geogard ECT', category: '/syrie', volumes: ['30 мл'] },
  // Аксессуары
  {
    key: 'aromalampa-keramika',
    name: 'Аромалампа керамическая «Листья»',
    category: '/aksessuary/aromalampy',
    volumes: ['1 шт.'],
  },
  {
    key: 'diffuzor-ultrazvukovoj',
    name: 'Ультразвуковой диффузор «Туман»',
    category: '/aksessuary/aromalampy',
    volumes: ['1 шт.'],
    brand: 'AromaHome',
    gtin: '4601234567893',
  },
  {
    key: 'aromakulon-kaplya',
    name: 'Аромакулон «Капля»',
    category: '/aksessuary/aromakulony',
    volumes: ['1 шт.'],
  },
  {
    key: 'flakon-pipetka',
    name: 'Флакон тёмного стекла с пипеткой',
    category: '/aksessuary/flakony',
    volumes: ['10 мл', '30 мл'],
  },
  {
    key: 'flakon-sprej',
    name: 'Флакон-спрей тёмного стекла',
    category: '/aksessuary/flakony',
    volumes: ['50 мл'],
  },
  { key: 'pipetki', name: 'Пипетки пластиковые, 10 шт.', category: '/aksessuary/pipetki', volumes: ['3 мл'] },
  { key: 'mernye-lozhki', name: 'Набор мерных ложек', category: '/aksessuary/pipetki', volumes: ['5 шт.'] },
  // Подарочные сертификаты
  {
    key: 'sertifikat',
    name: 'Подарочный сертификат',
    category: '/sertifikaty',
    // The nominal as every price reads («5 000 ₽», formatRub); the slugs stay «sertifikat-5000-rub».
    volumes: ['1\u00a0000\u00a0₽', '3\u00a0000\u00a0₽', '5\u00a0000\u00a0₽'],
  },
];
