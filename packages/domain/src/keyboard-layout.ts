// Search text helpers: wrong keyboard layout (QWERTY ↔ ЙЦУКЕН), Latin look-alikes and query normalisation.

/** Keys of the Latin QWERTY layout and what the same key types on the Russian ЙЦУКЕН layout. */
const LATIN_KEYS = 'qwertyuiop[]asdfghjkl;\'zxcvbnm,./`QWERTYUIOP{}ASDFGHJKL:"ZXCVBNM<>?~';
const RUSSIAN_KEYS = 'йцукенгшщзхъфывапролджэячсмитьбю.ёЙЦУКЕНГШЩЗХЪФЫВАПРОЛДЖЭЯЧСМИТЬБЮ,Ё';

const toRussian = new Map<string, string>();
for (let index = 0; index < LATIN_KEYS.length; index += 1)
  toRussian.set(LATIN_KEYS[index]!, RUSSIAN_KEYS[index]!);

function mapCharacters(text: string, table: ReadonlyMap<string, string>): string {
  let result = '';
  for (const character of text) result += table.get(character) ?? character;
  return result;
}

/**
 * Retypes text entered with the Latin layout on while the user meant Russian: "kfdfylf" → "лаванда",
 * "k.,jdm" → "любовь". Characters without a key on the layout (Cyrillic, digits, spaces) stay as they are.
 */
export function switchKeyboardLayout(text: string): string {
  return mapCharacters(text, toRussian);
}

/** Latin letters drawn like Cyrillic ones (lower case): a word mixing both scripts is almost always Russian. */
const LOOKALIKES = new Map<string, string>([
  ['a', 'а'],
  ['b', 'в'],
  ['c', 'с'],
  ['e', 'е'],
  ['h', 'н'],
  ['k', 'к'],
  ['m', 'м'],
  ['o', 'о'],
  ['p', 'р'],
  ['t', 'т'],
  ['x', 'х'],
  ['y', 'у'],
]);

/**
 * Repairs a word that mixes Cyrillic with Latin look-alikes ("лавандa" with a Latin «a»), which copy-paste and
 * half-switched layouts produce. Words in one script are returned unchanged: a Latin word may be a Latin name.
 */
export function replaceLatinLookalikes(word: string): string {
  if (!/\p{Script=Cyrillic}/u.test(word) || !/[a-z]/i.test(word)) return word;
  let result = '';
  for (const character of word) {
    result +=
      LOOKALIKES.get(character) ?? LOOKALIKES.get(character.toLowerCase())?.toUpperCase() ?? character;
  }
  return result;
}

/** Longest search text the database ever sees; longer input is cut, not rejected. */
export const SEARCH_TEXT_MAX_LENGTH = 100;

/** Lower case, ё → е (the search vectors are built the same way), single spaces, at most 100 characters. */
export function normalizeSearchText(text: string): string {
  const normalized = text.normalize('NFC').toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
  // Cut by code points, so an emoji or a surrogate pair is never split in half.
  return Array.from(normalized).slice(0, SEARCH_TEXT_MAX_LENGTH).join('').trim();
}
