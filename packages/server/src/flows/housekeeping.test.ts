// Housekeeping removes what nobody can use any more — and nothing else.
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../features/auth/auth.table.ts';
import { cartLines, carts } from '../features/cart/cart.table.ts';
import { products } from '../features/catalog/catalog.table.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { runHousekeeping } from './housekeeping.ts';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(() => shop.close());

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe('housekeeping', () => {
  it('removes guest carts untouched for over 60 days with their lines, and refresh tokens a day past their end', async () => {
    const db = shop.database.db;
    const [product] = await db.select({ id: products.id }).from(products).limit(1);
    const staleGuest = randomUUID();
    const freshGuest = randomUUID();
    const oldUserCart = randomUUID();
    await db.insert(carts).values([
      { id: staleGuest, userId: null, updatedAt: daysAgo(61) },
      { id: freshGuest, userId: null, updatedAt: daysAgo(59) },
      // A user's cart is reached through the account, however old.
      { id: oldUserCart, userId: 990_001, updatedAt: daysAgo(400) },
    ]);
    await db.insert(cartLines).values(
      [staleGuest, freshGuest, oldUserCart].map((cartId) => ({
        cartId,
        productId: product!.id,
        quantity: 1,
      })),
    );
    const token = (expiresAt: Date) => ({
      id: randomUUID(),
      userId: 990_001,
      familyId: randomUUID(),
      tokenHash: randomUUID(),
      expiresAt,
    });
    const expired = token(daysAgo(2));
    const justExpired = token(new Date(Date.now() - 3_600_000));
    const valid = token(new Date(Date.now() + 86_400_000));
    await db.insert(refreshTokens).values([expired, justExpired, valid]);

    const removed = await runHousekeeping(db);
    expect(removed.guestCarts).toBeGreaterThanOrEqual(1);

    const cartsLeft = await db
      .select({ id: carts.id })
      .from(carts)
      .where(inArray(carts.id, [staleGuest, freshGuest, oldUserCart]));
    expect(cartsLeft.map((row) => row.id).sort()).toEqual([freshGuest, oldUserCart].sort());
    expect(await db.select().from(cartLines).where(eq(cartLines.cartId, staleGuest))).toEqual([]);
    const tokensLeft = await db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(inArray(refreshTokens.id, [expired.id, justExpired.id, valid.id]));
    expect(tokensLeft.map((row) => row.id).sort()).toEqual([justExpired.id, valid.id].sort());
  });
});
