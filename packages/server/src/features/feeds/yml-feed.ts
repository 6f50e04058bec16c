// /yml.xml: the catalogue in Yandex Market's YML (yml_catalog → shop → currencies, categories, delivery and pickup
// options, offers), one <offer> per sellable product, written batch by batch.
import type { ShopSettings } from '@efir/domain/shop-settings';
import type { Database } from '../../db/client.ts';
import { escapeXml as x } from '../../lib/xml.ts';
import { type FeedDelivery, formatDays, loadFeedDelivery } from './feed-delivery.ts';
import {
  type FeedProduct,
  plainDescription,
  readFeedCategories,
  readFeedProducts,
  splitVolume,
} from './feed-products.ts';

/** YML allows up to 3 000 characters of description and 10 pictures. */
const DESCRIPTION_LIMIT = 3000;
const PICTURES_LIMIT = 10;

/** «2026-11-27T04:30+03:00»: RFC 3339 in Moscow time, as YML wants the date of its data. */
export function moscowDate(at: Date): string {
  return `${new Date(at.getTime() + 3 * 3_600_000).toISOString().slice(0, 16)}+03:00`;
}

function options(name: string, list: FeedDelivery[], price: number | null): string {
  const lines = list.map(
    (delivery) =>
      `<option cost="${price === null ? delivery.costFor(0) : delivery.costFor(price)}" days="${formatDays(delivery)}"/>`,
  );
  return `<${name}>${lines.join('')}</${name}>`;
}

function offer(
  product: FeedProduct,
  origin: string,
  homeCourier: FeedDelivery | null,
  shopName: string,
): string {
  const price = product.cena;
  const lines = [
    `<offer id="${product.id}" available="${product.stock > 0}">`,
    `<name>${x(product.name)}</name>`,
    `<vendor>${x(product.brand ?? shopName)}</vendor>`,
    `<url>${x(origin + product.url)}</url>`,
    `<price>${price}</price>`,
    product.cenaSt > price ? `<oldprice>${product.cenaSt}</oldprice>` : '',
    '<currencyId>RUR</currencyId>',
    `<categoryId>${product.categoryId}</categoryId>`,
    ...product.images
      .slice(0, PICTURES_LIMIT)
      .map((image) => `<picture>${x(`${origin}/images/${image.filename}`)}</picture>`),
    '<delivery>true</delivery>',
    '<pickup>true</pickup>',
    // The shop's courier is free for this one unit: said per offer, the shop-wide option says the usual price.
    homeCourier && homeCourier.costFor(price) !== homeCourier.costFor(0)
      ? options('delivery-options', [homeCourier], price)
      : '',
    `<description>${x(plainDescription(product.description, product.name, DESCRIPTION_LIMIT))}</description>`,
    product.gtin ? `<barcode>${product.gtin}</barcode>` : '',
  ];
  if (product.volume) {
    const volume = splitVolume(product.volume);
    lines.push(
      `<param name="Объём"${volume.unit ? ` unit="${x(volume.unit)}"` : ''}>${x(volume.value)}</param>`,
    );
  }
  lines.push(`<count>${product.stock}</count>`, '</offer>');
  return lines.filter(Boolean).join('');
}

/** The feed as text chunks: the head, then a chunk per batch of offers, then the tail. */
export async function* writeYmlFeed(
  db: Database,
  origin: string,
  now: Date,
  shop: ShopSettings,
): AsyncGenerator<string> {
  const [categories, delivery] = await Promise.all([
    readFeedCategories(db),
    loadFeedDelivery(shop.freeDeliveryFrom),
  ]);
  const ids = new Set(categories.map((entry) => entry.id));
  const homeCourier = delivery.courier[0] ?? null;
  yield [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<yml_catalog date="${moscowDate(now)}">`,
    '<shop>',
    `<name>${x(shop.name)}</name>`,
    `<company>${x(shop.requisites.company)}</company>`,
    `<url>${x(`${origin}/`)}</url>`,
    `<email>${x(shop.email)}</email>`,
    '<currencies><currency id="RUR" rate="1"/></currencies>',
    '<categories>',
    ...categories.map(
      (entry) =>
        `<category id="${entry.id}"${ids.has(entry.parentId) ? ` parentId="${entry.parentId}"` : ''}>${x(entry.name)}</category>`,
    ),
    '</categories>',
    homeCourier ? options('delivery-options', [homeCourier], null) : '',
    delivery.office ? options('pickup-options', [delivery.office], null) : '',
    '<offers>',
    '',
  ]
    .filter((line, index, all) => line !== '' || index === all.length - 1)
    .join('\n');
  for await (const batch of readFeedProducts(db)) {
    // An offer in a category that is gone would be refused by the marketplace: such a product is left out.
    yield `${batch
      .filter((product) => ids.has(product.categoryId))
      .map((product) => offer(product, origin, homeCourier, shop.name))
      .join('\n')}\n`;
  }
  yield '</offers>\n</shop>\n</yml_catalog>\n';
}
