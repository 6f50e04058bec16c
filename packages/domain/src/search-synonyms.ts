// The names buyers type for our oils in English (and common spellings of them) read as the Russian names of the
// catalogue (issue 35, point 11). Latin botanical names need no entry: they are stored with each product
// (`latin_name`) and searched with its name.

/** English name → the Russian words that find the product by its name. Lower case, words separated by spaces. */
export const ENGLISH_OIL_NAMES: Readonly<Record<string, string>> = {
  lavender: 'лаванда',
  'true lavender': 'лаванда',
  rose: 'роза',
  'damask rose': 'роза дамасская',
  'ylang ylang': 'иланг',
  geranium: 'герань',
  'rose geranium': 'герань',
  neroli: 'нероли',
  orange: 'апельсин',
  'sweet orange': 'апельсин',
  lemon: 'лимон',
  bergamot: 'бергамот',
  grapefruit: 'грейпфрут',
  mandarin: 'мандарин',
  tangerine: 'мандарин',
  fir: 'пихта',
  'siberian fir': 'пихта',
  pine: 'сосна',
  'scots pine': 'сосна',
  cedar: 'кедр',
  cedarwood: 'кедр',
  'atlas cedar': 'кедр',
  peppermint: 'мята',
  mint: 'мята',
  rosemary: 'розмарин',
  'tea tree': 'чайное дерево',
  teatree: 'чайное дерево',
  eucalyptus: 'эвкалипт',
  melissa: 'мелисса',
  'lemon balm': 'мелисса',
  cinnamon: 'корица',
  clove: 'гвоздика',
  cloves: 'гвоздика',
  ginger: 'имбирь',
  sandalwood: 'сандал',
  vetiver: 'ветивер',
  frankincense: 'ладан',
  olibanum: 'ладан',
  jasmine: 'жасмин',
  chamomile: 'ромашка',
  jojoba: 'жожоба',
  almond: 'миндаль',
  'sweet almond': 'миндаль',
  argan: 'аргана',
  coconut: 'кокос',
  calendula: 'календула',
  shea: 'ши',
  'shea butter': 'ши',
  cocoa: 'какао',
  'cocoa butter': 'какао',
  hydrolat: 'гидролат',
  hydrosol: 'гидролат',
  // What every product here is: the words would only narrow the names to those that say «масло».
  'essential oil': '',
  'essential oils': '',
  essential: '',
  oil: '',
  oils: '',
};

const LONGEST_FIRST = Object.keys(ENGLISH_OIL_NAMES).sort(
  (a, b) => b.split(' ').length - a.split(' ').length || b.length - a.length,
);

/**
 * The query with the English names in it read as Russian ones («tea tree oil» → «чайное дерево масло»), longest
 * names first; null when it holds none. `words`: the query's words, lower case.
 */
export function translateEnglishOilNames(words: readonly string[]): string[] | null {
  const out: string[] = [];
  let changed = false;
  for (let index = 0; index < words.length; ) {
    const match = LONGEST_FIRST.find((name) => {
      const parts = name.split(' ');
      return parts.every((part, offset) => words[index + offset] === part);
    });
    if (match) {
      out.push(...ENGLISH_OIL_NAMES[match]!.split(' ').filter(Boolean));
      index += match.split(' ').length;
      changed = true;
    } else {
      out.push(words[index]!);
      index += 1;
    }
  }
  return changed && out.length > 0 ? out : null;
}
