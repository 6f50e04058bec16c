// The school end to end: the course list (server-rendered, schema.org Course), a logged-in student enrols in a
// free diploma course, fills the contract, downloads its PDF, uploads a scan watching the progress bar, submits.
import { describe, expect, it } from 'vitest';
import { downloadedBytes, signUpInBrowser } from './journeys/support.ts';
import { baseUrl, hasBrowser, useBrowser } from './support/browser.ts';

const FREE_DIPLOMA = '/seminar_po_aromatherapy/aromaterapiya-v-sestrinskom-dele.html';

/** A scan-sized file that starts like a PNG: big enough for the throttled upload to show its progress. */
function scanPng(bytes: number): Buffer {
  const file = Buffer.alloc(bytes, 0x41);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(file);
  return file;
}

describe('the course list', () => {
  it('is rendered on the server with a schema.org Course for every course', async () => {
    const response = await fetch(`${baseUrl}/seminar_po_aromatherapy.html`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1>Школа ароматерапии</h1>');
    const blocks = [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
      (match) => JSON.parse(match[1]!),
    );
    const list = blocks.find((block) => block['@type'] === 'ItemList');
    expect(list.itemListElement.length).toBeGreaterThanOrEqual(4);
    expect(list.itemListElement[0].item['@type']).toBe('Course');
    expect(list.itemListElement[0].item.offers.priceCurrency).toBe('RUB');
  });
});

describe.skipIf(!hasBrowser)('a diploma course for a logged-in student', () => {
  const browser = useBrowser();

  it('enrols, fills the contract, downloads the PDF, uploads a scan with progress, submits', async () => {
    const { page, context } = browser;
    // A slow uplink (600 KB/s), so the upload takes seconds and its progress bar can be seen moving.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 600 * 1024,
    });
    await signUpInBrowser(page, baseUrl, 'Анна');

    await page.goto('/seminar_po_aromatherapy.html');
    await page
      .getByRole('link', { name: 'Ароматерапия в сестринском деле: профессиональная переподготовка' })
      .click();
    await page.waitForURL(`**${FREE_DIPLOMA}`);
    await page.getByRole('heading', { level: 2, name: 'Программа' }).waitFor();
    await page.getByRole('button', { name: 'Записаться бесплатно' }).click();
    await page.waitForURL('**/my-courses');
    await page.getByText('Скоро начало').waitFor();

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
    // A mistyped SNILS is caught with a Russian message first.
    await contract.getByRole('textbox', { name: 'СНИЛС' }).fill('112-233-445 96');
    await contract.getByRole('button', { name: 'Сохранить данные' }).click();
    await contract.getByText('Проверьте СНИЛС: контрольное число не сходится').waitFor();
    await contract.getByRole('textbox', { name: 'СНИЛС' }).fill('112-233-445 95');
    await contract.getByRole('button', { name: 'Сохранить данные' }).click();
    await page.getByText('Данные для договора сохранены').waitFor();

    // The contract PDF, filled with that data.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      contract.getByRole('button', { name: 'Скачать договор (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Договор об обучении.pdf');
    const pdf = await downloadedBytes(download);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const upload = page.getByRole('form', { name: 'Загрузка документа' });
    await upload.getByLabel('Что загружаете').selectOption('passport');
    await upload
      .getByLabel(/Файл: PDF, JPEG или PNG/)
      .setInputFiles({ name: 'паспорт.png', mimeType: 'image/png', buffer: scanPng(1_500_000) });
    await upload.getByRole('button', { name: 'Загрузить' }).click();
    await page.getByRole('progressbar', { name: 'Загрузка файла' }).waitFor({ state: 'visible' });
    await page.getByText('Документ загружен', { exact: true }).waitFor({ timeout: 30_000 });
    const documents = page.getByRole('list', { name: 'Загруженные документы' });
    await documents.getByText('паспорт.png').waitFor();
    expect(await page.getByRole('progressbar').count()).toBe(0);

    // The other required scans, then the set goes for review and is locked.
    for (const type of ['education', 'contract', 'application', 'consent']) {
      await upload.getByLabel('Что загружаете').selectOption(type);
      await upload
        .getByLabel(/Файл: PDF, JPEG или PNG/)
        .setInputFiles({ name: `${type}.png`, mimeType: 'image/png', buffer: scanPng(20_000) });
      await upload.getByRole('button', { name: 'Загрузить' }).click();
      await documents.getByText(`${type}.png`).waitFor();
    }
    await page.getByRole('button', { name: 'Отправить документы на проверку' }).click();
    await page.getByRole('status').filter({ hasText: 'На проверке' }).waitFor();
    expect(await page.getByRole('form', { name: 'Загрузка документа' }).count()).toBe(0);
    expect(await documents.getByRole('button', { name: /^Удалить/ }).count()).toBe(0);
  });
});
