// The aromatherapy school (spec §2 /seminar_po_aromatherapy.html, /my-courses; §7 user/course and user/diplom/*):
// enrolment, the diploma contract form, the document kinds and the wire shapes, shared by server and web.
import { calculateAge, getMoscowToday, idField } from './account-schemas.ts';
import type { ImageRef } from './catalog-wire.ts';
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

export interface CourseModuleWire {
  title: string;
  hours: number;
  topics: string[];
}

export interface CourseTeacherWire {
  name: string;
  position: string;
  url: string;
  photo: ImageRef | null;
}

export interface CourseWire {
  id: number;
  url: string;
  title: string;
  summary: string;
  /** Sanitised rich text. */
  html: string;
  format: CourseFormat;
  format_name: string;
  /** Where the classes are (an address in Moscow, or the online platform). */
  place: string;
  starts_at: string;
  ends_at: string;
  schedule: string;
  hours: number;
  price: number;
  outcome: CourseOutcome;
  outcome_name: string;
  seats_total: number;
  seats_left: number;
  teacher: CourseTeacherWire | null;
  programme: CourseModuleWire[];
}

export interface CoursesAnswer {
  items: CourseWire[];
}

export interface CourseAnswer {
  course: CourseWire;
}

export interface DiplomaDocumentWire {
  id: number;
  type: DiplomaDocumentType;
  type_name: string;
  name: string;
  size: number;
  mime: string;
  created_at: string;
}

export interface DiplomaWire {
  state: DiplomaSetState;
  state_name: string;
  /** The moderator's comment when the set was returned or accepted. */
  comment: string;
  submitted_at: string | null;
  reviewed_at: string | null;
  /** The saved contract data (owner only), or null before the form is filled. */
  contract: ContractData | null;
  documents: DiplomaDocumentWire[];
  /** Required kinds still missing; empty when the set can be submitted (with the contract filled). */
  missing: DiplomaDocumentType[];
  editable: boolean;
}

export interface MyCourseWire {
  /** The enrolment's id: the annex PDF is GET /v1/user/diplom/annex/{id}. */
  id: number;
  status: EnrolmentStatus;
  status_name: string;
  enrolled_at: string;
  order: { id: number; number: string; total: number; payment_state: string } | null;
  course: CourseWire;
  /** Links to recordings and handouts; only while the student is enrolled and paid. */
  materials: Array<{ name: string; url: string }>;
}

export interface MyCoursesAnswer {
  items: MyCourseWire[];
  /** The diploma documents section, when one of the courses ends with a diploma. */
  diploma: DiplomaWire | null;
}

export interface EnrolAnswer {
  status: 'enrolled' | 'payment';
  errors: null;
  order: {
    id: number;
    number: string;
    total: number;
    payment_state: string;
    /** Where to pay (YooKassa or the test gateway); null when nothing is to be paid. */
    confirmation_url: string | null;
  } | null;
  user: unknown;
}
