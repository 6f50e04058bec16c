// Ratings and comments end to end: a registered visitor comments with markup that would run script if it were
// rendered as HTML — typed in the editor and sent raw to the API — and no dialog ever fires while the text stays
// readable; then rates a product and sees the average change without a reload, and again after one; writes a shop
// review on /add-review. Needs the reviews wiring (routes, and the rating and comment slots on the product page).
import type { Dialog, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUpInBrowser } from './journeys/support.ts';
import { baseUrl, hasBrowser, useBrowser } from './support/browser.ts';

const PRODUCT_URL = '/bergamot-10-ml.html';
const IMG_VECTOR = '<img src=x onerror=alert(1)>';
const LINK_VECTOR = '<a href="javascript:alert(1)">';

/** Every dialog (alert, confirm, prompt) a page opens; each is dismissed so nothing hangs. */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    opened.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  return opened;
}

/** Markup inside the comments that could run script: handlers, javascript: URLs, script and svg elements. */
function findDangerousMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll('#comments *'))) {
      const tag = element.tagName.toLowerCase();
      if (tag === 'script' || tag === 'svg' || tag === 'iframe') found.push(tag);
      for (const attribute of element.getAttributeNames()) {
        const value = element.getAttribute(attribute) ?? '';
        if (attribute.startsWith('on')) found.push(`${tag}[${attribute}]`);
        if (/^\s*(javascript|vbscript|data):/i.test(value)) found.push(`${tag}[${attribute}=${value}]`);
      }
    }
    return found;
  });
}

/** The editor's code arrives late, as on a busy phone or network: the plain box is there first. */
async function delayEditorCode(page: Page, ms = 2000): Promise<void> {
  await page.route('**/assets/tiptap-editor-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/**
 * Clicks the comment box and types at once, while the rich editor is still on its way: every letter and the caret
 * must carry over to the editor when it takes the box's place. Returns the editor's text.
 */
async function typeWhileTheEditorLoads(page: Page, url: string): Promise<string> {
  await page.goto(url);
  const comments = page.locator('#comments');
  await comments.scrollIntoViewIfNeeded();
  const form = comments.locator('form.comment-form').first();
  await form.getByRole('textbox').click();
  // Written backwards on purpose: the end first, then the caret to the start of the line.
  await page.keyboard.type('понравилось!', { delay: 30 });
  await page.keyboard.press('Home');
  await form.getByRole('toolbar', { name: 'Оформление текста' }).waitFor();
  await page.keyboard.type('Очень ', { delay: 30 });
  return (await form.locator('.rich-editor__content[contenteditable="true"]').textContent()) ?? '';
}

describe.skipIf(!hasBrowser)('ratings and comments', () => {
  const browser = useBrowser();

  it('keeps every letter typed while the editor replaces the plain box, on products, articles and recipes', async () => {
    const { page } = browser;
    await signUpInBrowser(page, baseUrl, 'Милана');
    await delayEditorCode(page);
    for (const url of [
      '/articles/efirnye-masla-dlya-sna.html',
      '/recept/maslyanaya-syvorotka-dlya-lica.html',
      PRODUCT_URL,
    ]) {
      expect(await typeWhileTheEditorLoads(page, url), url).toBe('Очень понравилось!');
    }
    // And the comment sent is what was typed.
    const comments = page.locator('#comments');
    await comments.getByRole('button', { name: 'Отправить' }).first().click();
    const posted = comments.locator('.comment').filter({ hasText: 'Очень понравилось!' });
    await posted.waitFor();
    expect(await posted.locator('.comment__text').textContent()).toBe('Очень понравилось!');
  });

  it('shows comments with script-like markup as harmless text, and no dialog fires', async () => {
    const { page } = browser;
    const dialogs = watchDialogs(page);
    await signUpInBrowser(page, baseUrl, 'Ирина');
    await page.goto(PRODUCT_URL);

    // Typed in the editor: the markup is text the visitor wrote, and it must read exactly as written.
    const comments = page.locator('#comments');
    // The comments' code loads as the section nears the screen (a reader scrolls down to it).
    await comments.scrollIntoViewIfNeeded();
    const box = comments.getByRole('textbox', { name: 'Ваш отзыв' });
    await box.click();
    await comments.getByRole('toolbar', { name: 'Оформление текста' }).waitFor();
    await comments.getByRole('textbox', { name: 'Ваш отзыв' }).click();
    await page.keyboard.type(`Проверка ${IMG_VECTOR} и ${LINK_VECTOR}ссылка</a>`);
    await comments.getByRole('button', { name: 'Отправить' }).click();
    const typed = comments.locator('.comment').filter({ hasText: 'Проверка' });
    await typed.waitFor();
    expect(await typed.locator('.comment__text').textContent()).toBe(
      `Проверка ${IMG_VECTOR} и ${LINK_VECTOR}ссылка</a>`,
    );

    // Sent raw past the editor, as a forged client would: the server keeps only what the sanitiser allows.
    const status = await page.evaluate(
      async ({ url, img, link }) => {
        const route = await fetch('/api/v1/route', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ar: '1' },
          body: JSON.stringify({ url }),
        });
        const { page: data } = await route.json();
        const answer = await fetch('/v1/user/comment', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ar: '1',
            authorization: `Bearer ${localStorage.getItem('token')}`,
          },
          body: JSON.stringify({
            type: 'product',
            id: data.com_data.id,
            text: `<p>Сырой HTML</p>${img}${link}жми</a><svg onload=alert(2)></svg>`,
          }),
        });
        return answer.status;
      },
      { url: PRODUCT_URL, img: IMG_VECTOR, link: LINK_VECTOR },
    );
    expect(status).toBe(200);

    await page.reload();
    const raw = comments.locator('.comment').filter({ hasText: 'Сырой HTML' });
    await raw.waitFor();
    const link = raw.getByText('жми');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBeNull();
    await link.click();
    await typed.waitFor();
    await page.waitForTimeout(500);

    expect(await findDangerousMarkup(page)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(page.url()).toContain(PRODUCT_URL);
  });

  it('rates a product and sees the average change, without a reload and after one', async () => {
    const { page } = browser;
    await signUpInBrowser(page, baseUrl, 'Олег');
    await page.goto(PRODUCT_URL);

    const summary = page.locator('.rating-summary__text');
    const readSummary = async () => (await summary.textContent()) ?? '';
    await summary.waitFor();
    const before = await readSummary();
    await page.getByRole('button', { name: 'Оценить на 4 из 5' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Спасибо, оценка учтена|Оценка изменена/ })
      .waitFor();
    await page.waitForFunction(
      (text) => document.querySelector('.rating-summary__text')?.textContent !== text,
      before,
    );
    const afterFirst = await readSummary();
    expect(afterFirst).toMatch(/из 5 · \d+ оцен/);
    expect(await page.getByRole('button', { name: 'Оценить на 4 из 5' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // Voting again changes the vote, not the count.
    const votes = Number(/· (\d+)/.exec(afterFirst)?.[1]);
    await page.getByRole('button', { name: 'Оценить на 1 из 5' }).click();
    await page.getByRole('status').filter({ hasText: 'Оценка изменена' }).waitFor();
    await page.waitForFunction(
      (text) => document.querySelector('.rating-summary__text')?.textContent !== text,
      afterFirst,
    );
    const afterChange = await readSummary();
    expect(Number(/· (\d+)/.exec(afterChange)?.[1])).toBe(votes);
    expect(afterChange).not.toBe(afterFirst);

    await page.reload();
    await summary.waitFor();
    expect(await readSummary()).toBe(afterChange);
    await page.getByRole('group', { name: 'Ваша оценка: 1 из 5' }).waitFor();
  });

  it('writes a shop review: name filled in, stars, the editor with its toolbar, then the thanks', async () => {
    const { page } = browser;
    await signUpInBrowser(page, baseUrl, 'Вероника');
    await page.goto('/reviews.html');
    await page.getByRole('heading', { level: 1, name: 'Отзывы о магазине' }).waitFor();
    await page.getByRole('link', { name: 'Написать отзыв' }).click();
    await page.waitForURL('**/add-review');

    const form = page.getByRole('form', { name: 'Новый отзыв' });
    expect(await form.getByRole('textbox', { name: 'Ваше имя' }).inputValue()).toBe('Вероника');
    // Sent empty: the errors are in Russian, next to their fields.
    await form.getByRole('button', { name: 'Отправить отзыв' }).click();
    await form.getByText('Поставьте оценку от 1 до 5').waitFor();
    await form.getByText('Напишите отзыв').waitFor();

    await form.getByRole('radio', { name: '5 из 5 — отлично' }).focus();
    await page.keyboard.press('Space');
    expect(await form.getByRole('radio', { name: '5 из 5 — отлично' }).isChecked()).toBe(true);
    await form.getByRole('toolbar', { name: 'Оформление текста' }).waitFor();
    await form.getByRole('textbox', { name: 'Отзыв' }).click();
    await page.keyboard.type('Масла пришли быстро, ');
    await form.getByRole('button', { name: 'Жирный' }).click();
    await page.keyboard.type('аромат чудесный');
    expect(await form.getByRole('button', { name: 'Жирный' }).getAttribute('aria-pressed')).toBe('true');
    await form.getByRole('button', { name: 'Отправить отзыв' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Спасибо! Отзыв появится после проверки модератором.' })
      .waitFor();
  });

  it('sends a guest who wants to rate to /login and back', async () => {
    const { page } = browser;
    await page.goto(PRODUCT_URL);
    await page.getByRole('button', { name: 'Оценить на 5 из 5' }).click();
    await page.waitForURL(`**/login?from=${encodeURIComponent(PRODUCT_URL)}`);
  });
});

describe.skipIf(!hasBrowser)('comments on a phone', () => {
  const browser = useBrowser({ width: 390, height: 844 });

  it('keeps every letter typed while the editor replaces the plain box', async () => {
    const { page } = browser;
    await signUpInBrowser(page, baseUrl, 'Злата');
    await delayEditorCode(page);
    expect(await typeWhileTheEditorLoads(page, '/articles/efirnye-masla-dlya-sna.html')).toBe(
      'Очень понравилось!',
    );
  });
});
