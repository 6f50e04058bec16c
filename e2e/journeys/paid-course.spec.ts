// Journey 5 (issue 16): a customer signs in from a paid diploma course's page, enrols, pays 64 000 ₽ on the
// built-in test gateway (the offline stand-in for YooKassa), fills the contract and downloads its PDF (with her
// name in it), uploads the required scans and sends them; a moderator accepts them in the back office; the student
// then sees «Документы приняты» and the moderator's comment on /my-courses.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, useBrowser, waitForAppOnLoads } from '../support/browser.ts';
import {
  downloadedBytes,
  type JourneyShop,
  pdfText,
  plain,
  rub,
  ShopApi,
  signUpInBrowser,
  startJourneyShop,
} from './support.ts';

const COURSE_TITLE = 'Ароматерапевт-консультант: профессиональная переподготовка';
const COURSE_URL = '/seminar_po_aromatherapy/aromaterapevt-konsultant.html';
const PRICE = 64_000;

/** A small file that starts like a PNG, as a phone's scan would. */
function scanPng(bytes: number): Buffer {
  const file = Buffer.alloc(bytes, 0x41);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(file);
  return file;
}

describe.skipIf(!hasBrowser)('journey: a paid diploma course from payment to accepted documents', () => {
  const browser = useBrowser();
  let shop: JourneyShop;
  let moderatorContext: BrowserContext | undefined;

  beforeAll(async () => {
    shop = await startJourneyShop({ MODERATOR_IDS: '1' });
  });
  afterEach(async () => {
    await moderatorContext?.close();
  });
  afterAll(async () => {
    await shop?.dispose();
  });

  it('enrols, pays by card, gets the contract, sends the scans and sees them accepted', async () => {
    // The school's moderator has the first account of this shop (MODERATOR_IDS=1) and works in her own browser.
    moderatorContext = await (browser.context.browser() as Browser).newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'ru-RU',
    });
    const moderator = waitForAppOnLoads(await moderatorContext.newPage());
    expect((await signUpInBrowser(moderator, shop.url, 'Марина')).id).toBe(1);

    // Анна has an account already; she comes to the course page as a guest.
    const student = new ShopApi(shop.url);
    await student.register('Анна', 'student');
    const { page } = browser;
    await page.goto(`${shop.url}/seminar_po_aromatherapy.html`);
    await page.getByRole('link', { name: COURSE_TITLE }).first().click();
    await page.waitForURL(`**${COURSE_URL}`);
    const enrolBox = page.getByRole('complementary', { name: 'Запись на курс' });
    expect(plain(await enrolBox.locator('.enrol-box__price').textContent())).toBe(rub(PRICE));

    // «Войти и записаться» → the login form → back on the course page, logged in.
    await enrolBox.getByRole('link', { name: 'Войти и записаться' }).click();
    await page.waitForURL('**/login?from=**');
    const login = page.getByRole('form', { name: 'Вход' });
    await login.getByRole('textbox', { name: 'E-mail' }).fill(student.email);
    await login.getByRole('textbox', { name: 'Пароль', exact: true }).fill('лавандовое-поле-2026');
    await login.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(`**${COURSE_URL}`);
    await page.getByRole('link', { name: 'Личный кабинет: Анна' }).waitFor();

    // Enrolment of a paid course goes straight to the card payment: the gateway asks for 64 000 ₽.
    await enrolBox.getByRole('button', { name: `Записаться и оплатить ${rub(PRICE)}` }).click();
    await page.waitForURL('**/test-gateway/pay/**');
    expect(plain(await page.getByRole('heading', { level: 1 }).textContent())).toBe(
      `К оплате: ${rub(PRICE)}`,
    );
    await page.getByRole('button', { name: 'Оплатить' }).click();

    // Back in the shop: paid, and told where the course is (nothing is packed or shipped for a course).
    await page.waitForURL('**/yookassa?order=*');
    const paid = page.locator('.payment-result--paid');
    await paid.getByRole('heading', { level: 1, name: 'Оплата прошла' }).waitFor();
    const orderNumber = plain(await paid.locator('dd').first().textContent()).split(' от ')[0]!;
    expect(orderNumber).toMatch(/^ЭФ-\d{6}$/);
    expect(plain(await paid.locator('h1 + p').textContent())).toBe(
      `Спасибо! Мы получили ${rub(PRICE)} за заказ ${orderNumber}. Курс открыт — он в «Моих курсах», чек придёт на ${student.email}.`,
    );

    // «Мои курсы»: the course is on, with its order; the documents section waits for the contract.
    await paid.getByRole('link', { name: 'Мои курсы' }).click();
    await page.waitForURL('**/my-courses');
    const course = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: COURSE_TITLE }) });
    await course.getByText('Скоро начало', { exact: true }).waitFor();
    await course.getByText(new RegExp(`· заказ ${orderNumber}`)).waitFor();
    expect(await course.getByRole('button', { name: /^Оплатить/ }).count()).toBe(0);
    await page.getByRole('heading', { level: 2, name: 'Документы для диплома' }).waitFor();
    await page.locator('.diploma-state').getByText('Собираете документы').waitFor();

    // The contract data, as in the passport.
    const contract = page.getByRole('form', { name: '1. Данные для договора' });
    await contract.getByRole('textbox', { name: 'Фамилия' }).fill('Смирнова');
    await contract.getByRole('textbox', { name: 'Имя', exact: true }).fill('Анна');
    await contract.getByRole('textbox', { name: 'Отчество' }).fill('Сергеевна');
    await contract.getByLabel('Дата рождения').fill('1990-04-12');
    await contract.getByLabel('Образование').selectOption('higher');
    await contract.getByRole('textbox', { name: 'Серия паспорта' }).fill('45 12');
    await contract.getByRole('textbox', { name: 'Номер паспорта' }).fill('345678');
    await contract.getByLabel('Дата выдачи').fill('2012-05-03');
    await contract.getByRole('textbox', { name: 'Кем выдан' }).fill('ГУ МВД России по г. Москве');
    await contract.getByRole('textbox', { name: 'Код подразделения' }).fill('770-001');
    await contract
      .getByRole('textbox', { name: 'Адрес регистрации' })
      .fill('115054, г. Москва, ул. Дубининская, д. 57, кв. 12');
    await contract.getByRole('textbox', { name: 'СНИЛС' }).fill('112-233-445 95');
    await contract.getByRole('button', { name: 'Сохранить данные' }).click();
    await page.getByText('Данные для договора сохранены').waitFor();

    // The contract PDF: a real PDF, made out to her, for this course and this price.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      contract.getByRole('button', { name: 'Скачать договор (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Договор об обучении.pdf');
    const pdf = await downloadedBytes(download);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(pdf)).replace(/\s+/g, '');
    expect(text).toContain('СмирноваАннаСергеевна');
    expect(text).toContain(`«${COURSE_TITLE}»`.replace(/\s+/g, ''));
    expect(text).toContain(rub(PRICE).replace(/\s+/g, ''));

    // The required scans, then the set goes for review.
    const upload = page.getByRole('form', { name: 'Загрузка документа' });
    const documents = page.getByRole('list', { name: 'Загруженные документы' });
    for (const type of ['passport', 'education', 'contract', 'application', 'consent']) {
      await upload.getByLabel('Что загружаете').selectOption(type);
      await upload
        .getByLabel(/Файл: PDF, JPEG или PNG/)
        .setInputFiles({ name: `${type}.png`, mimeType: 'image/png', buffer: scanPng(20_000) });
      await upload.getByRole('button', { name: 'Загрузить' }).click();
      await documents.getByText(`${type}.png`).waitFor();
    }
    await page.getByRole('button', { name: 'Отправить документы на проверку' }).click();
    await page
      .locator('.diploma-state')
      .getByText(/^На проверке/)
      .waitFor();

    // The moderator's queue «Модерация → Документы»: Анна's set (titled by her account's name), with the contract
    // data and the five scans; the moderator accepts it with a word for the student.
    await moderator.goto(`${shop.url}/admin/moderation/documents`);
    const set = moderator
      .getByRole('listitem')
      .filter({ has: moderator.getByRole('heading', { name: 'Анна', exact: true }) });
    await set.getByText('На проверке', { exact: true }).waitFor();
    await set.getByText(new RegExp(`${student.email.replace(/[.]/g, '\\.')} · ${COURSE_TITLE}`)).waitFor();
    await set.getByText('Смирнова Анна Сергеевна', { exact: true }).waitFor();
    expect(await set.getByRole('list', { name: 'Документы: Анна' }).getByRole('listitem').count()).toBe(5);
    await set
      .getByRole('textbox', { name: 'Комментарий студенту (обязателен при возврате)' })
      .fill('Документы в порядке, ждём вас на первом занятии.');
    await set.getByRole('button', { name: 'Принять' }).click();
    await moderator.getByText('Здесь пока пусто.').waitFor();
    await moderator.getByRole('button', { name: 'Приняты' }).click();
    await set.getByText('Документы приняты', { exact: true }).waitFor();

    // Анна's «Мои курсы»: accepted, with the comment, and the set can no longer be changed.
    await page.reload();
    await page.locator('.diploma-state').getByText('Документы приняты', { exact: true }).waitFor();
    await page.getByText('Комментарий учебной части').waitFor();
    await page.getByText('Документы в порядке, ждём вас на первом занятии.').waitFor();
    expect(await page.getByRole('form', { name: 'Загрузка документа' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Отправить документы на проверку' }).count()).toBe(0);
    await course.getByText('Скоро начало', { exact: true }).waitFor();
  });
});
