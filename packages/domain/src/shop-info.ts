// Facts about the shop shown in the header and footer (spec §1, §9): the *defaults* of the settings the owner edits
// in the back office (decision 060, @efir/domain/shop-settings). The server reads the live values from its settings
// store, the web from `critical.shop`; these names stay for code that has no settings at hand.

export const SHOP = {
  name: 'Эфир',
  slogan: 'Натуральные эфирные масла и школа ароматерапии',
  city: 'Москва',
  phones: [
    { display: '+7 (495) 120-45-67', href: 'tel:+74951204567', note: 'Москва' },
    { display: '+7 (800) 555-18-24', href: 'tel:+78005551824', note: 'бесплатно по России' },
  ],
  email: 'info@efir-shop.ru',
  hours: 'Пн–Чт 9–18, Пт до 17',
  /** The office and pick-up point in Moscow (the «Контакты» page). */
  address: { street: 'ул. Дубининская, д. 57, стр. 2', city: 'Москва', postalCode: '115054', country: 'RU' },
  /** Opening hours, as the header says them: the same days and times for search engines. */
  openingHours: [
    { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'], opens: '09:00', closes: '18:00' },
    { days: ['Friday'], opens: '09:00', closes: '17:00' },
  ],
  /** Days to return an unopened product after receiving it (the «Доставка и оплата» page, law 26.1). */
  returnDays: 7,
  social: [
    { name: 'ВКонтакте', href: 'https://vk.com/efir_shop', short: 'VK' },
    { name: 'Telegram', href: 'https://t.me/efir_consult_bot', short: 'TG' },
    { name: 'Дзен', href: 'https://dzen.ru/efir_shop', short: 'Дзен' },
  ],
} as const;

/**
 * The shop's legal entity and bank account, for invoices of bank prepayment (sposob_oplat 3). Demo values whose check
 * digits are right (the settings form checks ИНН, ОГРН and the accounts against the БИК).
 */
export const SHOP_REQUISITES = {
  company: 'ООО «Эфир»',
  inn: '7700000009',
  kpp: '770501001',
  ogrn: '1207700000001',
  address: '115054, г. Москва, ул. Дубининская, д. 57, стр. 2',
  bank: 'АО «Демобанк», г. Москва',
  account: '40702810600000000000',
  correspondentAccount: '30101810900000000000',
  bik: '044525000',
} as const;
