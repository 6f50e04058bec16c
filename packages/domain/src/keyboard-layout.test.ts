import { describe, expect, it } from 'vitest';
import {
  normalizeSearchText,
  replaceLatinLookalikes,
  SEARCH_TEXT_MAX_LENGTH,
  switchKeyboardLayout,
} from './keyboard-layout.ts';

describe('switchKeyboardLayout', () => {
  it.each([
    ['kfdfylf', 'лаванда'],
    ['vznf', 'мята'],
    ["'drfkbgn", 'эвкалипт'],
    ['[dj[', 'хвох'],
    ['gjl]tv', 'подъем'],
    [';fcvby', 'жасмин'],
    ['k.,jdm', 'любовь'],
    ['`krf', 'ёлка'],
    ['Kfdfylf EPRJKBCNYFZ', 'Лаванда УЗКОЛИСТНАЯ'],
    ['{}:"<>~', 'ХЪЖЭБЮЁ'],
    ['/?', '.,'],
  ])('%s → %s', (typed, meant) => {
    expect(switchKeyboardLayout(typed)).toBe(meant);
  });

  it('leaves Cyrillic, digits and spaces alone', () => {
    expect(switchKeyboardLayout('масло 10 vk')).toBe('масло 10 мл');
  });
});

describe('switchKeyboardLayout over the whole keyboard', () => {
  it('maps every key of the Latin layout to its Russian letter', () => {
    const latin = 'qwertyuiop[]asdfghjkl;\'zxcvbnm,./`QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>?~';
    const russian = 'йцукенгшщзхъфывапролджэячсмитьбю.ёЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ,Ё';
    expect(switchKeyboardLayout(latin)).toBe(russian);
  });
});

describe('replaceLatinLookalikes', () => {
  it('repairs a Russian word with Latin look-alike letters', () => {
    expect(replaceLatinLookalikes('лвандa')).toBe('лванда');
    expect(replaceLatinLookalikes('Pозa')).toBe('Роза');
  });

  it('leaves words in one script alone', () => {
    expect(replaceLatinLookalikes('lavandula')).toBe('lavandula');
    expect(replaceLatinLookalikes('лаванда')).toBe('лаванда');
  });
});

describe('normalizeSearchText', () => {
  it('lowers case, turns ё into е and collapses whitespace', () => {
    expect(normalizeSearchText('  Ёлка\t\n ПРАЗДНИЧНАЯ   ёж ')).toBe('елка праздничная еж');
  });

  it('composes decomposed letters, so «й» typed as и + breve stays one letter', () => {
    expect(normalizeSearchText('и\u0306ога')).toBe('йога');
  });

  it('cuts to 100 characters without leaving a trailing space or half a surrogate pair', () => {
    expect(normalizeSearchText('а'.repeat(10_000))).toHaveLength(SEARCH_TEXT_MAX_LENGTH);
    expect(normalizeSearchText(`${'а'.repeat(99)} б`)).toBe('а'.repeat(99));
    const emoji = normalizeSearchText(`${'а'.repeat(99)}🌿🌿`);
    expect(Array.from(emoji)).toHaveLength(SEARCH_TEXT_MAX_LENGTH);
    expect(emoji.endsWith('🌿')).toBe(true);
  });

  it('returns an empty string for whitespace', () => {
    expect(normalizeSearchText(' \n\t ')).toBe('');
  });
});
