// Demo catalogue and editorial content: products (one per volume), authors, sections, tags, articles, recipes,
// and the pictures of all of them, drawn by demo-images.ts (never downloaded).
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  articles,
  articleTags,
  authors,
  categories,
  products,
  razdels,
  recipeIngredients,
  recipes,
  recipeTags,
  slides,
  tags,
} from '../db/schema.ts';
import { type FamilySeed, families } from './catalog-families.ts';
import { familyDetails } from './catalog-products.ts';
import * as content from './content-seed.ts';
import type { DemoImageSpec } from './demo-images.ts';
import { demoImageRef, writeDemoImages } from './demo-images.ts';

export interface SeedContext {
  /** Where pictures are written; null in tests that do not need the files. */
  imagesDir: string | null;
  /** «Now» for publication dates and «new» products. */
  now: Date;
}

const TRANSLIT: Record<string, string> = { мл: 'ml', г: 'g', шт: 'sht', '₽': 'rub', '×': 'x' };

/**
 * '10 мл' → '10-ml', '6 × 5 мл' → '6x5-ml', '1 шт.' → '' (single items need no suffix), '5 000 ₽' → '5000-rub'
 * (a number's thousands stay together, so the certificates' URLs did not change when their nominals got spaces).
 */
export function slugifyVolume(volume: string): string {
  if (/^1\s*шт\.?$/.test(volume.trim())) return '';
  return volume
    .replace(/(\d)\s(?=\d{3}(?!\d))/g, '$1')
    .replace(/\s*×\s*/g, 'x')
    .split(/\s+/)
    .map((part) => TRANSLIT[part.replace(/\.$/, '')] ?? part.replace(/\.$/, ''))
    .join('-')
    .replace(/[^a-z0-9x-]/gi, '')
    .toLowerCase();
}

export function parseVolumeMl(volume: string): number {
  const multi = volume.match(/(\d+)\s*×\s*(\d+)/);
  if (multi) return Number(multi[1]) * Number(multi[2]);
  const single = volume.match(/\d+/);
  return single ? Number(single[0]) : 0;
}

function productVariant(family: FamilySeed, volume: string): string {
  if (family.category.startsWith('/gidrolaty')) return 'spray';
  if (family.key === 'sertifikat') return 'card';
  if (family.category === '/nabory' || family.key === 'pipetki' || family.key === 'mernye-lozhki')
    return 'box';
  if (family.category === '/aksessuary/aromalampy' || family.key === 'aromakulon-kaplya') return 'device';
  if (family.key === 'flakon-sprej') return 'spray';
  if (volume.endsWith('г')) return 'jar';
  return parseVolumeMl(volume) >= 30 ? 'bottle-large' : 'bottle-dropper';
}

const DAY = 86_400_000;
/** The day the demo texts were dated against; dates move with the seeding day so «last week» stays non-empty. */
const CONTENT_REFERENCE_DAY = Date.parse('2026-11-21T09:00:00+03:00');

function shiftPublicationDate(isoDay: string, now: Date): Date {
  return new Date(Date.parse(`${isoDay}T09:00:00+03:00`) + (now.getTime() - CONTENT_REFERENCE_DAY));
}

async function seedCatalogue(db: Database, context: SeedContext): Promise<void> {
  const specs: DemoImageSpec[] = [];
  const categoryRows = await db.select().from(categories);
  const byUrl = new Map(categoryRows.map((row) => [row.url, row]));
  const detailsByKey = new Map(familyDetails.map((details) => [details.key, details]));

  for (const row of categoryRows.filter((entry) => entry.parentId === 0)) {
    const basename = `categories${row.url}`;
    const color =
      detailsByKey.get(families.find((family) => family.category.startsWith(row.url))?.key ?? '')?.color ??
      '#3f6b4f';
    specs.push({ kind: 'category', basename, color, seed: row.url });
    await db
      .update(categories)
      .set({
        fotoMain: demoImageRef('category', basename),
        foto: `${basename}.jpg`,
        webp: `${basename}.webp`,
      })
      .where(eq(categories.id, row.id));
  }

  let order = 0;
  // The demo's special prices hold to the end of next month from the day the shop was set up.
  const now = new Date();
  const specialPriceEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 0))
    .toISOString()
    .slice(0, 10);
  for (const family of families) {
    const details = detailsByKey.get(family.key);
    const category = byUrl.get(family.category);
    if (!details || !category) throw new Error(`demo catalogue: no details or category for ${family.key}`);
    for (const [index, volume] of family.volumes.entries()) {
      const variant = details.variants[index];
      if (!variant) throw new Error(`demo catalogue: no variant ${volume} for ${family.key}`);
      const suffix = slugifyVolume(volume);
      const key = suffix ? `${family.key}-${suffix}` : family.key;
      const basename = `products/${key}`;
      specs.push({
        kind: 'product',
        basename,
        color: details.color,
        variant: productVariant(family, volume),
        seed: key,
      });
      order += 1;
      const isNew = details.icons.includes('new');
      await db.insert(products).values({
        name: family.name,
        latinName: details.latinName,
        url: `/${key}.html`,
        familyKey: family.key,
        volume,
        volumeMl: parseVolumeMl(volume),
        cena: variant.cena,
        cenaSt: variant.cenaSt ?? 0,
        stock: variant.stock,
        categoryId: category.id,
        katGlobal: category.katGlobal,
        // «Скидка» is not stored: a volume shows it while its regular price is above its price (productBadges).
        icons: details.icons.filter((icon) => icon !== 'sale'),
        images: [demoImageRef('product', basename)],
        description: sanitizeHtml(details.description),
        composition: details.composition,
        usage: sanitizeHtml(details.usage),
        safety: sanitizeHtml(details.safety),
        country: details.country,
        plantPart: details.plantPart,
        extractionMethod: details.extractionMethod,
        brand: family.brand ?? null,
        gtin: family.gtin ?? null,
        specialPriceUntil: variant.cenaSt ? specialPriceEnd : null,
        popularity: details.popularity,
        createdAt: new Date(context.now.getTime() - (isNew ? 3 + order : 60 + order * 5) * DAY),
      });
    }
  }

  for (const slide of await db.select().from(slides)) {
    specs.push({ kind: 'slide', basename: slide.img.basename, color: slide.color, seed: slide.img.basename });
  }

  if (context.imagesDir) await writeDemoImages(context.imagesDir, specs);
}

async function seedPublications(db: Database, context: SeedContext): Promise<void> {
  const specs: DemoImageSpec[] = [];
  const authorIds = new Map<string, number>();
  for (const [index, author] of content.authors.entries()) {
    const basename = `authors/${author.key}`;
    specs.push({ kind: 'portrait', basename, color: author.color, seed: author.key });
    const [row] = await db
      .insert(authors)
      .values({
        name: author.name,
        url: `/authors#${author.key}`,
        position: author.position,
        bio: sanitizeHtml(author.bio),
        photo: demoImageRef('portrait', basename),
        pos: index + 1,
      })
      .returning({ id: authors.id });
    authorIds.set(author.key, row!.id);
  }
  const razdelIds = new Map<string, number>();
  for (const [index, razdel] of content.razdels.entries()) {
    const [row] = await db
      .insert(razdels)
      .values({ name: razdel.name, url: razdel.url, description: razdel.description, pos: index + 1 })
      .returning({ id: razdels.id });
    razdelIds.set(razdel.key, row!.id);
  }
  const tagIds = new Map<string, number>();
  for (const tag of content.tags) {
    const [row] = await db.insert(tags).values({ name: tag.name, url: tag.url }).returning({ id: tags.id });
    tagIds.set(tag.key, row!.id);
  }
  const requireId = (map: Map<string, number>, key: string, what: string) => {
    const id = map.get(key);
    if (id === undefined) throw new Error(`demo content: unknown ${what} «${key}»`);
    return id;
  };

  for (const article of content.articles) {
    const basename = `articles/${article.key}`;
    specs.push({ kind: 'cover', basename, color: article.color, seed: article.key });
    const [row] = await db
      .insert(articles)
      .values({
        title: article.title,
        url: article.url,
        razdelId: requireId(razdelIds, article.razdel, 'section'),
        authorId: requireId(authorIds, article.author, 'author'),
        publishedAt: shiftPublicationDate(article.publishedAt, context.now),
        excerpt: article.excerpt,
        html: sanitizeHtml(article.html),
        image: demoImageRef('cover', basename),
        popularity: article.popularity,
      })
      .returning({ id: articles.id });
    const tagRows = article.tags.map((tag) => ({ articleId: row!.id, tagId: requireId(tagIds, tag, 'tag') }));
    if (tagRows.length > 0) await db.insert(articleTags).values(tagRows);
  }

  const cheapestVolume = new Map<string, number>();
  for (const row of await db
    .select({ id: products.id, familyKey: products.familyKey })
    .from(products)
    .orderBy(products.id)) {
    if (!cheapestVolume.has(row.familyKey)) cheapestVolume.set(row.familyKey, row.id);
  }
  for (const recipe of content.recipes) {
    const basename = `recipes/${recipe.key}`;
    specs.push({ kind: 'cover', basename, color: recipe.color, seed: recipe.key });
    const [row] = await db
      .insert(recipes)
      .values({
        title: recipe.title,
        url: recipe.url,
        razdelId: requireId(razdelIds, recipe.razdel, 'section'),
        authorId: requireId(authorIds, recipe.author, 'author'),
        publishedAt: shiftPublicationDate(recipe.publishedAt, context.now),
        excerpt: recipe.excerpt,
        html: sanitizeHtml(recipe.html),
        image: demoImageRef('cover', basename),
        popularity: recipe.popularity,
        yield: recipe.yield,
        timeMinutes: recipe.timeMinutes,
      })
      .returning({ id: recipes.id });
    const ingredientRows = recipe.ingredients.map((ingredient, index) => ({
      recipeId: row!.id,
      productId: ingredient.family ? (cheapestVolume.get(ingredient.family) ?? null) : null,
      name: ingredient.name,
      amount: ingredient.amount,
      pos: index + 1,
    }));
    if (ingredientRows.length > 0) await db.insert(recipeIngredients).values(ingredientRows);
    const tagRows = recipe.tags.map((tag) => ({ recipeId: row!.id, tagId: requireId(tagIds, tag, 'tag') }));
    if (tagRows.length > 0) await db.insert(recipeTags).values(tagRows);
  }

  if (context.imagesDir) await writeDemoImages(context.imagesDir, specs);
}

/** Families whose volumes also show each other's bottle, so the demo product page has a gallery to browse. */
const GALLERY_FAMILIES = ['lavanda-uzkolistnaya', 'pihta-sibirskaya', 'myata-perechnaya', 'chajnoe-derevo'];

/** Each volume of those families gets the family's other bottles after its own picture (the files exist already). */
async function seedProductGalleries(db: Database): Promise<void> {
  const rows = await db
    .select({ id: products.id, familyKey: products.familyKey, url: products.url, images: products.images })
    .from(products)
    .where(inArray(products.familyKey, GALLERY_FAMILIES))
    .orderBy(asc(products.volumeMl));
  const seeded = (row: (typeof rows)[number]) =>
    row.images.length === 1 && `/${row.images[0]!.basename.replace(/^products\//, '')}.html` === row.url;
  for (const row of rows) {
    // Only the picture the seed gave it: a product whose pictures were changed in the back office keeps them.
    if (!seeded(row)) continue;
    const others = rows.filter(
      (other) => other.familyKey === row.familyKey && other.id !== row.id && seeded(other),
    );
    if (others.length === 0) continue;
    await db
      .update(products)
      .set({ images: [...row.images, ...others.map((other) => other.images[0]!)] })
      .where(eq(products.id, row.id));
  }
}

export const catalogueSeedSteps = [
  { name: '004-catalogue', run: seedCatalogue },
  { name: '005-publications', run: seedPublications },
  { name: 'product-galleries', run: seedProductGalleries },
];
