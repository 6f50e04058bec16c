// /google-merchant.xml: the catalogue as an RSS 2.0 feed with Google Merchant Center's `g:` attributes, one <item>
// per sellable product, written batch by batch.
import type { ShopSettings } from '@efir/domain/shop-settings';
import type { Database } from '../../db/client.ts';
import { escapeXml as x } from '../../lib/xml.ts';
import { type FeedDelivery, loadFeedDelivery } from './feed-delivery.ts';
import {
  categoryPaths,
  type FeedProduct,
  plainDescription,
  readFeedCategories,
  readFeedProducts,
} from './feed-products.ts';

/** Google allows 150 characters of title, 5 000 of description and 10 additional images. */
const TITLE_LIMIT = 150;
const DESCRIPTION_LIMIT = 5000;
const EXTRA_IMAGES_LIMIT = 10;

/** «490.00 RUB». */
export function merchantPrice(rub: number): string {
  return `${rub.toFixed(2)} RUB`;
}

function shipping(delivery: FeedDelivery, price: number): string {
  return [
    '<g:shipping>',
    '<g:country>RU</g:country>',
    delivery.region ? `<g:region>${delivery.region}</g:region>` : '',
    `<g:service>${x(delivery.name)}</g:service>`,
    `<g:price>${merchantPrice(delivery.costFor(price))}</g:price>`,
    `<g:min_transit_time>${delivery.daysMin}</g:min_transit_time>`,
    `<g:max_transit_time>${delivery.daysMax}</g:max_transit_time>`,
    '</g:shipping>',
  ].join('');
}

function item(
  product: FeedProduct,
  origin: string,
  courier: FeedDelivery[],
  path: string,
  shopName: string,
): string {
  const [image, ...more] = product.images;
  const title =
    product.name.length > TITLE_LIMIT ? `${product.name.slice(0, TITLE_LIMIT - 1)}…` : product.name;
  const special = product.cenaSt > product.cena;
  return [
    '<item>',
    `<g:id>${product.id}</g:id>`,
    `<g:title>${x(title)}</g:title>`,
    `<g:description>${x(plainDescription(product.description, product.name, DESCRIPTION_LIMIT))}</g:description>`,
    `<g:link>${x(origin + product.url)}</g:link>`,
    image ? `<g:image_link>${x(`${origin}/images/${image.filename}`)}</g:image_link>` : '',
    ...more
      .slice(0, EXTRA_IMAGES_LIMIT)
      .map(
        (extra) =>
          `<g:additional_image_link>${x(`${origin}/images/${extra.filename}`)}</g:additional_image_link>`,
      ),
    `<g:availability>${product.stock > 0 ? 'in_stock' : 'out_of_stock'}</g:availability>`,
    `<g:price>${merchantPrice(special ? product.cenaSt : product.cena)}</g:price>`,
    special ? `<g:sale_price>${merchantPrice(product.cena)}</g:sale_price>` : '',
    '<g:condition>new</g:condition>',
    // The shop's own goods are «Эфир» and carry no GTIN; a third party's goods name their maker and barcode.
    `<g:brand>${x(product.brand ?? shopName)}</g:brand>`,
    product.gtin ? `<g:gtin>${product.gtin}</g:gtin>` : '<g:identifier_exists>no</g:identifier_exists>',
    path ? `<g:product_type>${x(path)}</g:product_type>` : '',
    ...courier.map((delivery) => shipping(delivery, product.cena)),
    '</item>',
  ]
    .filter(Boolean)
    .join('');
}

/** The feed as text chunks: the channel's head, then a chunk per batch of items, then the tail. */
export async function* writeMerchantFeed(
  db: Database,
  origin: string,
  shop: ShopSettings,
): AsyncGenerator<string> {
  const [categories, delivery] = await Promise.all([
    readFeedCategories(db),
    loadFeedDelivery(shop.freeDeliveryFrom),
  ]);
  const paths = categoryPaths(categories);
  yield [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '<channel>',
    `<title>${x(shop.name)}</title>`,
    `<link>${x(`${origin}/`)}</link>`,
    `<description>${x(shop.slogan)}</description>`,
    '',
  ].join('\n');
  for await (const batch of readFeedProducts(db)) {
    yield `${batch
      .map((product) =>
        item(product, origin, delivery.courier, paths.get(product.categoryId) ?? '', shop.name),
      )
      .join('\n')}\n`;
  }
  yield '</channel>\n</rss>\n';
}
