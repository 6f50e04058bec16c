// A sum in words for invoices and receipts: «Одна тысяча двести тридцать четыре рубля 50 копеек». Thousands are
// feminine («одна тысяча», «две тысячи»), roubles masculine («один рубль», «два рубля»); forms by the plural rule.
import { type PluralForms, pluralize } from './plural.ts';

const UNITS_MASCULINE = ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const UNITS_FEMININE = ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'];
const TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
];
const TENS = [
  '',
  '',
  'двадцать',
  'тридцать',
  'сорок',
  'пятьдесят',
  'шестьдесят',
  'семьдесят',
  'восемьдесят',
  'девяносто',
];
const HUNDREDS = [
  '',
  'сто',
  'двести',
  'триста',
  'четыреста',
  'пятьсот',
  'шестьсот',
  'семьсот',
  'восемьсот',
  'девятьсот',
];

export const RUBLE_FORMS: PluralForms = ['рубль', 'рубля', 'рублей'];
export const KOPECK_FORMS: PluralForms = ['копейка', 'копейки', 'копеек'];

/** Groups of three digits above the units, each with its forms and gender. */
const SCALES: Array<{ forms: PluralForms; feminine: boolean }> = [
  { forms: ['тысяча', 'тысячи', 'тысяч'], feminine: true },
  { forms: ['миллион', 'миллиона', 'миллионов'], feminine: false },
  { forms: ['миллиард', 'миллиарда', 'миллиардов'], feminine: false },
];

/** 0 < n < 1000 in words. */
function triad(n: number, feminine: boolean): string[] {
  const words = [HUNDREDS[Math.floor(n / 100)]!];
  const rest = n % 100;
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]!);
  else {
    words.push(TENS[Math.floor(rest / 10)]!);
    words.push((feminine ? UNITS_FEMININE : UNITS_MASCULINE)[rest % 10]!);
  }
  return words.filter(Boolean);
}

/** A whole number of things in words, lower case: «двадцать одна» (feminine) or «двадцать один». */
export function numberInWords(value: number, feminine = false): string {
  const n = Math.trunc(Math.abs(value));
  if (n === 0) return 'ноль';
  const words: string[] = [];
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  for (let index = groups.length - 1; index >= 0; index -= 1) {
    const group = groups[index]!;
    if (group === 0) continue;
    if (index === 0) words.push(...triad(group, feminine));
    else {
      const scale = SCALES[index - 1];
      if (!scale) throw new RangeError('Сумма слишком велика');
      words.push(...triad(group, scale.feminine), pluralize(group, scale.forms));
    }
  }
  return words.join(' ');
}

/**
 * «Одна тысяча двести тридцать четыре рубля 00 копеек»: roubles in words with a capital letter, kopecks in figures,
 * as Russian invoices write the sum. `kopecks` 0–99.
 */
export function rublesInWords(rubles: number, kopecks = 0): string {
  const whole = Math.trunc(Math.abs(rubles));
  const words = numberInWords(whole);
  const cents = Math.trunc(Math.abs(kopecks)) % 100;
  const text = `${words} ${pluralize(whole, RUBLE_FORMS)} ${String(cents).padStart(2, '0')} ${pluralize(cents, KOPECK_FORMS)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
