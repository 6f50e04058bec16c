// Demo courses of the school: online and in Moscow, free and paid, with a certificate or a retraining diploma;
// each taught by one of the shop's authors. Dates are counted from the seed's «now» so a fresh shop has a timetable.

import { sanitizeHtml } from '@efir/domain/sanitize-html';
import { COURSE_URL_PREFIX, type CourseModuleWire } from '@efir/domain/school-schemas';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { authors } from '../features/content/content.table.ts';
import { courses } from '../modules/school/school.table.ts';
import type { SeedContext } from './seed-catalogue.ts';

const DAY = 86_400_000;
const STUDIO = 'Москва, ул. Дубининская, д. 57, стр. 2 — учебная студия «Эфира» (м. Павелецкая)';
const ONLINE = 'Онлайн: занятия в прямом эфире, записи остаются в личном кабинете';

interface CourseSeed {
  slug: string;
  title: string;
  summary: string;
  html: string;
  format: 'online' | 'moscow';
  place: string;
  startsInDays: number;
  weeks: number;
  schedule: string;
  hours: number;
  price: number;
  teacher: string;
  outcome: 'certificate' | 'diploma';
  seats: number;
  programme: CourseModuleWire[];
  materials: Array<{ name: string; url: string }>;
}

/** Exported for tests that need a course of a given kind. */
export const DEMO_COURSES: CourseSeed[] = [
  {
    slug: 'pervoe-znakomstvo-s-efirnymi-maslami',
    title: 'Первое знакомство с эфирными маслами',
    summary:
      'Бесплатный вводный онлайн-урок: как выбрать первые пять масел, как их хранить и почему капля — это много.',
    html: `<p>Короткий урок для тех, кто только купил первый флакон. Разберём, чем натуральное эфирное масло отличается от отдушки, как читать этикетку и паспорт партии, и соберём домашнюю «аптечку» из пяти универсальных масел.</p>
<p>Урок идёт в прямом эфире, после него можно задать вопросы преподавателю. Запись остаётся в личном кабинете.</p>`,
    format: 'online',
    place: ONLINE,
    startsInDays: 6,
    weeks: 0,
    schedule: 'Один урок, суббота, 12:00–15:00 по Москве',
    hours: 4,
    price: 0,
    teacher: 'olga-lebedeva',
    outcome: 'certificate',
    seats: 300,
    programme: [
      {
        title: 'Что такое эфирное масло',
        hours: 2,
        topics: [
          'Способы получения: дистилляция, холодный отжим, экстракция',
          'Натуральное масло и отдушка: как отличить',
          'Этикетка, латинское название и хемотип',
        ],
      },
      {
        title: 'Домашняя аптечка из пяти масел',
        hours: 2,
        topics: [
          'Лаванда, чайное дерево, лимон, мята, эвкалипт',
          'Хранение и сроки годности',
          'Безопасные дозировки: тест на сгибе локтя',
        ],
      },
    ],
    materials: [
      { name: 'Как выбрать натуральное эфирное масло', url: '/kak-vybrat-naturalnoe-efirnoe-maslo' },
      { name: 'Как познакомиться с ароматом масла', url: '/kak-poznakomitsya-s-aromatom-masla' },
    ],
  },
  {
    slug: 'aromaterapiya-s-nulya',
    title: 'Ароматерапия с нуля',
    summary:
      'Базовый онлайн-курс: 30 главных масел, их свойства и противопоказания, смеси для сна, простуды и настроения.',
    html: `<p>Восемь недель системной работы: от химии эфирных масел до собственных смесей. Каждую неделю — два занятия в прямом эфире и практическое задание с разбором преподавателя.</p>
<p>Курс подходит тем, кто хочет уверенно пользоваться маслами дома и для семьи. Специальной подготовки не нужно.</p>`,
    format: 'online',
    place: ONLINE,
    startsInDays: 14,
    weeks: 8,
    schedule: 'Вторник и четверг, 19:00–20:30 по Москве',
    hours: 36,
    price: 14_900,
    teacher: 'anna-sokolova',
    outcome: 'certificate',
    seats: 40,
    programme: [
      {
        title: 'Основы ароматерапии',
        hours: 6,
        topics: [
          'История ароматерапии и доказательная база',
          'Пути воздействия: ингаляции, кожа, ванны',
          'Техника безопасности и противопоказания',
        ],
      },
      {
        title: 'Химия эфирных масел',
        hours: 8,
        topics: [
          'Монотерпены, спирты, сложные эфиры, фенолы, альдегиды',
          'Как состав определяет действие и риски',
          'Хроматограмма: читаем паспорт партии',
        ],
      },
      {
        title: 'Тридцать главных масел',
        hours: 14,
        topics: ['Цитрусовые и хвойные', 'Травы семейства губоцветных', 'Цветочные и смолистые масла'],
      },
      {
        title: 'Составление смесей',
        hours: 8,
        topics: [
          'Ноты и пропорции',
          'Смеси для сна, концентрации и настроения',
          'Итоговый проект: своя аромасмесь',
        ],
      },
    ],
    materials: [
      { name: 'Нормы ввода компонентов', url: '/normi_vvoda_komponentov.html' },
      { name: 'Как выбрать натуральное эфирное масло', url: '/kak-vybrat-naturalnoe-efirnoe-maslo' },
    ],
  },
  {
    slug: 'naturalnyj-uhod-za-kozhej',
    title: 'Натуральный уход за кожей',
    summary:
      'Очный курс в Москве: типы кожи, базовые масла и гидролаты, уход для чувствительной и проблемной кожи.',
    html: `<p>Курс ведёт врач-косметолог. Учимся понимать свою кожу и подбирать к ней базовые масла, гидролаты и эфирные масла, не навредив. На каждом занятии — практика с тестированием средств.</p>
<p>Группа до двенадцати человек, все материалы для практики входят в стоимость.</p>`,
    format: 'moscow',
    place: STUDIO,
    startsInDays: 21,
    weeks: 3,
    schedule: 'Суббота и воскресенье, 11:00–15:00',
    hours: 24,
    price: 18_500,
    teacher: 'marina-belova',
    outcome: 'certificate',
    seats: 12,
    programme: [
      {
        title: 'Кожа и её типы',
        hours: 6,
        topics: ['Строение кожи и барьерная функция', 'Определяем тип и состояние кожи', 'Когда нужен врач'],
      },
      {
        title: 'Базовые масла и гидролаты',
        hours: 8,
        topics: [
          'Жирнокислотный состав базовых масел',
          'Комедогенность: мифы и факты',
          'Гидролаты в ежедневном уходе',
        ],
      },
      {
        title: 'Уход по задачам',
        hours: 10,
        topics: [
          'Чувствительная и реактивная кожа',
          'Склонная к акне кожа',
          'Возрастные изменения',
          'Практика: составляем личную программу ухода',
        ],
      },
    ],
    materials: [{ name: 'Нормы ввода компонентов', url: '/normi_vvoda_komponentov.html' }],
  },
  {
    slug: 'domashnyaya-kosmetika-receptura',
    title: 'Домашняя косметика: рецептура',
    summary:
      'Очный практикум: эмульсии, консерванты, стерильность и расчёт рецептуры — от крема до бальзама для губ.',
    html: `<p>Химик-технолог покажет, как устроены кремы и почему они расслаиваются. Каждый участник своими руками сделает шесть средств и унесёт их домой.</p>
<p>Рабочее место, сырьё и посуда входят в стоимость. Группа до десяти человек.</p>`,
    format: 'moscow',
    place: STUDIO,
    startsInDays: 35,
    weeks: 4,
    schedule: 'Воскресенье, 10:00–18:00',
    hours: 32,
    price: 21_000,
    teacher: 'dmitrij-orlov',
    outcome: 'certificate',
    seats: 10,
    programme: [
      {
        title: 'Лаборатория на кухне',
        hours: 6,
        topics: ['Инструменты и весы', 'Стерилизация тары и инструментов', 'Консерванты и сроки хранения'],
      },
      {
        title: 'Безводные средства',
        hours: 8,
        topics: ['Бальзамы и баттеры', 'Масла для тела и волос', 'Практика: бальзам для губ'],
      },
      {
        title: 'Эмульсии',
        hours: 12,
        topics: ['Эмульгаторы и загустители', 'Горячий и холодный способ', 'Практика: крем для лица и тела'],
      },
      {
        title: 'Расчёт рецептуры',
        hours: 6,
        topics: ['Проценты, граммы и капли', 'Нормы ввода эфирных масел', 'Итоговая работа: своя рецептура'],
      },
    ],
    materials: [
      {
        name: 'Стерилизация инструментов и тары',
        url: '/sterilizatciya-instrumentov-tary-v-domashnei-kosmetike.html',
      },
      { name: 'Нормы ввода компонентов', url: '/normi_vvoda_komponentov.html' },
    ],
  },
  {
    slug: 'aromaterapevt-konsultant',
    title: 'Ароматерапевт-консультант: профессиональная переподготовка',
    summary:
      'Программа профессиональной переподготовки на 260 часов с дипломом установленного образца: от химии масел до консультирования клиентов.',
    html: `<p>Пять месяцев обучения для тех, кто хочет работать с клиентами: консультировать, составлять индивидуальные смеси и вести практику. Выпускники получают диплом о профессиональной переподготовке, который вносится в федеральный реестр.</p>
<p>Для зачисления нужно высшее или среднее профессиональное образование (или справка о том, что вы учитесь). После записи в личном кабинете откроется раздел с договором и документами.</p>`,
    format: 'online',
    place: ONLINE,
    startsInDays: 28,
    weeks: 22,
    schedule: 'Понедельник и среда, 19:00–21:15 по Москве; практика по субботам',
    hours: 260,
    price: 64_000,
    teacher: 'anna-sokolova',
    outcome: 'diploma',
    seats: 25,
    programme: [
      {
        title: 'Химия и фармакология эфирных масел',
        hours: 48,
        topics: ['Классы соединений', 'Токсикология и безопасность', 'Взаимодействие с лекарствами'],
      },
      {
        title: 'Материя ароматика: 80 масел',
        hours: 80,
        topics: ['Монографии масел', 'Хемотипы', 'Контроль качества и фальсификаты'],
      },
      {
        title: 'Анатомия и физиология для ароматерапевта',
        hours: 40,
        topics: ['Кожа, дыхательная и нервная системы', 'Стресс и сон', 'Противопоказания'],
      },
      {
        title: 'Консультирование',
        hours: 60,
        topics: ['Сбор анамнеза', 'Этика и границы компетенции', 'Разбор случаев', 'Супервизия практики'],
      },
      {
        title: 'Итоговая аттестация',
        hours: 32,
        topics: ['Защита выпускной работы', 'Междисциплинарный экзамен'],
      },
    ],
    materials: [
      { name: 'Нормы ввода компонентов', url: '/normi_vvoda_komponentov.html' },
      { name: 'Как познакомиться с ароматом масла', url: '/kak-poznakomitsya-s-aromatom-masla' },
    ],
  },
  {
    slug: 'aromaterapiya-v-sestrinskom-dele',
    title: 'Ароматерапия в сестринском деле: профессиональная переподготовка',
    summary:
      'Бесплатная программа переподготовки для медицинских сестёр по гранту на развитие дополнительного образования: 250 часов, диплом.',
    html: `<p>Программа для медицинских сестёр и фельдшеров, которые хотят применять ароматерапию в уходе за пациентами: в паллиативной помощи, реабилитации, работе с пожилыми людьми. Обучение бесплатное — его оплачивает грант, поэтому мест немного.</p>
<p>После записи в личном кабинете откроется раздел с договором и документами для зачисления.</p>`,
    format: 'online',
    place: ONLINE,
    startsInDays: 42,
    weeks: 20,
    schedule: 'Вторник и пятница, 18:30–20:45 по Москве',
    hours: 250,
    price: 0,
    teacher: 'elena-kuznetsova',
    outcome: 'diploma',
    seats: 30,
    programme: [
      {
        title: 'Основы клинической ароматерапии',
        hours: 60,
        topics: ['Доказательная база', 'Безопасность у пожилых и ослабленных пациентов', 'Документирование'],
      },
      {
        title: 'Ароматерапия в уходе',
        hours: 90,
        topics: ['Паллиативная помощь', 'Тревога и нарушения сна', 'Уход за кожей лежачих пациентов'],
      },
      {
        title: 'Организация работы в отделении',
        hours: 60,
        topics: ['Согласование с врачом', 'Инфекционная безопасность', 'Хранение и учёт масел'],
      },
      {
        title: 'Итоговая аттестация',
        hours: 40,
        topics: ['Выпускная работа', 'Экзамен'],
      },
    ],
    materials: [{ name: 'Нормы ввода компонентов', url: '/normi_vvoda_komponentov.html' }],
  },
];

export function courseUrl(slug: string): string {
  return `${COURSE_URL_PREFIX}${slug}.html`;
}

async function seedCourses(db: Database, context: SeedContext): Promise<void> {
  const teachers = await db
    .select({ id: authors.id, url: authors.url })
    .from(authors)
    .where(
      inArray(
        authors.url,
        DEMO_COURSES.map((course) => `/authors#${course.teacher}`),
      ),
    );
  const teacherId = (key: string) => teachers.find((row) => row.url === `/authors#${key}`)?.id ?? null;
  // Classes start at the next full day after «now», Moscow morning.
  const day0 = Math.ceil(context.now.getTime() / DAY) * DAY + 7 * 3_600_000;
  await db.insert(courses).values(
    DEMO_COURSES.map((course, index) => ({
      url: courseUrl(course.slug),
      title: course.title,
      summary: course.summary,
      html: sanitizeHtml(course.html),
      format: course.format,
      place: course.place,
      startsAt: new Date(day0 + course.startsInDays * DAY),
      endsAt: new Date(day0 + (course.startsInDays + Math.max(course.weeks * 7, 0)) * DAY),
      schedule: course.schedule,
      hours: course.hours,
      price: course.price,
      teacherId: teacherId(course.teacher),
      programme: course.programme,
      outcome: course.outcome,
      materials: course.materials,
      seatsTotal: course.seats,
      seatsLeft: course.seats,
      pos: index + 1,
    })),
  );
}

/** For `seedSteps` in seed/seed.ts. */
export const schoolSeedSteps = [{ name: 'school-001-courses', run: seedCourses }];
