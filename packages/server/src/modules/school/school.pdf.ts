// PDFs of the school: the filled contract, blank forms to sign, and the programme annex. pdfkit with DejaVu Sans
// (installed from npm, resolved as a package file so it works from src/ and from the bundled dist/ alike).
import { createRequire } from 'node:module';
import { formatDateLong } from '@efir/domain/dates';
import { formatRub } from '@efir/domain/money';
import { formatCount } from '@efir/domain/plural';
import {
  COURSE_FORMATS,
  COURSE_OUTCOMES,
  type ContractData,
  DIPLOMA_TEMPLATES,
  type DiplomaTemplate,
  EDUCATION_LEVELS,
  HOUR_FORMS,
} from '@efir/domain/school-schemas';
import { SHOP_REQUISITES } from '@efir/domain/shop-info';
import PDFDocument from 'pdfkit';
import type { CourseRow } from './school.repo.ts';

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const SCHOOL_NAME = 'Школа ароматерапии «Эфир»';
const MARGIN = 56;

type Doc = InstanceType<typeof PDFDocument>;

/** Draws with `draw` and resolves to the finished file. */
function renderPdf(title: string, draw: (doc: Doc) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: title, Author: SCHOOL_NAME, Creator: SCHOOL_NAME },
    lang: 'ru-RU',
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  doc.font('regular').fontSize(10.5);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

function heading(doc: Doc, text: string, size = 15) {
  doc.font('bold').fontSize(size).text(text, { align: 'center' });
  doc.moveDown(0.6).font('regular').fontSize(10.5);
}

function subheading(doc: Doc, text: string) {
  doc.moveDown(0.5).font('bold').fontSize(11.5).text(text);
  doc.moveDown(0.25).font('regular').fontSize(10.5);
}

function paragraph(doc: Doc, text: string) {
  doc.text(text, { align: 'justify' });
  doc.moveDown(0.35);
}

/** «Label: value» lines of a form. */
function fieldLine(doc: Doc, label: string, value: string) {
  doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);
}

/** A blank line to fill by hand, with its caption. */
function blankLine(doc: Doc, label: string) {
  doc.text(label);
  const y = doc.y + 14;
  doc
    .moveTo(MARGIN, y)
    .lineTo(doc.page.width - MARGIN, y)
    .lineWidth(0.5)
    .strokeColor('#777777')
    .stroke();
  doc.y = y + 8;
}

function signatures(doc: Doc, student: string) {
  doc.moveDown(1.2);
  doc.text(`Слушатель: ____________________ / ${student}`);
  doc.moveDown(0.6);
  doc.text('Дата: «____» ______________ 20____ г.');
}

function studentFullName(data: ContractData): string {
  return [data.fam, data.name, data.otch].filter(Boolean).join(' ');
}

function courseDates(course: CourseRow): string {
  return `с ${formatDateLong(course.startsAt)} по ${formatDateLong(course.endsAt)}`;
}

export interface ContractContext {
  number: string;
  date: Date;
  course: CourseRow;
}

/** The contract for paid educational services, filled with the student's data (GET /v1/user/diplom/contract). */
export function renderContractPdf(data: ContractData, context: ContractContext): Promise<Buffer> {
  const { course } = context;
  const student = studentFullName(data);
  return renderPdf(`Договор ${context.number}`, (doc) => {
    heading(doc, `Договор № ${context.number}\nоб оказании платных образовательных услуг`);
    doc.text(`г. Москва`, { continued: true }).text(formatDateLong(context.date), { align: 'right' });
    doc.moveDown(0.8);
    paragraph(
      doc,
      `${SHOP_REQUISITES.company} (${SCHOOL_NAME}), именуемое в дальнейшем «Исполнитель», с одной стороны, и ${student}, именуемый(ая) в дальнейшем «Слушатель», с другой стороны, заключили настоящий договор о нижеследующем.`,
    );
    subheading(doc, '1. Предмет договора');
    paragraph(
      doc,
      `1.1. Исполнитель обучает Слушателя по дополнительной профессиональной программе «${course.title}» (${formatCount(course.hours, HOUR_FORMS)}), форма обучения: ${COURSE_FORMATS[course.format].toLowerCase()}, сроки обучения: ${courseDates(course)}.`,
    );
    paragraph(
      doc,
      `1.2. После освоения программы и успешной итоговой аттестации Слушатель получает документ: ${COURSE_OUTCOMES[course.outcome].toLowerCase()}.`,
    );
    paragraph(
      doc,
      '1.3. Учебный план программы приведён в приложении № 1, которое является частью договора.',
    );
    subheading(doc, '2. Стоимость и порядок оплаты');
    paragraph(
      doc,
      course.price > 0
        ? `2.1. Стоимость обучения — ${formatRub(course.price)}, НДС не облагается. Оплата производится до начала обучения банковской картой на сайте или по счёту.`
        : '2.1. Обучение проводится бесплатно для Слушателя: его оплачивает грант на развитие дополнительного профессионального образования.',
    );
    subheading(doc, '3. Права и обязанности сторон');
    paragraph(
      doc,
      '3.1. Исполнитель проводит занятия по расписанию, предоставляет учебные материалы и выдаёт документ об обучении. 3.2. Слушатель посещает занятия, выполняет задания учебного плана и представляет документы, необходимые для зачисления и выдачи диплома.',
    );
    subheading(doc, '4. Данные Слушателя');
    fieldLine(doc, 'ФИО', student);
    fieldLine(doc, 'Дата рождения', formatDateLong(`${data.birth_date}T12:00:00Z`));
    fieldLine(doc, 'Паспорт', `серия ${data.passport_series} № ${data.passport_number}`);
    fieldLine(
      doc,
      'Выдан',
      `${data.passport_issued_by}, ${formatDateLong(`${data.passport_issued_at}T12:00:00Z`)}, код подразделения ${data.passport_code}`,
    );
    fieldLine(doc, 'Адрес регистрации', data.address);
    fieldLine(doc, 'СНИЛС', data.snils);
    fieldLine(doc, 'Образование', EDUCATION_LEVELS[data.education]);
    subheading(doc, '5. Исполнитель');
    doc.text(`${SHOP_REQUISITES.company}, ИНН ${SHOP_REQUISITES.inn}, КПП ${SHOP_REQUISITES.kpp}`);
    doc.text(`ОГРН ${SHOP_REQUISITES.ogrn}, ${SHOP_REQUISITES.address}`);
    doc.text(`Р/с ${SHOP_REQUISITES.account} в ${SHOP_REQUISITES.bank}, БИК ${SHOP_REQUISITES.bik}`);
    doc.moveDown(1);
    doc.text('Исполнитель: ____________________ / директор');
    signatures(doc, student);
  });
}

/** A blank form to print, sign and upload back (POST /v1/user/diplom/document_tmp). */
export function renderTemplatePdf(type: DiplomaTemplate, course: CourseRow | null): Promise<Buffer> {
  const title = DIPLOMA_TEMPLATES[type];
  const programme = course ? `«${course.title}»` : '________________________________________';
  return renderPdf(title, (doc) => {
    doc.text(`Директору ${SHOP_REQUISITES.company}`, { align: 'right' });
    doc.text('от ______________________________', { align: 'right' });
    doc.moveDown(1.2);
    heading(doc, title);
    switch (type) {
      case 'application':
        paragraph(
          doc,
          `Прошу зачислить меня на обучение по дополнительной профессиональной программе профессиональной переподготовки ${programme}.`,
        );
        paragraph(
          doc,
          'С лицензией на образовательную деятельность, уставом, учебным планом и правилами обучения ознакомлен(а).',
        );
        blankLine(doc, 'Фамилия, имя, отчество');
        blankLine(doc, 'Дата рождения');
        blankLine(doc, 'Телефон и e-mail');
        blankLine(doc, 'Документ об образовании (вид, номер, дата выдачи)');
        break;
      case 'consent':
        paragraph(
          doc,
          `Я, субъект персональных данных, в соответствии с Федеральным законом от 27.07.2006 № 152-ФЗ «О персональных данных» даю согласие ${SHOP_REQUISITES.company} (${SHOP_REQUISITES.address}) на обработку моих персональных данных: фамилии, имени, отчества, даты рождения, паспортных данных, адреса регистрации, СНИЛС, сведений об образовании, телефона и адреса электронной почты.`,
        );
        paragraph(
          doc,
          'Цель обработки: заключение и исполнение договора об образовании, выдача документа об обучении и внесение сведений о нём в федеральный реестр. Согласие действует до достижения цели обработки и может быть отозвано письменным заявлением.',
        );
        blankLine(doc, 'Фамилия, имя, отчество');
        blankLine(doc, 'Паспорт: серия, номер, кем и когда выдан');
        break;
      case 'delivery':
        paragraph(
          doc,
          `Прошу выдать диплом о профессиональной переподготовке по программе ${programme} следующим способом (нужное отметить):`,
        );
        doc.text('□ лично в учебной студии «Эфира» в Москве');
        doc.text('□ заказным письмом Почтой России по адресу:');
        doc.moveDown(0.4);
        blankLine(doc, 'Индекс и адрес доставки');
        blankLine(doc, 'Фамилия, имя, отчество получателя');
        break;
    }
    signatures(doc, '____________________');
  });
}

export interface AnnexContext {
  number: string;
  course: CourseRow;
  teacher: string | null;
}

/** Annex № 1 to the contract: the curriculum of the student's course (GET /v1/user/diplom/annex/{id}). */
export function renderAnnexPdf(context: AnnexContext): Promise<Buffer> {
  const { course } = context;
  return renderPdf(`Приложение № 1 к договору ${context.number}`, (doc) => {
    doc.text(`Приложение № 1 к договору № ${context.number}`, { align: 'right' });
    doc.moveDown(1);
    heading(doc, `Учебный план программы\n«${course.title}»`, 14);
    fieldLine(doc, 'Объём', formatCount(course.hours, HOUR_FORMS));
    fieldLine(doc, 'Форма обучения', COURSE_FORMATS[course.format]);
    fieldLine(doc, 'Сроки', courseDates(course));
    fieldLine(doc, 'Расписание', course.schedule);
    if (context.teacher) fieldLine(doc, 'Преподаватель', context.teacher);
    fieldLine(doc, 'Документ по окончании', COURSE_OUTCOMES[course.outcome]);
    doc.moveDown(0.6);
    course.programme.forEach((module, index) => {
      subheading(doc, `${index + 1}. ${module.title} — ${formatCount(module.hours, HOUR_FORMS)}`);
      for (const topic of module.topics) doc.text(`• ${topic}`, { indent: 12 });
    });
    doc.moveDown(0.6);
    doc.font('bold').text(`Итого: ${formatCount(course.hours, HOUR_FORMS)}`);
  });
}
