// Street suggestions for the checkout address field. Offline this is a short list of real Moscow and St Petersburg
// streets matched by prefix; a production deployment would plug an address service such as DaData
// (suggestions.dadata.ru, «suggest/address») in here behind the same function.
import type { AddressSuggestionWire } from '@efir/domain/delivery-rules';

const MOSCOW = [
  'ул. Тверская',
  'ул. Арбат',
  'ул. Новый Арбат',
  'ул. Мясницкая',
  'ул. Покровка',
  'ул. Маросейка',
  'ул. Пятницкая',
  'ул. Большая Ордынка',
  'ул. Никольская',
  'ул. Сретенка',
  'ул. Петровка',
  'ул. Большая Дмитровка',
  'ул. Неглинная',
  'ул. Остоженка',
  'ул. Пречистенка',
  'ул. Бауманская',
  'ул. Лесная',
  'ул. Новослободская',
  'ул. Таганская',
  'ул. Профсоюзная',
  'ул. Вавилова',
  'ул. Люблинская',
  'ул. Братиславская',
  'ул. Садовая-Кудринская',
  'ул. Садовая-Триумфальная',
  'ул. Земляной Вал',
  'ул. Мосфильмовская',
  'ул. Народного Ополчения',
  'пр-т Мира',
  'пр-т Ленинский',
  'пр-т Ленинградский',
  'пр-т Кутузовский',
  'пр-т Вернадского',
  'пр-т Андропова',
  'пр-т Волгоградский',
  'ш. Варшавское',
  'ш. Каширское',
  'ш. Дмитровское',
  'ш. Щёлковское',
  'б-р Тверской',
  'б-р Гоголевский',
  'б-р Чистопрудный',
];

const SAINT_PETERSBURG = [
  'пр-т Невский',
  'пр-т Литейный',
  'пр-т Владимирский',
  'пр-т Московский',
  'пр-т Лиговский',
  'пр-т Каменноостровский',
  'пр-т Средний В.О.',
  'пр-т Большой П.С.',
  'пр-т Гражданский',
  'пр-т Комендантский',
  'пр-т Заневский',
  'ул. Садовая',
  'ул. Гороховая',
  'ул. Большая Морская',
  'ул. Малая Морская',
  'ул. Рубинштейна',
  'ул. Марата',
  'ул. Кирочная',
  'ул. Фурштатская',
  'ул. Итальянская',
  'ул. Пестеля',
  'ул. Чайковского',
  'ул. Звенигородская',
  'наб. реки Фонтанки',
  'наб. канала Грибоедова',
  'наб. Университетская',
];

interface Street {
  city: string;
  street: string;
  /** Lower-case words of the name without its type, ё → е. */
  words: string[];
}

const TYPE_WORDS = new Set([
  'ул',
  'улица',
  'пр',
  'пр-т',
  'проспект',
  'ш',
  'шоссе',
  'б-р',
  'бульвар',
  'наб',
  'набережная',
  'пер',
  'переулок',
  'пл',
  'площадь',
]);

function normalize(value: string): string {
  return value.toLowerCase().replace(/ё/g, 'е');
}

function wordsOf(value: string): string[] {
  return normalize(value)
    .split(/[\s,]+/)
    .map((word) => word.replace(/\.$/, ''))
    .filter((word) => word !== '' && !TYPE_WORDS.has(word));
}

const STREETS: Street[] = [
  ...MOSCOW.map((street) => ({ city: 'Москва', street, words: wordsOf(street) })),
  ...SAINT_PETERSBURG.map((street) => ({ city: 'Санкт-Петербург', street, words: wordsOf(street) })),
];

// A Map: the first typed word (user input) must not find Object.prototype's members.
const CITY_ALIASES = new Map([
  ['москва', 'Москва'],
  ['мск', 'Москва'],
  ['санкт-петербург', 'Санкт-Петербург'],
  ['петербург', 'Санкт-Петербург'],
  ['спб', 'Санкт-Петербург'],
]);

export const ADDRESS_SUGGESTION_LIMIT = 10;

/** «Москва, тверс» → «г. Москва, ул. Тверская»: every typed word must start a word of the street's name. */
export function suggestAddresses(query: string): AddressSuggestionWire[] {
  let words = wordsOf(query.replace(/\bг\.\s*/gi, ' '))
    .filter((word) => word !== 'г')
    .slice(0, 6);
  let city: string | undefined;
  const first = words[0];
  const alias = first ? CITY_ALIASES.get(first) : undefined;
  if (alias) {
    city = alias;
    words = words.slice(1);
  }
  if (words.length === 0 || words.join('').length < 2) return [];
  const matches = STREETS.filter(
    (street) =>
      (!city || street.city === city) &&
      words.every((word) =>
        street.words.some(
          (part) => part.startsWith(word) || part.split('-').some((piece) => piece.startsWith(word)),
        ),
      ),
  );
  return matches.slice(0, ADDRESS_SUGGESTION_LIMIT).map((street) => ({
    value: `г. ${street.city}, ${street.street}`,
    city: street.city,
    street: street.street,
  }));
}
