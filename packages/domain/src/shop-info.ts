// Facts about the shop shown in the header and footer (spec §1, §9).

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
  social: [
    { name: 'ВКонтакте', href: 'https://vk.com/efir_shop', short: 'VK' },
    { name: 'Telegram', href: 'https://t.me/efir_consult_bot', short: 'TG' },
    { name: 'Дзен', href: 'https://dzen.ru/efir_shop', short: 'Дзен' },
  ],
} as const;
