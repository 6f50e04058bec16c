// What the assistant knows about a question: our products, articles and recipes found by the site search, turned
// into catalogue lines that both the offline answer and the AI prompt quote.
import { formatRub } from '@efir/domain/money';
import type { ProductResult, PublicationResult, Relevance, ScoredResults } from '@efir/domain/search-wire';

/** The site search with scores, handed in by the composition root (the search module's searchSiteScored). */
export type SearchScored = (query: string, limit: number) => Promise<ScoredResults>;

export interface ProductOffer {
  name: string;
  /** Volumes of one oil are separate products; they are offered together. */
  variants: Array<{ volume: string; cena: number; cenaSt: number; url: string; inStock: boolean }>;
}

export interface Knowledge {
  /** The words that were searched for. */
  keywords: string[];
  offers: ProductOffer[];
  articles: PublicationResult[];
  recipes: PublicationResult[];
}

export const EMPTY_KNOWLEDGE: Knowledge = { keywords: [], offers: [], articles: [], recipes: [] };

const MAX_KEYWORDS = 6;
const MAX_OFFERS = 5;
const MAX_PUBLICATIONS = 3;

/**
 * Words of a question that say nothing about the goods: asking, pronouns, prepositions. Full-text search ANDs
 * the words it gets, so «какое масло помогает от бессонницы» must reach it as «бессонницы».
 */
const STOP_WORDS = new Set(
  `а без бы был была были было в вам вас ваш ваша ваше ваши во вот все всё вы где да даже для до его ее её если
  есть еще ещё же за здравствуйте здравствуй и из или им их к как какая какие каким какими какое какой какую
  ко когда кто ли либо лучше мне можете можно мой мою моя мы на над надо не него нее неё нет ни них но ну о об
  от очень по под подойдет подойдёт подходит подскажите посоветуйте пожалуйста почему при про с со спасибо
  так также там те тем то тоже только ту ты у уже хочу хотел хотела хотелось чем что чтобы чье чья эта эти
  это этот я нужно нужен нужна нужны помогает помогают поможет помочь есть ли бывает привет добрый день вечер
  утро доброе подобрать выбрать купить взять использовать применять посоветовать советуете сколько стоит
  стоят стоимость цена цены ценой пить выпить могу может посоветуете что-нибудь что-то`.split(/\s+/),
);

/** Questions about the service, not the goods (the offline assistant points to the pages that answer them). */
const SERVICE_STEMS = [
  'доставк',
  'оплат',
  'самовывоз',
  'курьер',
  'сдэк',
  'почт',
  'телефон',
  'контакт',
  'заказ',
  'корзин',
];

/** «Масло» is in nearly every name: alone it is a question about oils, next to other words it only narrows nothing. */
const GENERIC_WORDS = new Set([
  'масло',
  'масла',
  'масел',
  'маслом',
  'маслами',
  'маслу',
  'эфирное',
  'эфирные',
  'эфирных',
  'эфирным',
]);

/**
 * Needs asked about in many words where the catalogue uses one: «уснуть», «спать», «бессонница» reach the search also
 * as «сон» and «сна» (Russian stemming keeps «сон» and «сна» apart, and goods are named «Спокойный сон»).
 */
const NEED_WORDS: Array<{ pattern: RegExp; search: string[] }> = [
  {
    pattern:
      /^(?:сон|сна|сну|сном|сне|спать|сплю|спится|уснуть|усну|засыпа\p{L}*|заснуть|засну|бессонниц\p{L}*|сонлив\p{L}*|высыпа\p{L}*)$/u,
    search: ['сон', 'сна'],
  },
];

/** The searchable words of a message: letters and digits, no stop words, the generic ones only when alone. */
export function extractKeywords(message: string): string[] {
  const words = message
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^\p{L}\p{Nd}-]+/u)
    .map((word) => word.replace(/^-+|-+$/g, ''))
    .filter(
      (word) =>
        word.length >= 2 && !STOP_WORDS.has(word) && !SERVICE_STEMS.some((stem) => word.startsWith(stem)),
    )
    .flatMap((word) => [word, ...(NEED_WORDS.find((need) => need.pattern.test(word))?.search ?? [])]);
  const unique = [...new Set(words)];
  const specific = unique.filter((word) => !GENERIC_WORDS.has(word));
  return (specific.length > 0 ? specific : unique).slice(0, MAX_KEYWORDS);
}

function groupOffers(products: ProductResult[]): ProductOffer[] {
  const offers = new Map<string, ProductOffer>();
  for (const product of products) {
    const key = product.name.toLowerCase();
    const offer = offers.get(key) ?? { name: product.name, variants: [] };
    offer.variants.push({
      volume: product.volume,
      cena: product.cena,
      cenaSt: product.cena_st,
      url: product.url,
      inStock: product.stock > 0,
    });
    offers.set(key, offer);
  }
  return [...offers.values()];
}

/** The start of a word that its other forms share («мяты» → «мят», «лаванда» → «лаван»). */
function stemOf(word: string): string {
  return word.length <= 4 ? word.slice(0, 3) : word.slice(0, word.length - 2);
}

function countNameHits(name: string, stems: string[]): number {
  const folded = name.toLowerCase().replace(/ё/g, 'е');
  return stems.filter((stem) => folded.includes(stem)).length;
}

/**
 * The relevance threshold: a result's best search score must reach MIN_SCORE (one passing mention in a long text
 * scores about 0.17, a word in the name 2 or more) and a share of the best score of its kind. A spray against
 * mosquitoes that mentions «сна» once is not offered to someone who cannot sleep.
 */
const MIN_SCORE = 0.3;
const MIN_SHARE_OF_BEST = 0.3;

/**
 * Results of several searches, merged and thresholded: what names more of the words comes first (a product called
 * «Мята» before one whose description mentions mint), then what more searches found, then the search's own order.
 */
function mergeRanked<T extends { id: number } & Relevance>(
  lists: T[][],
  nameOf: (item: T) => string,
  keywords: string[],
  limit: number,
): T[] {
  const stems = keywords.map(stemOf);
  const seen = new Map<number, { item: T; hits: number; nameHits: number; order: number; score: number }>();
  let order = 0;
  for (const list of lists) {
    for (const item of list) {
      const entry = seen.get(item.id);
      if (entry) {
        entry.hits += 1;
        entry.score = Math.max(entry.score, item.score);
      } else {
        const nameHits = countNameHits(nameOf(item), stems);
        seen.set(item.id, { item, hits: 1, nameHits, order: order++, score: item.score });
      }
    }
  }
  const entries = [...seen.values()];
  const best = Math.max(0, ...entries.map((entry) => entry.score));
  const floor = Math.max(MIN_SCORE, best * MIN_SHARE_OF_BEST);
  return entries
    .filter((entry) => entry.score >= floor)
    .sort((a, b) => b.nameHits - a.nameHits || b.hits - a.hits || a.order - b.order)
    .slice(0, limit)
    .map((entry) => entry.item);
}

/**
 * Searches our catalogue and articles for a question: all its keywords together first; when that finds little,
 * each keyword alone, ranking what more of them found first.
 */
export async function findKnowledge(search: SearchScored, message: string): Promise<Knowledge> {
  const keywords = extractKeywords(message);
  if (keywords.length === 0) return EMPTY_KNOWLEDGE;
  const together = await search(keywords.join(' '), 12);
  let responses: ScoredResults[] = [together];
  if (keywords.length > 1 && together.products.length < 3) {
    const singles = await Promise.all(keywords.map((keyword) => search(keyword, 8)));
    responses = [together, ...singles];
  }
  const byName = (item: ProductResult) => item.name;
  const byTitle = (item: PublicationResult) => item.title;
  const products = responses.map((response) => response.products);
  return {
    keywords,
    offers: groupOffers(mergeRanked(products, byName, keywords, MAX_OFFERS * 3)).slice(0, MAX_OFFERS),
    articles: mergeRanked(
      responses.map((response) => response.articles),
      byTitle,
      keywords,
      MAX_PUBLICATIONS,
    ),
    recipes: mergeRanked(
      responses.map((response) => response.recipes),
      byTitle,
      keywords,
      MAX_PUBLICATIONS,
    ),
  };
}

/** «10 мл — 590 ₽ (вместо 690 ₽)», «30 мл — 1 290 ₽ (нет в наличии)». */
export function describeVariant(variant: ProductOffer['variants'][number]): string {
  const price =
    variant.cenaSt > variant.cena
      ? `${formatRub(variant.cena)} (вместо ${formatRub(variant.cenaSt)})`
      : formatRub(variant.cena);
  const volume = variant.volume ? `${variant.volume} — ` : '';
  return `${volume}${price}${variant.inStock ? '' : ' (нет в наличии)'}`;
}

/**
 * A link in an answer: `[title](/path)`. The chat widget shows the title as the link (chat-format.ts), so the
 * customer reads «Лаванда узколистная», not «/lavanda-uzkolistnaya-10-ml.html».
 */
export function chatLink(title: string, path: string): string {
  return `[${title.replace(/[[\]]/g, '')}](${path})`;
}

/** One line per product: the name as its link, volumes with prices. */
export function describeOffer(offer: ProductOffer): string {
  const first = offer.variants[0];
  const variants = offer.variants.map(describeVariant).join(', ');
  return `${first ? chatLink(offer.name, first.url) : offer.name}: ${variants}`;
}

export function describePublication(publication: PublicationResult): string {
  return chatLink(publication.title, publication.url);
}
