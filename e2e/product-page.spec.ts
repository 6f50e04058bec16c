// The product page's gallery and delivery estimate (issue 19, «What good shops have»), on a phone and a desktop:
// thumbnails switch the main picture, a tap on it opens the largest file in a dialog that Esc and «Закрыть» close
// (focus back on the picture); «Доставка в Москву…» under the price says what checkout's calculator quotes for a
// cart of this product, keeps its place while it is asked for, and follows «Изменить город» (remembered).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addToCartFromProductPage, plain } from './journeys/support.ts';
import { baseUrl, hasBrowser, useBrowser } from './support/browser.ts';

const LAVENDER = '/lavanda-uzkolistnaya-10-ml.html';
const COURIER_KINDS = [1, 8, 6, 11];

type Option = {
  type: number;
  name: string;
  available: boolean;
  price: number | null;
  term: { text: string } | null;
};

/** What checkout's calculator calls quote for the visitor's cart: the courier to `zip`, every point kind in `city`. */
async function checkoutQuotes(page: Page, zip: string, city: string) {
  return page.evaluate(
    async ({ zip, city, courierKinds }) => {
      const post = async (url: string, body: unknown) =>
        (
          await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json();
      const cheapest = (options: Option[]) =>
        options
          .filter((option) => option.available && option.price !== null)
          .sort((a, b) => (a.price ?? 0) - (b.price ?? 0))[0];
      const courier = (await post('/api/v1/calculator/courier-cost', { zip })).options as Option[];
      const { points } = (await post('/api/v1/calculator/pvz', { city })) as {
        points: Array<{ code: string; type: number }>;
      };
      const firstOfEachKind = [...new Map(points.reverse().map((point) => [point.type, point])).values()];
      const pickup: Option[] = [];
      for (const point of firstOfEachKind) {
        pickup.push(
          ...((await post('/api/v1/calculator/pvz-cost', { code: point.code, type: point.type }))
            .options as Option[]),
        );
      }
      const best = cheapest(pickup);
      return {
        courier: cheapest(courier.filter((option) => courierKinds.includes(option.type))),
        pickup: best,
        cheapestPickupNames: pickup
          .filter((option) => option.available && option.price === best?.price)
          .map((option) => option.name),
      };
    },
    { zip, city, courierKinds: COURIER_KINDS },
  );
}

const money = (price: number) => `${new Intl.NumberFormat('ru-RU').format(price)} ₽`.replace(/\s/g, ' ');

async function estimateLine(page: Page, name: string): Promise<string> {
  return plain(
    await page.locator('.delivery-estimate__line').filter({ hasText: name }).locator('dd').textContent(),
  ).replace(/\s/g, ' ');
}

describe.skipIf(!hasBrowser).each([
  { device: 'desktop', viewport: { width: 1366, height: 900 } },
  { device: 'phone', viewport: { width: 390, height: 844 } },
])('the product page on a $device', ({ viewport }) => {
  const browser = useBrowser(viewport);

  it('switches pictures by thumbnail and opens the largest file in a dialog that Esc and «Закрыть» close', async () => {
    const { page } = browser;
    // The main picture is in the server's HTML, loaded first.
    const html = await (await page.request.get(LAVENDER)).text();
    expect(html).toMatch(/<img[^>]*alt="Лаванда узколистная, фото 1 из 2"[^>]*fetchpriority="high"/i);

    await page.goto(LAVENDER);
    const main = page.locator('.gallery__zoom img');
    expect(await main.getAttribute('src')).toBe('/images/products/lavanda-uzkolistnaya-10-ml.jpg');
    const second = page.getByRole('button', { name: 'Показать фото 2 из 2' });
    await second.click();
    expect(await second.getAttribute('aria-pressed')).toBe('true');
    await page.waitForFunction(() =>
      document.querySelector<HTMLImageElement>('.gallery__zoom img')?.currentSrc.includes('30-ml'),
    );
    expect(await main.getAttribute('alt')).toBe('Лаванда узколистная, фото 2 из 2');

    const opener = page.getByRole('button', { name: /Лаванда узколистная, фото 2 из 2 Открыть крупно/ });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Лаванда узколистная, фото 2 из 2' });
    await dialog.waitFor();
    const large = dialog.locator('img');
    await page.waitForFunction(() =>
      Boolean(document.querySelector<HTMLImageElement>('dialog img')?.complete),
    );
    // The largest file, not the phone-sized copy the page may show.
    expect(await large.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/images\/products\/lavanda-uzkolistnaya-30-ml\.webp$/,
    );
    await dialog.getByRole('button', { name: 'Следующее фото' }).click();
    await page.getByRole('dialog', { name: 'Лаванда узколистная, фото 1 из 2' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Focus is back on the picture, which now shows the one last looked at.
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('gallery__zoom');
    expect(await main.getAttribute('alt')).toBe('Лаванда узколистная, фото 1 из 2');

    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.getByRole('button', { name: 'Закрыть' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('gallery__zoom');

    // A swipe to the left on the main picture shows the next one (a phone's gesture; touches dispatched here).
    await page.locator('.gallery__zoom').evaluate((target: HTMLElement) => {
      const touch = (x: number) => new Touch({ identifier: 1, target, clientX: x, clientY: 200 });
      target.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, touches: [touch(300)] }));
      target.dispatchEvent(new TouchEvent('touchend', { bubbles: true, changedTouches: [touch(180)] }));
    });
    expect(await main.getAttribute('alt')).toBe('Лаванда узколистная, фото 2 из 2');
    expect(await second.getAttribute('aria-pressed')).toBe('true');

    await page.screenshot({ path: `test-results/product-gallery-${viewport.width}.png` });
    await opener.or(page.locator('.gallery__zoom')).first().click();
    await page.getByRole('dialog').waitFor();
    await page.screenshot({ path: `test-results/product-zoom-${viewport.width}.png` });
  });

  it('estimates delivery as checkout quotes it, without moving the page, and follows «Изменить город»', async () => {
    const { page } = browser;
    // While the estimate is asked for, its place is kept: the buy box does not grow when it arrives.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/v1/calculator/estimate?**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(LAVENDER);
    const box = page.locator('.buy-box');
    const before = await box.boundingBox();
    release();
    const estimate = page.locator('.delivery-estimate[aria-busy="false"]');
    await estimate.waitFor();
    expect((await box.boundingBox())?.height).toBe(before?.height);
    await page.unroute('**/api/v1/calculator/estimate?**');
    expect(plain(await page.locator('.delivery-estimate__title strong').textContent())).toBe(
      'Доставка в Москву',
    );

    await addToCartFromProductPage(page, `${baseUrl}${LAVENDER}`);
    const moscow = await checkoutQuotes(page, '101000', 'Москва');
    expect(moscow.courier?.price).toBeGreaterThan(0);
    expect(await estimateLine(page, 'Курьером')).toBe(
      `${moscow.courier?.name}: ${moscow.courier?.term?.text}, ${money(moscow.courier?.price ?? 0)}`,
    );
    expect(await estimateLine(page, 'В пункт выдачи')).toBe(
      `${moscow.pickup?.name}: ${moscow.pickup?.term?.text}, ${money(moscow.pickup?.price ?? 0)}`,
    );
    await page
      .locator('.buy-box')
      .screenshot({ path: `test-results/product-estimate-${viewport.width}.png` });

    await page.getByRole('button', { name: 'Изменить город' }).click();
    await page.getByRole('button', { name: 'Новосибирск' }).click();
    await page.locator('.delivery-estimate__title').filter({ hasText: 'Доставка в Новосибирск' }).waitFor();
    await estimate.waitFor();
    const novosibirsk = await checkoutQuotes(page, '630099', 'Новосибирск');
    const courier = `${novosibirsk.courier?.name}: ${novosibirsk.courier?.term?.text}, ${money(novosibirsk.courier?.price ?? 0)}`;
    expect(await estimateLine(page, 'Курьером')).toBe(courier);
    expect(novosibirsk.courier?.price).not.toBe(moscow.courier?.price);
    // Points and lockers may cost the same there: the line names one of the cheapest, with their figures.
    const pickupLine = await estimateLine(page, 'В пункт выдачи');
    expect(pickupLine.replace(/^[^:]+: /, '')).toBe(
      `${novosibirsk.pickup?.term?.text}, ${money(novosibirsk.pickup?.price ?? 0)}`,
    );
    expect(novosibirsk.cheapestPickupNames).toContain(pickupLine.split(':')[0]);

    // Remembered on the next visit.
    await page.reload();
    await page.locator('.delivery-estimate__title').filter({ hasText: 'Доставка в Новосибирск' }).waitFor();
    await page.screenshot({ path: `test-results/product-page-${viewport.width}.png`, fullPage: false });
  });
});
