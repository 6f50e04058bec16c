// Pieces the school's pages share: course facts, prices and dates the Russian way, schema.org Course data.
import { formatDateLong } from '@efir/domain/dates';
import { formatRub } from '@efir/domain/money';
import { formatCount } from '@efir/domain/plural';
import { type CourseWire, HOUR_FORMS, SEAT_FORMS } from '@efir/domain/school-schemas';
import { SHOP } from '@efir/domain/shop-info';
import { SCHOOL_NAME, SCHOOL_SHARE_IMAGE } from './school-loaders.ts';

export function formatCoursePrice(price: number): string {
  return price === 0 ? 'Бесплатно' : formatRub(price);
}

/** «с 5 декабря 2026 г. по 30 января 2027 г.», or one date for a one-day course. */
export function formatCourseDates(course: Pick<CourseWire, 'starts_at' | 'ends_at'>): string {
  const start = formatDateLong(course.starts_at);
  const end = formatDateLong(course.ends_at);
  return start === end ? start : `с ${start} по ${end}`;
}

/**
 * «Свободно 40 мест» while nobody has enrolled, «Осталось 12 мест из 40» once someone has, «Мест нет» when full: no
 * «Осталось 40 из 40» urgency the enrolments do not bear out (issue 35).
 */
export function describeSeats(course: Pick<CourseWire, 'seats_left' | 'seats_total'>): string {
  if (course.seats_left <= 0) return 'Мест нет';
  if (course.seats_left >= course.seats_total)
    return `Свободно ${formatCount(course.seats_left, SEAT_FORMS)}`;
  return `Осталось ${formatCount(course.seats_left, SEAT_FORMS)} из ${course.seats_total.toLocaleString('ru-RU')}`;
}

export function CourseFacts({ course, compact = false }: { course: CourseWire; compact?: boolean }) {
  return (
    <dl className={compact ? 'course-facts course-facts--compact' : 'course-facts'}>
      <div>
        <dt>Формат</dt>
        <dd>{course.format_name}</dd>
      </div>
      <div>
        <dt>Даты</dt>
        <dd>{formatCourseDates(course)}</dd>
      </div>
      <div>
        <dt>Расписание</dt>
        <dd>{course.schedule}</dd>
      </div>
      <div>
        <dt>Объём</dt>
        <dd>{formatCount(course.hours, HOUR_FORMS)}</dd>
      </div>
      {!compact && (
        <div>
          <dt>Где</dt>
          <dd>{course.place}</dd>
        </div>
      )}
      <div>
        <dt>Документ</dt>
        <dd>{course.outcome_name}</dd>
      </div>
    </dl>
  );
}

/** schema.org Course with its instance (dates, mode, teacher) and the offer, for one course. */
export function buildCourseJsonLd(origin: string, course: CourseWire): Record<string, unknown> {
  const url = `${origin}${course.url}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.title,
    description: course.summary,
    url,
    image: `${origin}${SCHOOL_SHARE_IMAGE}`,
    inLanguage: 'ru',
    provider: { '@type': 'Organization', name: SCHOOL_NAME, sameAs: `${origin}/`, email: SHOP.email },
    educationalCredentialAwarded: course.outcome_name,
    offers: {
      '@type': 'Offer',
      category: course.price === 0 ? 'Free' : 'Paid',
      price: course.price,
      priceCurrency: 'RUB',
      availability: course.seats_left > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
      url,
    },
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: course.format === 'online' ? 'Online' : 'Onsite',
      startDate: course.starts_at.slice(0, 10),
      endDate: course.ends_at.slice(0, 10),
      // An academic hour is 45 minutes.
      courseWorkload: `PT${Math.round((course.hours * 45) / 60)}H`,
      ...(course.format === 'moscow'
        ? { location: { '@type': 'Place', name: course.place, address: 'Москва' } }
        : {}),
      ...(course.teacher ? { instructor: { '@type': 'Person', name: course.teacher.name } } : {}),
    },
  };
}
