// Letters as mail clients show them: the frame rendered in Chromium at a desktop client's width and a phone's —
// nothing wider than the screen, the lines, sums and button visible, the unsubscribe link in the footer; and the
// HTML built the way Gmail, Yandex Mail and Mail.ru keep it (inline styles only, no <style>, scripts or links).
import { existsSync } from 'node:fs';
import { formatRub } from '@efir/domain/money';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  letterButton,
  letterParagraph,
  letterTable,
  renderLetterHtml,
  textToLetterHtml,
} from './letter-html.ts';

const CHROMIUM = '/usr/bin/chromium';
/** Evaluated in the page (the server's TypeScript has no DOM types). */
const SCROLL_WIDTH = 'document.documentElement.scrollWidth';
const ORIGIN = 'https://efir.test';

const cartLetter = renderLetterHtml({
  subject: 'Вы оставили товары в корзине',
  origin: ORIGIN,
  unsubscribeUrl: `${ORIGIN}/unsubscribe/1.abcdefghijklmnopqrstuvwxyz012345`,
  body:
    letterParagraph('Здравствуйте, Анна! В вашей корзине остались товары:') +
    letterTable(
      [
        { name: 'Лаванда узколистная, 10 мл', detail: `2 × ${formatRub(490)}`, sum: formatRub(980) },
        { name: 'Лимон, 10 мл', detail: `1 × ${formatRub(320)}`, sum: formatRub(320) },
      ],
      { label: 'Итого', sum: formatRub(1300) },
    ) +
    letterButton('Вернуться к корзине', `${ORIGIN}/cart`),
});

const statusLetter = renderLetterHtml({
  subject: 'Заказ № 1042: передан в доставку',
  origin: ORIGIN,
  body: textToLetterHtml(
    'Здравствуйте, Анна!\n\nВаш заказ № 1042 передан в доставку: СДЭК, пункт выдачи на ул. Дубининской, 57.\n\nВаши заказы: https://efir.test/my-orders',
  ),
});

describe('letter HTML', () => {
  it('uses only what mail clients keep: inline styles, tables, no scripts or external resources', () => {
    for (const html of [cartLetter, statusLetter]) {
      expect(html).not.toMatch(/<style|<script|<link|class="/i);
      expect(html).toContain('<table role="presentation"');
      expect(html).toContain('max-width:600px');
    }
    expect(statusLetter).toContain('<a href="https://efir.test/my-orders"');
    expect(statusLetter).not.toContain('Отписаться');
    // Text is escaped, never markup.
    expect(textToLetterHtml('<b>Эфир</b> & «масла»')).toContain('&lt;b&gt;Эфир&lt;/b&gt; &amp; «масла»');
  });

  // Without Chromium a developer's run skips it; CI must have it (a launch error fails the test there).
  it.skipIf(!existsSync(CHROMIUM) && !process.env.CI)(
    'reads well in Chromium at 600 px and on a 360 px phone',
    { timeout: 60_000 },
    async () => {
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-gpu'],
      });
      try {
        for (const width of [600, 360]) {
          const page = await browser.newPage({ viewport: { width, height: 800 } });
          await page.setContent(cartLetter);
          // Every inline style applies (a stray double quote would end the attribute early).
          expect(await page.evaluate<string>("getComputedStyle(document.querySelector('h1')).fontSize")).toBe(
            '22px',
          );
          // Nothing sticks out sideways.
          expect(await page.evaluate<number>(SCROLL_WIDTH)).toBeLessThanOrEqual(width);
          // Each line's name and sum, and the total, are inside the screen.
          const cells = await page.$$eval('td', (tds) =>
            tds.map((td) => ({ text: td.textContent ?? '', right: td.getBoundingClientRect().right })),
          );
          for (const text of ['Лаванда узколистная, 10 мл', formatRub(980), 'Итого', formatRub(1300)]) {
            const cell = cells.find(
              (candidate) => candidate.text.startsWith(text) || candidate.text === text,
            );
            expect(cell, text).toBeDefined();
            expect(cell!.right, text).toBeLessThanOrEqual(width);
          }
          const button = page.getByRole('link', { name: 'Вернуться к корзине' });
          expect(await button.getAttribute('href')).toBe(`${ORIGIN}/cart`);
          expect(
            await page.evaluate<string>(
              `getComputedStyle(document.querySelector('a[href="${ORIGIN}/cart"]').parentElement).backgroundColor`,
            ),
          ).toBe('rgb(63, 107, 79)');
          expect(await page.getByRole('link', { name: 'Отписаться' }).isVisible()).toBe(true);
          await page.screenshot({ path: `/tmp/efir-letter-cart-${width}.png`, fullPage: true });
          await page.setContent(statusLetter);
          expect(await page.evaluate<number>(SCROLL_WIDTH)).toBeLessThanOrEqual(width);
          await page.screenshot({ path: `/tmp/efir-letter-status-${width}.png`, fullPage: true });
          await page.close();
        }
      } finally {
        await browser.close();
      }
    },
  );
});
