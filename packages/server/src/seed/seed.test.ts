// Demo content: each step runs once per database; a new step reaches a database seeded before it existed.
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, menuItems, products, slides, staticPages } from '../schema.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { seedDemoContent, seedSteps } from './seed.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(() => database.destroy());

async function countRows(table: typeof categories | typeof staticPages | typeof slides | typeof menuItems) {
  const [row] = await database.db.select({ value: count() }).from(table);
  return row!.value;
}

describe('seedDemoContent', () => {
  it('has filled the template with the shop frame', async () => {
    expect(await countRows(categories)).toBeGreaterThanOrEqual(8);
    expect(await countRows(staticPages)).toBe(17);
    expect(await countRows(slides)).toBeGreaterThanOrEqual(5);
    const audiences = await database.db.selectDistinct({ show: slides.show }).from(slides);
    expect(audiences.map((row) => row.show).sort()).toEqual(['all', 'guest', 'reg']);
  });

  it('gives the volumes of a few families each other’s bottle, keeping pictures changed in the back office', async () => {
    const lavender = () =>
      database.db
        .select({ url: products.url, images: products.images })
        .from(products)
        .where(like(products.url, '/lavanda-uzkolistnaya-%'))
        .orderBy(products.volumeMl);
    expect((await lavender()).map((row) => [row.url, row.images.map((image) => image.basename)])).toEqual([
      [
        '/lavanda-uzkolistnaya-10-ml.html',
        ['products/lavanda-uzkolistnaya-10-ml', 'products/lavanda-uzkolistnaya-30-ml'],
      ],
      [
        '/lavanda-uzkolistnaya-30-ml.html',
        ['products/lavanda-uzkolistnaya-30-ml', 'products/lavanda-uzkolistnaya-10-ml'],
      ],
    ]);

    // Run again over a product whose picture a manager replaced: nothing changes anywhere.
    const uploaded = { basename: 'uploads/p-1-abc', filename: 'uploads/p-1-abc.jpg' };
    await database.db
      .update(products)
      .set({ images: [uploaded] })
      .where(eq(products.url, '/pihta-sibirskaya-10-ml.html'));
    const before = await database.db.select({ id: products.id, images: products.images }).from(products);
    await seedSteps
      .find((step) => step.name === 'product-galleries')!
      .run(database.db, { imagesDir: null, now: new Date() });
    expect(await database.db.select({ id: products.id, images: products.images }).from(products)).toEqual(
      before,
    );
  });

  it('does nothing the second time', async () => {
    const before = await countRows(categories);
    expect(await seedDemoContent(database.db)).toEqual([]);
    expect(await countRows(categories)).toBe(before);
  });

  it('runs a step added later, once', async () => {
    let runs = 0;
    const step = {
      name: '999-test-step',
      run: async () => {
        runs += 1;
      },
    };
    expect(await seedDemoContent(database.db, {}, [step])).toEqual(['999-test-step']);
    expect(await seedDemoContent(database.db, {}, [step])).toEqual([]);
    expect(runs).toBe(1);
  });

  it('rolls a failed step back and runs it again next time', async () => {
    const failing = {
      name: '998-failing-step',
      run: async (db: typeof database.db) => {
        await db.insert(menuItems).values({ menu: 'test', name: 'Половина шага', url: '/half' });
        throw new Error('disk full');
      },
    };
    const before = await countRows(menuItems);
    await expect(seedDemoContent(database.db, {}, [failing])).rejects.toThrow();
    expect(await countRows(menuItems)).toBe(before);
  });
});
