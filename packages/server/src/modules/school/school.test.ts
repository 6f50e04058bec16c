// The school end to end through the real app: courses, enrolment (free at once, paid through the test gateway with
// a `service` receipt item), seats that never go below zero under concurrent enrolment (PostgreSQL when
// TEST_DATABASE_URL is set), the contract and its PDF (text read back), blank forms, the annex, uploads checked by
// their bytes, ownership (404 for someone else's id), submitting, and the moderators' review with its audit entry.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../back-office/admin.table.ts';
import { outbox } from '../../features/mail/mail.table.ts';
import { orderLines, orders } from '../../features/orders/orders.table.ts';
import { testGatewayPayments } from '../../features/payments/payments.table.ts';
import { courseUrl } from '../../seed/school.seed.ts';
import { MODERATOR_ENV, signInAs, TEST_MODERATOR_ID } from '../../test/moderator.ts';
import { createTestAgent, type TestAgent } from '../../test/test-agent.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { courses } from './school.table.ts';

let testApp: TestApp;
let dataDir: string;
const course: Record<string, typeof courses.$inferSelect> = {};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'efir-school-'));
  testApp = await createTestApp({ env: { ...MODERATOR_ENV, DATA_DIR: dataDir } });
  for (const row of await testApp.database.db.select().from(courses)) course[row.url] = row;
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const freeIntro = () => course[courseUrl('pervoe-znakomstvo-s-efirnymi-maslami')]!;
const paidCertificate = () => course[courseUrl('aromaterapiya-s-nulya')]!;
const freeDiploma = () => course[courseUrl('aromaterapiya-v-sestrinskom-dele')]!;

const CONTRACT = {
  fam: 'Смирнова',
  name: 'Анна',
  otch: 'Сергеевна',
  birth_date: '1990-04-12',
  passport_series: '45 12',
  passport_number: '345678',
  passport_issued_by: 'ГУ МВД России по г. Москве',
  passport_issued_at: '2012-05-03',
  passport_code: '770-001',
  address: '115054, г. Москва, ул. Дубининская, д. 57, кв. 12',
  snils: '112-233-445 95',
  education: 'higher',
};

async function call(agent: TestAgent, method: string, url: string, payload?: unknown) {
  const response = await agent.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return response;
}

async function student(): Promise<TestAgent> {
  const agent = createTestAgent(testApp.app);
  await agent.register({ fam: 'Смирнова' });
  return agent;
}

async function enrol(agent: TestAgent, courseId: number) {
  return call(agent, 'POST', '/v1/user/course', { course_id: courseId });
}

async function seatsLeft(id: number): Promise<number> {
  const [row] = await testApp.database.db
    .select({ seatsLeft: courses.seatsLeft })
    .from(courses)
    .where(eq(courses.id, id));
  return row!.seatsLeft;
}

async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  let text = '';
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
  }
  await document.destroy();
  return text;
}

const squash = (text: string) => text.replace(/\s+/g, '');

function upload(type: string, content: Buffer, filename: string, contentType: string) {
  const boundary = `----efir${randomBytes(8).toString('hex')}`;
  return {
    method: 'POST',
    url: '/v1/user/diplom/document',
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const scanPdf = (label = 'скан') =>
  Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`);
const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** A student on the free diploma course with the contract filled in. */
async function diplomaStudent(): Promise<TestAgent> {
  const agent = await student();
  expect((await enrol(agent, freeDiploma().id)).statusCode).toBe(200);
  const saved = await call(agent, 'PUT', '/v1/user/diplom/contract', CONTRACT);
  expect(saved.statusCode, saved.body).toBe(200);
  return agent;
}

describe('courses', () => {
  it('lists at least four demo courses of different kinds, each taught by an author', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/courses' });
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(new Set(items.map((item: { format: string }) => item.format))).toEqual(
      new Set(['online', 'moscow']),
    );
    expect(new Set(items.map((item: { outcome: string }) => item.outcome))).toEqual(
      new Set(['certificate', 'diploma']),
    );
    expect(items.some((item: { price: number }) => item.price === 0)).toBe(true);
    for (const item of items) {
      expect(item.teacher?.name).toMatch(/^[А-ЯЁ][а-яё]+ [А-ЯЁ][а-яё]+$/);
      expect(item.programme.reduce((sum: number, module: { hours: number }) => sum + module.hours, 0)).toBe(
        item.hours,
      );
    }
  });

  it('answers one course by its page address, and 404 for an unknown one', async () => {
    const slug = paidCertificate().url.split('/').pop();
    const found = await testApp.app.inject({ method: 'GET', url: `/api/v1/courses/${slug}` });
    expect(found.json().course).toMatchObject({ title: 'Ароматерапия с нуля', price: 14_900 });
    const missing = await testApp.app.inject({ method: 'GET', url: '/api/v1/courses/net-takogo.html' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('enrolment', () => {
  it('needs a login', async () => {
    const guest = createTestAgent(testApp.app);
    expect((await enrol(guest, freeIntro().id)).statusCode).toBe(401);
  });

  it('enrols in a free course at once, takes one seat, and a second click changes nothing', async () => {
    const agent = await student();
    const before = await seatsLeft(freeIntro().id);
    const response = await enrol(agent, freeIntro().id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'enrolled', errors: null, order: null });
    expect(response.json().user.name).toBe('Анна');
    expect((await enrol(agent, freeIntro().id)).json().status).toBe('enrolled');
    expect(await seatsLeft(freeIntro().id)).toBe(before - 1);

    const mine = (await call(agent, 'GET', '/v1/my-courses')).json();
    expect(mine.items).toHaveLength(1);
    // The seeded courses start in days: enrolled, not yet studying.
    expect(mine.items[0]).toMatchObject({ status: 'upcoming', status_name: 'Скоро начало' });
    expect(mine.items[0].course.title).toBe('Первое знакомство с эфирными маслами');
    expect(mine.items[0].materials.length).toBeGreaterThan(0);
    expect(mine.diploma).toBeNull();
  });

  it('a paid course creates an order with a service receipt item and enrols once the gateway says paid', async () => {
    const agent = await student();
    const started = await enrol(agent, paidCertificate().id);
    expect(started.statusCode, started.body).toBe(200);
    const { status, order } = started.json();
    expect(status).toBe('payment');
    expect(order).toMatchObject({ total: 14_900, payment_state: 'awaiting' });
    const [line] = await testApp.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id));
    expect(line).toMatchObject({
      name: 'Курс «Ароматерапия с нуля»',
      sum: 14_900,
      url: paidCertificate().url,
    });
    const [payment] = await testApp.database.db
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.amount, 14_900));
    const receipt = payment!.receipt as { items: Array<{ payment_subject: string }> };
    expect(receipt.items.map((item) => item.payment_subject)).toEqual(['service']);

    // Not yet paid: awaiting payment, no materials; asking again returns the same payment.
    let mine = (await call(agent, 'GET', '/v1/my-courses')).json();
    expect(mine.items[0]).toMatchObject({ status: 'awaiting_payment', materials: [] });
    const again = (await enrol(agent, paidCertificate().id)).json();
    expect(again.order.id).toBe(order.id);
    expect(again.order.confirmation_url).toBe(order.confirmation_url);

    const confirmation = new URL(order.confirmation_url);
    const page = await testApp.app.inject({ method: 'GET', url: confirmation.pathname });
    const token = page.body.match(/name="token" value="([^"]+)"/)?.[1] ?? '';
    const pay = await testApp.app.inject({
      method: 'POST',
      url: confirmation.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `decision=pay&token=${encodeURIComponent(token)}`,
    });
    expect(pay.statusCode).toBe(302);

    mine = (await call(agent, 'GET', '/v1/my-courses')).json();
    expect(mine.items[0]).toMatchObject({
      status: 'upcoming',
      order: { id: order.id, payment_state: 'paid' },
    });
    expect(mine.items[0].materials.length).toBeGreaterThan(0);
    const paid = (await enrol(agent, paidCertificate().id)).json();
    expect(paid).toMatchObject({ status: 'enrolled', order: { id: order.id, confirmation_url: null } });
    const [stored] = await testApp.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored!.paymentState).toBe('paid');

    // A course is not delivered: its order says so, and the payment letter speaks of the course, not shipping.
    const view = (await call(agent, 'GET', `/v1/order/${order.id}/payment`)).json();
    expect(view.order.handover).toBe('course');
    const [letter] = await testApp.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `Оплата заказа ${order.number} получена`));
    expect(letter?.text).toContain('Курс открыт');
    expect(letter?.text).not.toMatch(/отправим|доставк/i);
  });

  it('a course order paid again from /my-orders after a refusal still sends a service receipt item', async () => {
    const agent = await student();
    const { order } = (await enrol(agent, paidCertificate().id)).json();
    const confirmation = new URL(order.confirmation_url);
    const page = await testApp.app.inject({ method: 'GET', url: confirmation.pathname });
    const token = page.body.match(/name="token" value="([^"]+)"/)?.[1] ?? '';
    const refuse = await testApp.app.inject({
      method: 'POST',
      url: confirmation.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `decision=cancel&token=${encodeURIComponent(token)}`,
    });
    expect(refuse.statusCode).toBe(302);

    const retry = await call(agent, 'PUT', '/v1/order/yookassa', { order_id: order.id });
    expect(retry.statusCode, retry.body).toBe(200);
    const attempts = await testApp.database.db
      .select()
      .from(testGatewayPayments)
      .where(eq(testGatewayPayments.amount, 14_900));
    const receipts = attempts.map(
      (payment) => payment.receipt as { items: Array<{ payment_subject: string }> },
    );
    expect(receipts.length).toBeGreaterThanOrEqual(2);
    for (const receipt of receipts) {
      expect(receipt.items.map((item) => item.payment_subject)).toEqual(['service']);
    }
  });

  it('refuses a full course with a field error, and an unknown course id', async () => {
    const agent = await student();
    const full = course[courseUrl('domashnyaya-kosmetika-receptura')]!;
    await testApp.database.db.update(courses).set({ seatsLeft: 0 }).where(eq(courses.id, full.id));
    const refused = await enrol(agent, full.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors.course_id[0]).toMatch(/места заняты/);
    expect(await seatsLeft(full.id)).toBe(0);
    expect((await enrol(agent, 999_999)).statusCode).toBe(422);
    expect((await call(agent, 'POST', '/v1/user/course', { course_id: full.id, price: 0 })).statusCode).toBe(
      422,
    );
  });

  it('concurrent enrolment of 40 students on 7 seats enrols exactly 7 and leaves 0 seats', async () => {
    const target = course[courseUrl('naturalnyj-uhod-za-kozhej')]!;
    await testApp.database.db
      .update(courses)
      .set({ seatsLeft: 7, price: 0 })
      .where(eq(courses.id, target.id));
    const agents = await Promise.all(
      Array.from({ length: 40 }, (_, index) => signInAs(testApp.app, testApp.database.db, 700_001 + index)),
    );
    const results = await Promise.all(agents.map((agent) => enrol(agent, target.id)));
    expect(results.filter((response) => response.statusCode === 200)).toHaveLength(7);
    expect(results.filter((response) => response.statusCode === 409)).toHaveLength(33);
    expect(await seatsLeft(target.id)).toBe(0);
  });
});

describe('the diploma contract', () => {
  it('is only for diploma courses', async () => {
    const agent = await student();
    await enrol(agent, freeIntro().id);
    expect((await call(agent, 'PUT', '/v1/user/diplom/contract', CONTRACT)).statusCode).toBe(409);
  });

  it('checks every field and answers in Russian', async () => {
    const agent = await student();
    await enrol(agent, freeDiploma().id);
    const response = await call(agent, 'PUT', '/v1/user/diplom/contract', {
      ...CONTRACT,
      fam: 'Smirnova',
      birth_date: '2015-01-01',
      passport_series: '45',
      passport_number: '12345x',
      passport_issued_at: '2031-02-30',
      snils: '112-233-445 96',
      education: 'school',
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.fam[0]).toMatch(/русскими буквами/);
    expect(errors.birth_date[0]).toMatch(/с 16 лет/);
    expect(errors.passport_series[0]).toBe('Серия — 4 цифры');
    expect(errors.passport_number[0]).toBe('Номер — 6 цифр');
    expect(errors.passport_issued_at[0]).toBe('Такой даты нет в календаре');
    expect(errors.snils[0]).toMatch(/контрольное число/);
    expect(errors.education[0]).toBe('Выберите уровень образования');
    const extra = await call(agent, 'PUT', '/v1/user/diplom/contract', { ...CONTRACT, price: 0 });
    expect(extra.statusCode).toBe(422);
  });

  it('turns the saved data into a PDF with the student’s Russian name and passport', async () => {
    const agent = await diplomaStudent();
    const response = await call(agent, 'GET', '/v1/user/diplom/contract');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".*"; filename\*=UTF-8''/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = squash(await pdfText(response.rawPayload));
    expect(text).toContain(squash('Смирнова Анна Сергеевна'));
    expect(text).toContain(squash('серия 4512 № 345678'));
    expect(text).toContain(squash('112-233-445 95'));
    expect(text).toContain(squash('«Ароматерапия в сестринском деле: профессиональная переподготовка»'));
    expect(text).toContain(squash('Договор №'));
  });

  it('has no PDF before the form is filled', async () => {
    const agent = await student();
    await enrol(agent, freeDiploma().id);
    expect((await call(agent, 'GET', '/v1/user/diplom/contract')).statusCode).toBe(409);
  });
});

describe('blank forms and the annex', () => {
  it('returns each blank form as a PDF, and refuses an unknown type', async () => {
    const agent = await student();
    await enrol(agent, freeDiploma().id);
    for (const [type, title] of [
      ['application', 'Заявление о зачислении'],
      ['consent', 'Согласие на обработку персональных данных'],
      ['delivery', 'Заявление о способе получения диплома'],
    ]) {
      const response = await call(agent, 'POST', '/v1/user/diplom/document_tmp', { type });
      expect(response.statusCode, type).toBe(200);
      expect(squash(await pdfText(response.rawPayload))).toContain(squash(title!));
    }
    const wrong = await call(agent, 'POST', '/v1/user/diplom/document_tmp', { type: 'passport' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.type[0]).toBe('Выберите бланк из списка');
  });

  it('returns the programme of the student’s own enrolment, and 404 for someone else’s', async () => {
    const agent = await student();
    await enrol(agent, freeDiploma().id);
    const enrolmentId = (await call(agent, 'GET', '/v1/my-courses')).json().items[0].id;
    const annex = await call(agent, 'GET', `/v1/user/diplom/annex/${enrolmentId}`);
    expect(annex.statusCode).toBe(200);
    const text = squash(await pdfText(annex.rawPayload));
    expect(text).toContain(squash('Учебный план программы'));
    expect(text).toContain(squash('Основы клинической ароматерапии'));
    expect(text).toContain(squash('Итого: 250 академических часов'));
    const stranger = await student();
    expect((await call(stranger, 'GET', `/v1/user/diplom/annex/${enrolmentId}`)).statusCode).toBe(404);
  });
});

describe('document uploads', () => {
  it('stores a valid PDF outside the public folders and serves it only to its owner', async () => {
    const agent = await diplomaStudent();
    const content = scanPdf('паспорт');
    const response = await agent.request(upload('passport', content, 'Паспорт Анны.pdf', 'application/pdf'));
    expect(response.statusCode, response.body).toBe(200);
    const [document] = response.json().diploma.documents;
    expect(document).toMatchObject({ type: 'passport', name: 'Паспорт Анны.pdf', size: content.length });

    const stored = await readdir(path.join(dataDir, 'private', 'diploma-documents'), { recursive: true });
    const file = stored.find((name) => name.endsWith('.pdf'));
    expect(file).toMatch(/^\d+\/[0-9a-f]{32}\.pdf$/);

    const download = await call(agent, 'GET', `/v1/user/diplom/document/${document.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Паспорт Анны.pdf')}`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');

    const stranger = await diplomaStudent();
    expect((await call(stranger, 'GET', `/v1/user/diplom/document/${document.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `/v1/user/diplom/document/${document.id}`)).statusCode).toBe(404);
    expect((await call(agent, 'GET', `/v1/user/diplom/document/${document.id}`)).statusCode).toBe(200);
  });

  it('refuses a renamed .exe by its bytes, whatever the name and the declared type', async () => {
    const agent = await diplomaStudent();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), randomBytes(2000)]);
    const response = await agent.request(upload('passport', exe, 'scan.pdf', 'application/pdf'));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file[0]).toBe('Загрузите скан в формате PDF, JPEG или PNG');
    expect((await call(agent, 'GET', '/v1/my-courses')).json().diploma.documents).toEqual([]);
  });

  it('refuses an 11 MB file and keeps nothing of it', async () => {
    const agent = await diplomaStudent();
    const big = Buffer.concat([scanPdf(), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const response = await agent.request(upload('education', big, 'diploma.pdf', 'application/pdf'));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file[0]).toMatch(/больше 10 МБ/);
    expect((await call(agent, 'GET', '/v1/my-courses')).json().diploma.documents).toEqual([]);
  });

  it('refuses an unknown document type', async () => {
    const agent = await diplomaStudent();
    const response = await agent.request(upload('selfie', scanPdf(), 'a.pdf', 'application/pdf'));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.type[0]).toBe('Выберите, что это за документ');
  });

  it('deletes one of the student’s own documents', async () => {
    const agent = await diplomaStudent();
    const uploaded = (await agent.request(upload('snils', PNG_HEADER, 'snils.png', 'image/png'))).json();
    const id = uploaded.diploma.documents[0].id;
    expect(uploaded.diploma.documents[0].mime).toBe('image/png');
    const removed = await call(agent, 'DELETE', `/v1/user/diplom/document/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().diploma.documents).toEqual([]);
    expect((await call(agent, 'GET', `/v1/user/diplom/document/${id}`)).statusCode).toBe(404);
  });
});

describe('submitting and the review', () => {
  it('submits a complete set, locks it, and the moderator returns it with a comment (audited)', async () => {
    const agent = await diplomaStudent();
    const early = await call(agent, 'PUT', '/v1/user/diplom/document');
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.documents[0]).toMatch(/^Не хватает: /);

    for (const type of ['passport', 'education', 'contract', 'application', 'consent']) {
      const response = await agent.request(upload(type, scanPdf(type), `${type}.pdf`, 'application/pdf'));
      expect(response.statusCode, response.body).toBe(200);
    }
    const submitted = await call(agent, 'PUT', '/v1/user/diplom/document');
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().diploma).toMatchObject({ state: 'submitted', editable: false, missing: [] });

    // Locked for the student now.
    const documentId = submitted.json().diploma.documents[0].id;
    expect((await agent.request(upload('snils', scanPdf(), 's.pdf', 'application/pdf'))).statusCode).toBe(
      409,
    );
    expect((await call(agent, 'DELETE', `/v1/user/diplom/document/${documentId}`)).statusCode).toBe(409);
    expect((await call(agent, 'PUT', '/v1/user/diplom/contract', CONTRACT)).statusCode).toBe(409);
    expect((await call(agent, 'PUT', '/v1/user/diplom/document')).statusCode).toBe(409);

    // Not for an ordinary user.
    expect((await call(agent, 'GET', '/api/v1/admin/diploma/sets')).statusCode).toBe(403);

    const moderator = await signInAs(testApp.app, testApp.database.db, TEST_MODERATOR_ID);
    const list = await call(moderator, 'GET', '/api/v1/admin/diploma/sets');
    expect(list.statusCode).toBe(200);
    const set = list
      .json()
      .items.find((item: { contract: { fam: string } | null; documents: unknown[] }) =>
        item.documents.some((document) => (document as { id: number }).id === documentId),
      );
    expect(set).toMatchObject({ state: 'submitted', contract: { fam: 'Смирнова' } });
    const file = await call(moderator, 'GET', `/api/v1/admin/diploma/documents/${documentId}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);

    const noComment = await call(moderator, 'PUT', `/api/v1/admin/diploma/sets/${set.user_id}`, {
      decision: 'return',
    });
    expect(noComment.statusCode).toBe(422);
    const returned = await call(moderator, 'PUT', `/api/v1/admin/diploma/sets/${set.user_id}`, {
      decision: 'return',
      comment: 'Скан паспорта нечитаемый — загрузите, пожалуйста, ещё раз',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const [entry] = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'diploma.return'), eq(auditLog.entityId, String(set.user_id))));
    expect(entry).toMatchObject({ userId: TEST_MODERATOR_ID, entity: 'diploma' });
    expect(entry!.after).toMatchObject({ state: 'returned' });

    // The student sees the comment and may change the set again, then resubmit; the moderator accepts.
    const mine = (await call(agent, 'GET', '/v1/my-courses')).json().diploma;
    expect(mine).toMatchObject({ state: 'returned', state_name: 'Возвращены на доработку', editable: true });
    expect(mine.comment).toMatch(/Скан паспорта нечитаемый/);
    expect((await call(agent, 'DELETE', `/v1/user/diplom/document/${documentId}`)).statusCode).toBe(200);
    await agent.request(upload('passport', scanPdf('новый'), 'passport-2.pdf', 'application/pdf'));
    expect((await call(agent, 'PUT', '/v1/user/diplom/document')).statusCode).toBe(200);
    const accepted = await call(moderator, 'PUT', `/api/v1/admin/diploma/sets/${set.user_id}`, {
      decision: 'accept',
    });
    expect(accepted.json().diploma.state).toBe('accepted');
    const again = await call(moderator, 'PUT', `/api/v1/admin/diploma/sets/${set.user_id}`, {
      decision: 'accept',
    });
    expect(again.statusCode).toBe(409);
  });
});
