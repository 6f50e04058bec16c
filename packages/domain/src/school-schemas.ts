// The aromatherapy school (spec §2 /seminar_po_aromatherapy.html, /my-courses; §7 user/course and user/diplom/*):
// enrolment, the diploma contract form, the document kinds and the wire shapes, shared by server and web.
import { calculateAge, getMoscowToday, idField, userWireSchema } from './account-schemas.ts';
import { imageRefSchema } from './catalog-wire.ts';
import type { PluralForms } from './plural.ts';
import { z } from './zod-ru.ts';

export const SCHOOL_URL = '/seminar_po_aromatherapy.html';
/** Each course has its page under this prefix: /seminar_po_aromatherapy/<slug>.html. */
export const COURSE_URL_PREFIX = '/seminar_po_aromatherapy/';
export const COURSE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*\.html$/;

export const HOUR_FORMS: PluralForms = ['академический час', 'академических часа', 'академических часов'];
export const SEAT_FORMS: PluralForms = ['место', 'места', 'мест'];

export const COURSE_FORMATS = { online: 'Онлайн', moscow: 'Очно в Москве' } as const;
export type CourseFormat = keyof typeof COURSE_FORMATS;

/** What the graduate receives; a diploma of professional retraining needs the documents flow. */
export const COURSE_OUTCOMES = {
  certificate: 'Сертификат школы',
  diploma: 'Диплом о профессиональной переподготовке',
} as const;
export type CourseOutcome = keyof typeof COURSE_OUTCOMES;

export const ENROLMENT_STATUSES = {
  awaiting_payment: 'Ожидает оплаты',
  /** Paid (or free) and the course has not started yet. */
  upcoming: 'Скоро начало',
  active: 'Идёт обучение',
  completed: 'Завершён',
} as const;
export type EnrolmentStatus = keyof typeof ENROLMENT_STATUSES;

/** POST /v1/user/course. */
export const enrolSchema = z.strictObject({ course_id: idField });

export const EDUCATION_LEVELS = {
  higher: 'Высшее образование',
  secondary_vocational: 'Среднее профессиональное образование',
  student: 'Студент вуза или колледжа',
} as const;
export type EducationLevel = keyof typeof EDUCATION_LEVELS;

/** Blank forms the student prints, signs and uploads back (POST /v1/user/diplom/document_tmp {type}). */
export const DIPLOMA_TEMPLATES = {
  application: 'Заявление о зачислении',
  consent: 'Согласие на обработку персональных данных',
  delivery: 'Заявление о способе получения диплома',
} as const;
export type DiplomaTemplate = keyof typeof DIPLOMA_TEMPLATES;
export const documentTemplateSchema = z.strictObject({
  type: z.enum(Object.keys(DIPLOMA_TEMPLATES) as [DiplomaTemplate, ...DiplomaTemplate[]], {
    error: 'Выберите бланк из списка',
  }),
});

/** Kinds of uploaded scans; the ones marked required must be there before the set can be submitted. */
export const DIPLOMA_DOCUMENT_TYPES = {
  passport: { name: 'Паспорт: разворот с фото и страница с пропиской', required: true },
  education: { name: 'Диплом об образовании (или справка с места учёбы)', required: true },
  contract: { name: 'Подписанный договор', required: true },
  application: { name: 'Подписанное заявление о зачислении', required: true },
  consent: { name: 'Подписанное согласие на обработку персональных данных', required: true },
  snils: { name: 'СНИЛС', required: false },
  name_change: { name: 'Документ о смене фамилии', required: false },
} as const;
export type DiplomaDocumentType = keyof typeof DIPLOMA_DOCUMENT_TYPES;
export const DIPLOMA_DOCUMENT_TYPE_IDS = Object.keys(DIPLOMA_DOCUMENT_TYPES) as [
  DiplomaDocumentType,
  ...DiplomaDocumentType[],
];
export const REQUIRED_DIPLOMA_DOCUMENTS = DIPLOMA_DOCUMENT_TYPE_IDS.filter(
  (type) => DIPLOMA_DOCUMENT_TYPES[type].required,
);
export const documentTypeField = z.enum(DIPLOMA_DOCUMENT_TYPE_IDS, {
  error: 'Выберите, что это за документ',
});

export const DIPLOMA_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DIPLOMA_DOCUMENT_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
/** One student keeps at most this many files in the set. */
export const DIPLOMA_DOCUMENT_LIMIT = 20;

/** The state of the student's set of documents; a submitted or accepted set is read-only for the student. */
export const DIPLOMA_SET_STATES = {
  draft: 'Собираете документы',
  submitted: 'На проверке',
  returned: 'Возвращены на доработку',
  accepted: 'Документы приняты',
} as const;
export type DiplomaSetState = keyof typeof DIPLOMA_SET_STATES;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const dateField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(DATE_PATTERN, 'Дата в формате ГГГГ-ММ-ДД')
    .refine(isRealDate, 'Такой даты нет в календаре');

const textField = (required: string, min: number, max: number, tooShort: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(min, tooShort)
    .max(max, `Не длиннее ${max} символов`);

const personName = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(60, 'Не длиннее 60 символов')
    .regex(/^[А-ЯЁа-яё]+(?:[ '’-][А-ЯЁа-яё]+)*$/u, 'Как в паспорте: русскими буквами');

/** SNILS control number: Σ digit × weight (9…1), taken modulo 101, 100 counting as 00 (numbers above 001-001-998). */
export function isValidSnils(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 11) return false;
  const number = digits.slice(0, 9);
  const control = Number(digits.slice(9));
  if (Number(number) <= 1_001_998) return true;
  let sum = 0;
  for (let index = 0; index < 9; index++) sum += Number(number[index]) * (9 - index);
  let expected = sum % 101;
  if (expected === 100) expected = 0;
  return expected === control;
}

/** «112-233-445 95», the way it is printed on the card. */
export function formatSnils(value: string): string {
  const d = value.replace(/\D/g, '');
  return d.length === 11 ? `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6, 9)} ${d.slice(9)}` : value;
}

/** PUT /v1/user/diplom/contract: the student's data for the contract, as written in the passport. */
export const contractSchema = z
  .strictObject({
    fam: personName('Укажите фамилию'),
    name: personName('Укажите имя'),
    otch: z
      .string()
      .trim()
      .max(60, 'Не длиннее 60 символов')
      .regex(/^([А-ЯЁа-яё]+(?:[ '’-][А-ЯЁа-яё]+)*)?$/u, 'Как в паспорте: русскими буквами')
      .default(''),
    birth_date: dateField('Укажите дату рождения').refine((value) => {
      const today = getMoscowToday();
      const age = calculateAge(value, today);
      return value < today && age >= 16 && age <= 100;
    }, 'Проверьте дату рождения: учиться можно с 16 лет'),
    passport_series: z
      .string({ error: 'Укажите серию паспорта' })
      .transform((value) => value.replace(/\s/g, ''))
      .pipe(
        z
          .string()
          .min(1, 'Укажите серию паспорта')
          .regex(/^\d{4}$/, 'Серия — 4 цифры'),
      ),
    passport_number: z
      .string({ error: 'Укажите номер паспорта' })
      .transform((value) => value.replace(/\s/g, ''))
      .pipe(
        z
          .string()
          .min(1, 'Укажите номер паспорта')
          .regex(/^\d{6}$/, 'Номер — 6 цифр'),
      ),
    passport_issued_by: textField(
      'Укажите, кем выдан паспорт',
      5,
      300,
      'Напишите, кем выдан, как в паспорте',
    ),
    passport_issued_at: dateField('Укажите дату выдачи паспорта').refine(
      (value) => value <= getMoscowToday(),
      'Дата выдачи не может быть в будущем',
    ),
    passport_code: z
      .string({ error: 'Укажите код подразделения' })
      .trim()
      .regex(/^\d{3}-?\d{3}$/, 'Код подразделения — 6 цифр, например 770-001')
      .transform((value) => `${value.replace('-', '').slice(0, 3)}-${value.replace('-', '').slice(3)}`),
    address: textField('Укажите адрес регистрации', 10, 300, 'Адрес полностью: индекс, город, улица, дом'),
    snils: z
      .string({ error: 'Укажите СНИЛС' })
      .trim()
      .min(1, 'Укажите СНИЛС')
      .refine((value) => /^[\d\s-]+$/.test(value) && value.replace(/\D/g, '').length === 11, {
        message: 'СНИЛС — 11 цифр, например 112-233-445 95',
      })
      .refine(isValidSnils, 'Проверьте СНИЛС: контрольное число не сходится')
      .transform(formatSnils),
    education: z.enum(Object.keys(EDUCATION_LEVELS) as [EducationLevel, ...EducationLevel[]], {
      error: 'Выберите уровень образования',
    }),
  })
  .superRefine((form, context) => {
    if (calculateAge(form.birth_date, form.passport_issued_at) < 14) {
      context.addIssue({
        code: 'custom',
        path: ['passport_issued_at'],
        message: 'Паспорт выдают с 14 лет: проверьте дату выдачи',
      });
    }
  });
export type ContractForm = z.input<typeof contractSchema>;
export type ContractData = z.output<typeof contractSchema>;
export const CONTRACT_FIELDS = [
  'fam',
  'name',
  'otch',
  'birth_date',
  'passport_series',
  'passport_number',
  'passport_issued_by',
  'passport_issued_at',
  'passport_code',
  'address',
  'snils',
  'education',
] as const;

// Answers (docs/decisions/031): the server's `response` schemas, the web's types.

export const courseModuleSchema = z.object({
  title: z.string(),
  hours: z.number(),
  topics: z.array(z.string()),
});
export type CourseModuleWire = z.infer<typeof courseModuleSchema>;

export const courseTeacherSchema = z.object({
  name: z.string(),
  position: z.string(),
  url: z.string(),
  photo: imageRefSchema.nullable(),
});

export const courseWireSchema = z.object({
  id: z.int(),
  url: z.string(),
  title: z.string(),
  summary: z.string(),
  /** Sanitised rich text. */
  html: z.string(),
  format: z.enum(Object.keys(COURSE_FORMATS) as [CourseFormat, ...CourseFormat[]]),
  format_name: z.string(),
  /** Where the classes are (an address in Moscow, or the online platform). */
  place: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  schedule: z.string(),
  hours: z.number(),
  price: z.int(),
  outcome: z.enum(Object.keys(COURSE_OUTCOMES) as [CourseOutcome, ...CourseOutcome[]]),
  outcome_name: z.string(),
  seats_total: z.int(),
  seats_left: z.int(),
  teacher: courseTeacherSchema.nullable(),
  programme: z.array(courseModuleSchema),
});
export type CourseWire = z.infer<typeof courseWireSchema>;

/** GET /api/v1/courses. */
export const coursesAnswerSchema = z.object({ items: z.array(courseWireSchema) });
export type CoursesAnswer = z.infer<typeof coursesAnswerSchema>;

/** GET /api/v1/courses/{slug}. */
export const courseAnswerSchema = z.object({ course: courseWireSchema });
export type CourseAnswer = z.infer<typeof courseAnswerSchema>;

export const diplomaDocumentSchema = z.object({
  id: z.int(),
  type: documentTypeField,
  type_name: z.string(),
  name: z.string(),
  size: z.int(),
  mime: z.string(),
  created_at: z.string(),
});
export type DiplomaDocumentWire = z.infer<typeof diplomaDocumentSchema>;

/** The contract's data as saved (contractSchema's output). */
const contractDataSchema = z.object({
  fam: z.string(),
  name: z.string(),
  otch: z.string(),
  birth_date: z.string(),
  passport_series: z.string(),
  passport_number: z.string(),
  passport_issued_by: z.string(),
  passport_issued_at: z.string(),
  passport_code: z.string(),
  address: z.string(),
  snils: z.string(),
  education: z.enum(Object.keys(EDUCATION_LEVELS) as [EducationLevel, ...EducationLevel[]]),
});

export const diplomaWireSchema = z.object({
  state: z.enum(Object.keys(DIPLOMA_SET_STATES) as [DiplomaSetState, ...DiplomaSetState[]]),
  state_name: z.string(),
  /** The moderator's comment when the set was returned or accepted. */
  comment: z.string(),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  /** The saved contract data (owner only), or null before the form is filled. */
  contract: contractDataSchema.nullable(),
  documents: z.array(diplomaDocumentSchema),
  /** Required kinds still missing; empty when the set can be submitted (with the contract filled). */
  missing: z.array(documentTypeField),
  editable: z.boolean(),
});
export type DiplomaWire = z.infer<typeof diplomaWireSchema>;

/** PUT /v1/user/diplom/contract, the document calls and the moderator's decision: the set after the change. */
export const diplomaChangedAnswerSchema = z.object({
  status: z.literal('ok'),
  message: z.string(),
  diploma: diplomaWireSchema,
});
export type DiplomaAnswer = z.infer<typeof diplomaChangedAnswerSchema>;

const orderSummarySchema = z.object({
  id: z.int(),
  number: z.string(),
  total: z.int(),
  payment_state: z.string(),
});

export const myCourseSchema = z.object({
  /** The enrolment's id: the annex PDF is GET /v1/user/diplom/annex/{id}. */
  id: z.int(),
  status: z.enum(Object.keys(ENROLMENT_STATUSES) as [EnrolmentStatus, ...EnrolmentStatus[]]),
  status_name: z.string(),
  enrolled_at: z.string(),
  order: orderSummarySchema.nullable(),
  course: courseWireSchema,
  /** Links to recordings and handouts; only while the student is enrolled and paid. */
  materials: z.array(z.object({ name: z.string(), url: z.string() })),
});
export type MyCourseWire = z.infer<typeof myCourseSchema>;

/** GET /v1/my-courses. */
export const myCoursesAnswerSchema = z.object({
  items: z.array(myCourseSchema),
  /** The diploma documents section, when one of the courses ends with a diploma. */
  diploma: diplomaWireSchema.nullable(),
});
export type MyCoursesAnswer = z.infer<typeof myCoursesAnswerSchema>;

/** POST /v1/user/course. */
export const enrolAnswerSchema = z.object({
  status: z.enum(['enrolled', 'payment']),
  errors: z.null(),
  order: orderSummarySchema
    .extend({
      /** Where to pay (YooKassa or the test gateway); null when nothing is to be paid. */
      confirmation_url: z.string().nullable(),
    })
    .nullable(),
  user: userWireSchema,
});
export type EnrolAnswer = z.infer<typeof enrolAnswerSchema>;

/** GET /api/v1/admin/diploma/sets: the sets in a state, with their students. */
export const diplomaSetsAnswerSchema = z.object({
  items: z.array(
    diplomaWireSchema.extend({
      user_id: z.int(),
      student: z
        .object({ id: z.int(), name: z.string(), fam: z.string(), email: z.string(), tel: z.string() })
        .nullable(),
      course: z.object({ id: z.int(), title: z.string() }).nullable(),
    }),
  ),
});
export type DiplomaSetsAnswer = z.infer<typeof diplomaSetsAnswerSchema>;
