// Demo content keeps the promises of the data it points at (issue 35): a slide that names a place or a product
// leads to a page whose goods are from there and of that kind, and the promo codes' words neither repeat what the
// cart already says («скидка 10 % — скидка 10 % …») nor write a thousand without its space («2000 ₽»).
import { resolveDiscount } from '@efir/domain/cart-math';
import { formatRub } from '@efir/domain/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_VALIDITY_MONTHS } from '../features/gift-certificates/gift-certificates.service.ts';
import { categories, products, promoCodes, slides, staticPages } from '../schema.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-app.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.destroy());

interface Good {
  name: string;
  country: string;
  url: string;
  categoryId: number;
}

/** The goods a link shows: a product page's one product, or a category's goods with its subcategories'. */
async function goodsAt(link: string): Promise<Good[] | null> {
  const all: Good[] = await database.db
    .select({
      name: products.name,
      country: products.country,
      url: products.url,
      categoryId: products.categoryId,
    })
    .from(products);
  const product = all.filter((good) => good.url === link);
  if (product.length > 0) return product;
  const tree = await database.db
    .select({ id: categories.id, parentId: categories.parentId, url: categories.url })
    .from(categories);
  const root = tree.find((category) => category.url === link);
  if (!root) return null;
  const ids = new Set([root.id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const category of tree)
      if (ids.has(category.parentId) && !ids.has(category.id)) {
        ids.add(category.id);
        grew = true;
      }
  }
  return all.filter((good) => ids.has(good.categoryId));
}

/** A word's stem for Russian case endings: «Крым» finds «из Крыма», «Болгария» finds «из Болгарии», «болгарская». */
function stem(word: string): string {
  const lower = word.toLowerCase();
  return lower.length <= 5 ? lower : lower.slice(0, lower.length - 2);
}

describe('the demo slides', () => {
  it('name only places their linked goods come from, and goods their link shows', async () => {
    const allGoods = await database.db
      .select({ name: products.name, country: products.country })
      .from(products);
    const places = new Set(
      allGoods.flatMap((good) => good.country.split(/,\s*/)).filter((place) => place.length >= 4),
    );
    const goodsWords = new Set(
      allGoods.map((good) => good.name.split(/\s/)[0]!).filter((word) => word.length >= 4),
    );
    const problems: string[] = [];
    for (const slide of await database.db.select().from(slides)) {
      const name = slide.name.toLowerCase();
      const linked = await goodsAt(slide.link);
      const namedPlaces = [...places].filter((place) => name.includes(stem(place)));
      const namedGoods = [...goodsWords].filter((word) => name.includes(stem(word)));
      if (namedPlaces.length + namedGoods.length === 0) continue;
      if (!linked) {
        problems.push(`«${slide.name}» → ${slide.link}: no goods there`);
        continue;
      }
      for (const word of namedGoods) {
        const ofKind = linked.filter((good) => good.name.toLowerCase().startsWith(stem(word)));
        if (ofKind.length === 0) problems.push(`«${slide.name}» → ${slide.link}: no ${word} there`);
        for (const place of namedPlaces)
          if (!ofKind.some((good) => good.country.includes(place)))
            problems.push(
              `«${slide.name}» → ${slide.link}: its ${word} comes from ${[...new Set(ofKind.map((good) => good.country))].join(', ')}, not ${place}`,
            );
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the demo promo codes', () => {
  it('add to the cart’s «скидка N %» without saying it again, with thousands written the Russian way', async () => {
    const codes = await database.db.select().from(promoCodes);
    expect(codes.length).toBeGreaterThan(0);
    for (const code of codes) {
      // The cart says «Промокод применён: скидка 10 % — {description}» (cart.service.ts).
      expect(code.description, code.code).not.toMatch(/скидк[аи]\s*\d+\s*%/i);
      expect(code.description, code.code).not.toMatch(/\d{4,}\s*(₽|руб)/);
      expect(code.description, code.code).not.toMatch(/\d %/);
    }
    const [first] = await database.db.select().from(promoCodes).where(eq(promoCodes.code, 'EFIR10'));
    expect(first!.description).toContain(`от ${formatRub(first!.minTotal)}`);
  });
});

// Issue 42, point 8 (docs/promises.md): what the shop's texts promise is what it does. Each test reads the seeded
// words and compares them with the rule or the screen that keeps the promise.
async function shownTexts(): Promise<Array<{ where: string; text: string }>> {
  const pages = await database.db.select({ url: staticPages.url, html: staticPages.html }).from(staticPages);
  const goods = await database.db
    .select({
      url: products.url,
      description: products.description,
      composition: products.composition,
      usage: products.usage,
      safety: products.safety,
    })
    .from(products);
  return [
    ...pages.map((page) => ({ where: page.url, text: page.html })),
    ...goods.map((good) => ({
      where: good.url,
      text: [good.description, good.composition, good.usage, good.safety].join('\n'),
    })),
  ];
}

describe('the promises of the shop’s texts (docs/promises.md)', () => {
  it('the certificate’s page says what checkout does: a recipient form, the letter on payment or on a chosen day, 12 months', async () => {
    const [certificate] = await database.db
      .select()
      .from(products)
      .where(eq(products.familyKey, 'sertifikat'))
      .limit(1);
    const text = [
      certificate!.composition,
      certificate!.description,
      certificate!.usage,
      certificate!.safety,
    ].join('\n');
    // Not «в комментарии к заказу», which nobody reads for a recipient, and no minutes the outbox does not promise.
    expect(text).not.toMatch(/комментари/);
    expect(text).not.toMatch(/\d+ минут/);
    expect(text).toContain('в блоке «Кому подарить»');
    expect(text).toContain('в поле «Подарочный сертификат или промокод»');
    expect(text).toContain(`срок действия — ${CERTIFICATE_VALIDITY_MONTHS} месяцев`);
    expect(text).toContain(`Срок действия — ${CERTIFICATE_VALIDITY_MONTHS} месяцев со дня покупки`);
  });

  it('names the cart’s code field as the cart titles it', async () => {
    for (const { where, text } of await shownTexts()) {
      expect(text, where).not.toMatch(/в поле «Промокод»/);
      for (const field of text.matchAll(/в поле «([^»]+)»/g))
        expect(field[1], where).toBe('Подарочный сертификат или промокод');
    }
  });

  it('never sends the buyer to a map checkout does not have', async () => {
    for (const { where, text } of await shownTexts()) expect(text, where).not.toMatch(/на карте/);
  });

  it('promises no cash-on-delivery limit or fee preview that checkout does not apply', async () => {
    const [dostavka] = await database.db
      .select({ html: staticPages.html })
      .from(staticPages)
      .where(eq(staticPages.url, '/dostavka.html'));
    expect(dostavka!.html).toContain('Наложенный платёж');
    expect(dostavka!.html).not.toMatch(/для заказов до/);
    expect(dostavka!.html).not.toMatch(/показывается при оформлении/);
    // No delivery interval to choose at checkout either.
    expect(dostavka!.html).not.toMatch(/интервал/);
  });

  it('says how a promo code meets the personal discount the way the cart computes it', async () => {
    // A plain code replaces the personal discount even when smaller; «плюс N %» codes add to it.
    expect(resolveDiscount(7, { type: 'percent', percent: 5 }).percent).toBe(5);
    expect(resolveDiscount(7, { type: 'add_discount', percent: 5 }).percent).toBe(12);
    for (const { where, text } of await shownTexts())
      expect(text, where).not.toMatch(/(применяется|действует) т[ао]т?, что выгоднее/);
    const [help] = await database.db
      .select({ html: staticPages.html })
      .from(staticPages)
      .where(eq(staticPages.url, '/help'));
    expect(help!.html).toContain('Обычный промокод заменяет персональную скидку');
  });

  it('says nothing of discounted goods the waitlist or the cards do not do', async () => {
    const [akcii] = await database.db
      .select({ html: staticPages.html })
      .from(staticPages)
      .where(eq(staticPages.url, '/akcii'));
    expect(akcii!.html).not.toMatch(/в лист ожидания они не добавляются/);
    expect(akcii!.html).not.toMatch(/указана причина скидки/);
  });
});
