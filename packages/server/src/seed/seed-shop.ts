// Demo promo codes and gifts, matching what the «Акции» page promises.
import { formatRub } from '@efir/domain/money';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { categories, gifts, products, promoCodes } from '../schema.ts';
import type { SeedContext } from './seed-catalogue.ts';

const EFIR10_MIN_TOTAL = 2000;
/**
 * What the cart adds after «Промокод применён: скидка 10 % — » (cart.service.ts): the condition only, the sum from its
 * number, the Russian way («2 000 ₽»).
 */
export const EFIR10_WORDS = `на первый заказ от ${formatRub(EFIR10_MIN_TOTAL)}`;

async function seedPromoAndGifts(db: Database, context: SeedContext): Promise<void> {
  const day = 86_400_000;
  const certificates = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.url, '/sertifikaty'));
  await db.insert(promoCodes).values([
    {
      code: 'EFIR10',
      conditionType: 'first_order',
      percent: 10,
      minTotal: EFIR10_MIN_TOTAL,
      description: EFIR10_WORDS,
      // As /akcii and /help print it: not on gift certificates.
      excludedCategoryIds: certificates.map((row) => row.id),
    },
    {
      code: 'ПРИВЕТ5',
      conditionType: 'add_discount',
      percent: 5,
      description: 'плюс 5\u00a0% к вашей скидке',
    },
    {
      code: 'ВСЁСОСКИДКОЙ',
      conditionType: 'add_discount_all',
      percent: 7,
      usageLimit: 500,
      description: 'плюс 7\u00a0% ко всему, даже к товарам со специальной ценой',
    },
    {
      code: 'ЛЕТО2025',
      conditionType: 'percent',
      percent: 15,
      validTo: new Date(context.now.getTime() - 100 * day),
      description: 'летняя акция 2025 года',
    },
  ]);
  const giftProducts = await db
    .select({ id: products.id, url: products.url })
    .from(products)
    .where(inArray(products.url, ['/pipetki-3-ml.html', '/aromakulon-kaplya.html']));
  const byUrl = new Map(giftProducts.map((row) => [row.url, row.id]));
  const rows = [
    { url: '/pipetki-3-ml.html', threshold: 4000 },
    { url: '/aromakulon-kaplya.html', threshold: 8000 },
  ].flatMap((gift) => {
    const productId = byUrl.get(gift.url);
    return productId ? [{ productId, threshold: gift.threshold }] : [];
  });
  if (rows.length > 0) await db.insert(gifts).values(rows);
}

export const shopSeedSteps = [{ name: '006-promo-and-gifts', run: seedPromoAndGifts }];
