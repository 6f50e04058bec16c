// The shop's promises in its own words: content (static pages, slides) names a fact by a token such as
// {{discount-tiers}}, and the fact is written out from the rule the shop works by — the discount tiers of the config,
// the gifts the cart offers, the delivery tariffs checkout prices with, the course dates, the promo codes — so a page
// cannot promise other numbers than the cart and checkout give. A token alone in its paragraph becomes a table or a
// list; inside a sentence it becomes words. An unknown token stays as typed, for the editor to see.
import type { DiscountTier } from '@efir/domain/account-wire';
import { DELIVERY_KINDS } from '@efir/domain/delivery-catalogue';
import { formatDeliveryTerm, HYDROLAT_FORBIDDEN_KINDS } from '@efir/domain/delivery-rules';
import { formatDeliveryPromise, ZONE_NAMES, type Zone } from '@efir/domain/delivery-tariffs';
import { formatRub } from '@efir/domain/money';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { summariseTariffs, type TariffSummary, type ZoneFigures } from '../../modules/delivery/index.ts';
import { courses } from '../../modules/school/index.ts';
import { gifts, promoCodes } from '../cart/cart.table.ts';
import { products } from '../catalog/catalog.table.ts';

export interface ShopFacts {
  discountTiers: readonly DiscountTier[];
  gifts: Array<{ name: string; volume: string; threshold: number }>;
  delivery: TariffSummary[];
  /** The first course still to start; null when none is planned. */
  nextCourseAt: Date | null;
  promos: Map<string, { percent: number; minTotal: number }>;
}

let tariffs: Promise<TariffSummary[]> | undefined;

/** Reads the facts the tokens print. The tariff tables are code, so they are summarised once. */
export async function loadShopFacts(
  db: Database,
  discountTiers: readonly DiscountTier[],
  now = new Date(),
): Promise<ShopFacts> {
  tariffs ??= summariseTariffs();
  const [giftRows, courseRows, promoRows, delivery] = await Promise.all([
    db
      .select({ name: products.name, volume: products.volume, threshold: gifts.threshold })
      .from(gifts)
      .innerJoin(products, eq(products.id, gifts.productId))
      .where(eq(gifts.active, true))
      .orderBy(asc(gifts.threshold)),
    db
      .select({ startsAt: courses.startsAt })
      .from(courses)
      .where(gt(courses.startsAt, now))
      .orderBy(asc(courses.startsAt))
      .limit(1),
    db
      .select({ code: promoCodes.code, percent: promoCodes.percent, minTotal: promoCodes.minTotal })
      .from(promoCodes)
      .where(
        and(
          eq(promoCodes.active, true),
          sql`(${promoCodes.validFrom} is null or ${promoCodes.validFrom} <= ${now})`,
          sql`(${promoCodes.validTo} is null or ${promoCodes.validTo} >= ${now})`,
        ),
      ),
    tariffs,
  ]);
  return {
    discountTiers,
    gifts: giftRows,
    delivery,
    nextCourseAt: courseRows[0]?.startsAt ?? null,
    promos: new Map(promoRows.map((row) => [row.code.toUpperCase(), row])),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const percent = (value: number) => `${value}\u00a0%`;

const courseDate = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  timeZone: 'Europe/Moscow',
});

function giftName(gift: ShopFacts['gifts'][number]): string {
  return gift.volume ? `${gift.name}, ${gift.volume}` : gift.name;
}

function deliveryPrice(row: TariffSummary): string {
  if (row.priceFrom === null) return 'по запросу';
  const price =
    row.priceFrom === 0 ? 'бесплатно' : `${row.priceVaries ? 'от ' : ''}${formatRub(row.priceFrom)}`;
  return row.freeFrom === null ? price : `${price}; бесплатно от ${formatRub(row.freeFrom)}`;
}

const ZONE_LIST: Zone[] = [1, 2, 3];

/** One way in one zone: «2–3 дня, 250 ₽», «3–6 дней, от 290 ₽» (the weight counts), «—» where it does not go. */
function zoneCell(figures: ZoneFigures | null): string {
  if (!figures) return '—';
  const price =
    figures.price === null
      ? 'по запросу'
      : figures.price === 0
        ? 'бесплатно'
        : `${figures.priceVaries ? 'от ' : ''}${formatRub(figures.price)}`;
  return formatDeliveryPromise(formatDeliveryTerm(figures.daysMin, figures.daysMax), price);
}

/** «от 5 000 ₽ — «Курьер по Москве»; от 7 000 ₽ — «Пункт выдачи CDEK», …». */
function freeDeliveryText(facts: ShopFacts): string {
  const byThreshold = new Map<number, string[]>();
  for (const row of facts.delivery) {
    if (row.freeFrom === null) continue;
    byThreshold.set(row.freeFrom, [...(byThreshold.get(row.freeFrom) ?? []), `«${row.name}»`]);
  }
  return [...byThreshold]
    .sort(([a], [b]) => a - b)
    .map(([from, names]) => `от ${formatRub(from)} — ${names.join(', ')}`)
    .join('; ');
}

function listWords(words: string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} и ${words.at(-1)}`;
}

/** A fact in words, as plain text (escaped where it goes into HTML). Undefined: no such fact. */
function inlineFact(name: string, argument: string | undefined, facts: ShopFacts): string | undefined {
  switch (name) {
    case 'discount-tiers':
      return facts.discountTiers
        .map((tier) => `${percent(tier.percent)} — от ${formatRub(tier.from)}`)
        .join(', ');
    case 'discount-max':
      return percent(Math.max(0, ...facts.discountTiers.map((tier) => tier.percent)));
    case 'gifts':
      return facts.gifts.length === 0
        ? 'сейчас подарков нет'
        : facts.gifts.map((gift) => `«${giftName(gift)}» — от ${formatRub(gift.threshold)}`).join(' или ');
    case 'free-delivery':
      return freeDeliveryText(facts);
    case 'delivery':
      return facts.delivery.map((row) => `«${row.name}»: ${deliveryPrice(row)}`).join('; ');
    case 'delivery-term': {
      const row = facts.delivery.find((entry) => String(entry.kind) === argument);
      return row && formatDeliveryTerm(row.daysMin, row.daysMax);
    }
    case 'hydrolat-limits':
      return listWords(HYDROLAT_FORBIDDEN_KINDS.map((kind) => `«${DELIVERY_KINDS[kind]}»`));
    case 'next-course':
      return facts.nextCourseAt
        ? `ближайший старт ${courseDate.format(facts.nextCourseAt).replace(' ', '\u00a0')}`
        : 'новое расписание скоро';
    case 'promo': {
      if (!argument) return undefined;
      const promo = facts.promos.get(argument.toUpperCase());
      if (!promo) return 'сейчас не действует';
      return promo.minTotal > 0
        ? `скидка ${percent(promo.percent)} при заказе от ${formatRub(promo.minTotal)}`
        : `скидка ${percent(promo.percent)}`;
    }
    default:
      return undefined;
  }
}

function table(head: string[], rows: string[][]): string {
  const row = (cells: string[], extra = '') =>
    `<div class="table-row${extra}">${cells.map((cell) => `<div class="table-cell">${escapeHtml(cell)}</div>`).join('')}</div>`;
  return `<div class="table">\n${[row(head, ' table-head'), ...rows.map((cells) => row(cells))].join('\n')}\n</div>`;
}

/** A fact as a block of HTML (a token alone in its paragraph). Undefined: it has only words. */
function blockFact(name: string, facts: ShopFacts): string | undefined {
  switch (name) {
    case 'discount-tiers':
      return table(
        ['Сумма выполненных заказов', 'Персональная скидка'],
        facts.discountTiers.map((tier) => [`от ${formatRub(tier.from)}`, percent(tier.percent)]),
      );
    case 'gifts':
      if (facts.gifts.length === 0) return '<p>Сейчас подарков к заказу нет.</p>';
      return `<ul>\n${facts.gifts
        .map(
          (gift) =>
            `<li><b>${escapeHtml(giftName(gift))}</b> — при заказе от ${escapeHtml(formatRub(gift.threshold))}</li>`,
        )
        .join('\n')}\n</ul>`;
    case 'delivery':
      // By tariff zone, each cell worded as checkout and the product page word a way: «2–3 дня, 250 ₽».
      return table(
        ['Способ', ...ZONE_LIST.map((zone) => ZONE_NAMES[zone]), 'Бесплатно'],
        facts.delivery.map((row) => [
          row.name,
          ...ZONE_LIST.map((zone) => zoneCell(row.zones[zone])),
          row.freeFrom === null ? '—' : `от ${formatRub(row.freeFrom)}`,
        ]),
      );
    default:
      return undefined;
  }
}

const TOKEN = /\{\{\s*([a-z-]+)(?::([^}\s]+))?\s*\}\}/g;
const BLOCK_TOKEN = /<p>\s*\{\{\s*([a-z-]+)\s*\}\}\s*<\/p>/g;

export function hasFactTokens(text: string): boolean {
  return text.includes('{{');
}

/** Rich text with its tokens written out: blocks first, then the tokens inside sentences. */
export function fillFactsHtml(html: string, facts: ShopFacts): string {
  return html
    .replace(BLOCK_TOKEN, (whole, name: string) => blockFact(name, facts) ?? whole)
    .replace(TOKEN, (whole, name: string, argument?: string) => {
      const text = inlineFact(name, argument, facts);
      return text === undefined ? whole : escapeHtml(text);
    });
}

/** Plain text (a slide's title) with its tokens written out. */
export function fillFactsText(text: string, facts: ShopFacts): string {
  return text.replace(
    TOKEN,
    (whole, name: string, argument?: string) => inlineFact(name, argument, facts) ?? whole,
  );
}
