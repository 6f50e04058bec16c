// The assistant without an AI endpoint: answers in Russian from what our own search found, with prices and links,
// and with a safety reminder when the question touches on one.
import { formatCount, GOODS_FORMS } from '@efir/domain/plural';
import { chatLink, describeOffer, describePublication, type Knowledge } from './assistant-knowledge.ts';

interface SafetyRule {
  pattern: RegExp;
  text: string;
}

/** Words starting with one of the stems (Cyrillic has no `\b` in JavaScript regexes: «купить» is not «пить»). */
function wordsStartingWith(...stems: string[]): RegExp {
  return new RegExp(`(?<!\\p{L})(?:${stems.join('|')})`, 'u');
}

/** Common sense of aromatherapy a shop consultant must always say when it comes up. */
const SAFETY_RULES: SafetyRule[] = [
  {
    pattern: wordsStartingWith(
      'внутрь',
      'выпить',
      'пить',
      'попить',
      'глота',
      'в чай',
      'в еду',
      'в пищу',
      'в напит',
      'капсул',
    ),
    text: 'Эфирные масла не принимают внутрь без назначения врача.',
  },
  {
    pattern: wordsStartingWith('беремен', 'кормлю грудью', 'кормлени', 'лактац'),
    text: 'Во время беременности и кормления грудью пользуйтесь маслами только после консультации с врачом.',
  },
  {
    pattern: wordsStartingWith(
      'ребен',
      'ребят',
      'дети',
      'детей',
      'детям',
      'детск',
      'малыш',
      'младен',
      'новорожд',
    ),
    text: 'Детям нужны меньшие дозировки, а некоторые масла им не подходят совсем — посоветуйтесь с педиатром.',
  },
  {
    pattern: wordsStartingWith(
      'кошк',
      'кошек',
      'кот(?!\\p{L})',
      'кота',
      'коту',
      'котом',
      'котен',
      'собак',
      'питом',
      'животн',
      'попуга',
    ),
    text: 'Многие эфирные масла опасны для кошек и других питомцев: не распыляйте их там, где находятся животные.',
  },
  {
    pattern: wordsStartingWith(
      'кож',
      'лицо',
      'лица',
      'массаж',
      'ванн',
      'нанес',
      'волос',
      'ногт',
      'крем',
      'маск',
    ),
    text: 'На кожу эфирные масла наносят только разбавленными в базовом масле; перед первым применением сделайте тест на сгибе локтя.',
  },
  {
    pattern: wordsStartingWith('аллерг', 'астм'),
    text: 'При аллергии и астме начинайте с очень малых количеств и посоветуйтесь с врачом.',
  },
  {
    pattern: wordsStartingWith(
      'лечить',
      'лечени',
      'вылечи',
      'болезн',
      'болит',
      'боль',
      'температур',
      'давлени',
      'диагноз',
      'бессонниц',
      'депресс',
    ),
    text: 'Ароматерапия не заменяет лечение: если недомогание не проходит, обратитесь к врачу.',
  },
];

/** The reminders a question calls for, in a fixed order. */
export function findSafetyReminders(message: string): string[] {
  const text = message.toLowerCase().replace(/ё/g, 'е');
  return SAFETY_RULES.filter((rule) => rule.pattern.test(text)).map((rule) => rule.text);
}

const GREETING =
  /^(здравствуй(те)?|привет(ствую)?|добр(ый|ое|ого)\s+(день|вечер|утро|утра|дня|вечера)|hello|hi)[\s!.,)]*$/i;
const THANKS = /^(спасибо|благодарю|спс|thanks)[\s\p{L}!.,)]*$/iu;

const TOPICS: Array<{ pattern: RegExp; text: string }> = [
  {
    pattern: wordsStartingWith(
      'доставк',
      'самовывоз',
      'пвз',
      'курьер',
      'сдэк',
      'cdek',
      'почт',
      'boxberry',
      'боксберри',
      '5post',
    ),
    text: `Способы и сроки доставки, цены и оплата описаны на странице ${chatLink('«Доставка и оплата»', '/dostavka.html')}. Точную стоимость покажет корзина при оформлении заказа.`,
  },
  {
    pattern: wordsStartingWith('оплат', 'картой', 'наложенн'),
    text: `Оплатить заказ можно картой на сайте или при получении — подробности на странице ${chatLink('«Доставка и оплата»', '/dostavka.html')}.`,
  },
  {
    pattern: wordsStartingWith(
      'телефон',
      'позвонить',
      'контакт',
      'адрес магазин',
      'часы работы',
      'график работы',
    ),
    text: `Телефоны, адрес и часы работы — на странице ${chatLink('«Контакты»', '/kontakt.html')}. Мы работаем с понедельника по четверг с 9 до 18, в пятницу до 17.`,
  },
  // Needs asked about often: the short answer a consultant gives before pointing to the goods.
  {
    pattern: wordsStartingWith(
      'сон(?!\\p{L})',
      'сна(?!ч)',
      'сну(?!\\p{L})',
      'спать',
      'сплю',
      'спится',
      'уснуть',
      'засыпа',
      'заснуть',
      'бессонниц',
      'высыпа',
    ),
    text: 'Коротко: для сна выбирают мягкие вечерние ароматы — лаванду, мандарин, ветивер, кедр. 3–4 капли в аромалампу или диффузор за полчаса до сна, а к моменту сна прибор выключите.',
  },
];

function joinSections(sections: Array<string | null>): string {
  return sections.filter((section): section is string => Boolean(section)).join('\n\n');
}

function listSection(title: string, lines: string[]): string | null {
  if (lines.length === 0) return null;
  return `${title}\n${lines.map((line) => `• ${line}`).join('\n')}`;
}

/** A natural Russian answer from what the search found: a short answer first, then the goods and reading. */
export function composeOfflineAnswer(message: string, knowledge: Knowledge): string {
  const text = message.trim();
  if (GREETING.test(text)) {
    return 'Здравствуйте! Я консультант магазина «Эфир». Спросите меня о маслах, их свойствах, рецептах или подборе аромата — подскажу, что есть в нашем каталоге.';
  }
  if (THANKS.test(text)) {
    return 'Пожалуйста! Если появятся вопросы об эфирных маслах или заказе — пишите.';
  }

  const lowered = text.toLowerCase().replace(/ё/g, 'е');
  const topics = TOPICS.filter((topic) => topic.pattern.test(lowered)).map((topic) => topic.text);
  const safety = findSafetyReminders(text);
  const products = knowledge.offers.map(describeOffer);
  const articles = knowledge.articles.map(describePublication);
  const recipes = knowledge.recipes.map(describePublication);
  const reading = articles.length + recipes.length > 0;

  // The short answer: what the question is about, else the closest product, else what is there to read.
  let goods: string | null = null;
  let opening: string | null;
  if (topics.length > 0) {
    opening = null;
    goods = listSection(`В нашем каталоге — ${formatCount(products.length, GOODS_FORMS)}:`, products);
  } else if (products.length > 0) {
    opening = `Подойдёт ${products[0]}.`;
    goods = listSection('Ещё в каталоге:', products.slice(1));
  } else if (reading) {
    opening = 'Подходящих товаров я не нашёл, но об этом есть материалы на сайте.';
  } else {
    opening = `К сожалению, по вашему вопросу я ничего не нашёл в каталоге. Попробуйте назвать масло или задачу иначе — например, «лаванда» или «масло для сна», — или загляните в ${chatLink('каталог', '/catalog.html')}.`;
  }

  return joinSections([
    ...topics,
    opening,
    goods,
    listSection('Почитать об этом:', articles),
    listSection('Рецепты:', recipes),
    safety.length > 0 ? `Важно: ${safety.join(' ')}` : null,
  ]);
}
