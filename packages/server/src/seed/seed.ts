// Loads the demo content step by step; each step runs once per database, so later releases can add steps.
import { sanitizeHtml } from '@efir/domain/sanitize-html';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  auditLog,
  categories,
  menuItems,
  products,
  promoCodes,
  seedRuns,
  slides,
  staticPages,
} from '../schema.ts';
import { familyDetails } from './catalog-products.ts';
import { reviewsSeedSteps } from './reviews.seed.ts';
import { schoolSeedSteps } from './school.seed.ts';
import { catalogueSeedSteps, type SeedContext } from './seed-catalogue.ts';
import { deliverySeedSteps } from './seed-delivery.ts';
import { categoryTree, menuSeed, slideSeed } from './seed-layout.ts';
import { EFIR10_WORDS, shopSeedSteps } from './seed-shop.ts';
import { staticPages as staticPageSeed } from './static-pages.ts';

export interface SeedStep {
  name: string;
  run(db: Database, context: SeedContext): Promise<void>;
}

async function seedCategories(db: Database): Promise<void> {
  for (const { children = [], ...top } of categoryTree) {
    const [inserted] = await db
      .insert(categories)
      .values({ ...top, parentId: 0 })
      .returning({ id: categories.id });
    for (const [index, child] of children.entries()) {
      await db
        .insert(categories)
        .values({ ...child, parentId: inserted!.id, pos: index + 1, katGlobal: top.katGlobal });
    }
  }
}

async function seedStaticPages(db: Database): Promise<void> {
  await db
    .insert(staticPages)
    .values(staticPageSeed.map((page) => ({ ...page, html: sanitizeHtml(page.html) })));
}

async function seedMenusAndSlides(db: Database): Promise<void> {
  await db.insert(menuItems).values(menuSeed.map((item, index) => ({ ...item, pos: index + 1 })));
  await db.insert(slides).values(slideSeed.map((slide, index) => ({ ...slide, pos: index + 1 })));
}

/** Pages that printed the shop's numbers by hand before they named them by tokens (content/shop-facts.ts). */
const PAGES_WITH_FACTS = ['/akcii', '/dostavka.html', '/help', '/kontakt.html', '/pochemu-mi'];
const SLIDES_WITH_FACTS: Record<string, string> = {
  'Школа ароматерапии: набор на весенний поток': 'Школа ароматерапии: {{next-course}}',
  'Скидка 10% на первый заказ по промокоду EFIR10': 'Промокод EFIR10 на первый заказ: {{promo:EFIR10}}',
};

/** A shop seeded before the tokens gets the new texts, where nobody has edited them in the back office since. */
async function seedFactTokens(db: Database): Promise<void> {
  const pages = await db
    .select({ id: staticPages.id, url: staticPages.url })
    .from(staticPages)
    .where(inArray(staticPages.url, PAGES_WITH_FACTS));
  const edited = new Set(
    (
      await db
        .select({ entityId: auditLog.entityId })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entity, 'content'),
            inArray(
              auditLog.entityId,
              pages.map((page) => `page:${page.id}`),
            ),
          ),
        )
    ).map((row) => row.entityId),
  );
  for (const page of pages) {
    const seed = staticPageSeed.find((entry) => entry.url === page.url);
    if (!seed || edited.has(`page:${page.id}`)) continue;
    await db
      .update(staticPages)
      .set({ html: sanitizeHtml(seed.html) })
      .where(eq(staticPages.id, page.id));
  }
  for (const [before, after] of Object.entries(SLIDES_WITH_FACTS)) {
    await db.update(slides).set({ name: after }).where(eq(slides.name, before));
  }
}

/**
 * Issue 35: a shop seeded before gets the slide and the promo codes' words that agree with the data (the lavender
 * slide led to Bulgarian lavender under «из Крыма»; EFIR10's words repeated the cart's «скидка 10 %»), where they are
 * still as seeded.
 */
async function seedAgreeingContent(db: Database): Promise<void> {
  const lavender = slideSeed.find((slide) => slide.img.basename === 'slides/lavender')!;
  await db
    .update(slides)
    .set({ name: lavender.name, link: lavender.link })
    .where(
      and(eq(slides.name, 'Лаванда из Крыма — новый урожай'), eq(slides.link, '/efirnye-masla/cvetochnye')),
    );
  const words: Array<[code: string, before: string, after: string]> = [
    ['EFIR10', 'скидка 10 % на первый заказ от 2000 ₽', EFIR10_WORDS],
    ['ПРИВЕТ5', 'плюс 5 % к вашей скидке', 'плюс 5\u00a0% к вашей скидке'],
    [
      'ВСЁСОСКИДКОЙ',
      'плюс 7 % ко всему, даже к товарам со специальной ценой',
      'плюс 7\u00a0% ко всему, даже к товарам со специальной ценой',
    ],
  ];
  for (const [code, before, after] of words) {
    await db
      .update(promoCodes)
      .set({ description: after })
      .where(and(eq(promoCodes.code, code), eq(promoCodes.description, before)));
  }
}

/** The certificate's words before it had a recipient form at checkout (docs/promises.md): changed where unedited. */
const OLD_CERTIFICATE_COMPOSITION =
  'Электронный сертификат с уникальным кодом; приходит на e-mail в течение 15 минут после оплаты; срок действия — 12 месяцев';

/** Already-seeded shops get the words docs/promises.md changed: the fact pages and the certificate's page. */
async function seedKeptPromises(db: Database): Promise<void> {
  await seedFactTokens(db);
  const certificate = familyDetails.find((family) => family.key === 'sertifikat');
  if (!certificate) return;
  await db
    .update(products)
    .set({
      composition: certificate.composition,
      description: sanitizeHtml(certificate.description),
      usage: sanitizeHtml(certificate.usage),
    })
    .where(and(eq(products.familyKey, 'sertifikat'), eq(products.composition, OLD_CERTIFICATE_COMPOSITION)));
}

export const seedSteps: SeedStep[] = [
  { name: '001-categories', run: seedCategories },
  { name: '002-static-pages', run: seedStaticPages },
  { name: '003-menus-and-slides', run: seedMenusAndSlides },
  ...catalogueSeedSteps,
  ...shopSeedSteps,
  ...deliverySeedSteps,
  ...reviewsSeedSteps,
  ...schoolSeedSteps,
  { name: 'promises-from-rules', run: seedFactTokens },
  { name: 'content-agrees-with-data', run: seedAgreeingContent },
  // /dostavka: the point is picked from a list, as checkout offers it, not «на карте» (issue 35, decision 043).
  { name: 'pickup-points-from-a-list', run: seedFactTokens },
  // Every promise the shop's texts make is one it keeps (issue 42 point 8, docs/promises.md).
  { name: 'promises-kept-in-words', run: seedKeptPromises },
];

/** Runs every step not yet recorded, each in its own transaction. Returns the names of the steps that ran. */
export async function seedDemoContent(
  db: Database,
  context: Partial<SeedContext> = {},
  steps: SeedStep[] = seedSteps,
): Promise<string[]> {
  const fullContext: SeedContext = { imagesDir: context.imagesDir ?? null, now: context.now ?? new Date() };
  const ran: string[] = [];
  for (const step of steps) {
    const done = await db.select().from(seedRuns).where(eq(seedRuns.name, step.name)).limit(1);
    if (done.length > 0) continue;
    await db.transaction(async (tx) => {
      await step.run(tx as unknown as Database, fullContext);
      await tx.insert(seedRuns).values({ name: step.name });
    });
    ran.push(step.name);
  }
  return ran;
}
