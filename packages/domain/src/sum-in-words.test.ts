import { describe, expect, it } from 'vitest';
import { numberInWords, rublesInWords } from './sum-in-words.ts';

describe('a sum in words on an invoice', () => {
  it('writes roubles in words with the right forms and kopecks in figures', () => {
    expect(rublesInWords(0)).toBe('Ноль рублей 00 копеек');
    expect(rublesInWords(1)).toBe('Один рубль 00 копеек');
    expect(rublesInWords(2, 1)).toBe('Два рубля 01 копейка');
    expect(rublesInWords(5, 22)).toBe('Пять рублей 22 копейки');
    expect(rublesInWords(11, 11)).toBe('Одиннадцать рублей 11 копеек');
    expect(rublesInWords(21)).toBe('Двадцать один рубль 00 копеек');
    expect(rublesInWords(1234, 50)).toBe('Одна тысяча двести тридцать четыре рубля 50 копеек');
    expect(rublesInWords(2000)).toBe('Две тысячи рублей 00 копеек');
    expect(rublesInWords(6380)).toBe('Шесть тысяч триста восемьдесят рублей 00 копеек');
    expect(rublesInWords(12_345)).toBe('Двенадцать тысяч триста сорок пять рублей 00 копеек');
    expect(rublesInWords(21_001)).toBe('Двадцать одна тысяча один рубль 00 копеек');
    expect(rublesInWords(1_000_000)).toBe('Один миллион рублей 00 копеек');
    expect(rublesInWords(3_511_114)).toBe(
      'Три миллиона пятьсот одиннадцать тысяч сто четырнадцать рублей 00 копеек',
    );
  });

  it('says feminine numbers for feminine things', () => {
    expect(numberInWords(22, true)).toBe('двадцать две');
    expect(numberInWords(22)).toBe('двадцать два');
  });
});
