// Demo content keeps the promises of the data it points at (issue 35): a slide that names a place or a product
// leads to a page whose goods are from there and of that kind, and the promo codes' words neither repeat what the
// cart already says («скидка 10 % — скидка 10 % …») nor write a thousand without its space («2000 ₽»).
import { formatRub } from '@efir/domain/money';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, promoCodes, slides } from '../schema.ts';
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
