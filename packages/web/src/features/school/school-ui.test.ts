// The school's small rules on the web side: Russian prices, dates, seats and sizes; schema.org Course data; the
// file check before an upload; the file name read back from Content-Disposition.
import type { CourseWire } from '@efir/domain/school-schemas';
import { describe, expect, it } from 'vitest';
import { formatFileSize, readFileName } from '../../lib/files.ts';
import { buildCoursesJsonLd } from './courses-page.tsx';
import { checkDocumentFile } from './diploma-documents.tsx';
import { buildCourseJsonLd, describeSeats, formatCourseDates, formatCoursePrice } from './school-ui.tsx';

const course: CourseWire = {
  id: 3,
  url: '/seminar_po_aromatherapy/naturalnyj-uhod-za-kozhej.html',
  title: 'Натуральный уход за кожей',
  summary: 'Очный курс в Москве',
  html: '<p>Текст</p>',
  format: 'moscow',
  format_name: 'Очно в Москве',
  place: 'Москва, ул. Дубининская, д. 57',
  starts_at: '2026-12-13T07:00:00.000Z',
  ends_at: '2027-01-03T07:00:00.000Z',
  schedule: 'Суббота и воскресенье, 11:00–15:00',
  hours: 24,
  price: 18_500,
  outcome: 'certificate',
  outcome_name: 'Сертификат школы',
  seats_total: 12,
  seats_left: 2,
  teacher: { name: 'Марина Белова', position: 'Врач-косметолог', url: '/authors#marina-belova', photo: null },
  programme: [{ title: 'Кожа и её типы', hours: 24, topics: ['Строение кожи'] }],
};

describe('course wording', () => {
  it('says prices, dates and seats the Russian way', () => {
    expect(formatCoursePrice(0)).toBe('Бесплатно');
    expect(formatCoursePrice(18_500)).toBe('18\u00a0500\u00a0₽');
    expect(formatCourseDates(course)).toBe('с 13 декабря 2026 г. по 3 января 2027 г.');
    expect(formatCourseDates({ starts_at: course.starts_at, ends_at: course.starts_at })).toBe(
      '13 декабря 2026 г.',
    );
    expect(describeSeats({ seats_left: 2, seats_total: 12 })).toBe('Осталось 2 места из 12');
    expect(describeSeats({ seats_left: 21, seats_total: 1200 })).toBe('Осталось 21 место из 1\u00a0200');
    // Nobody enrolled yet: no «Осталось 40 мест из 40».
    expect(describeSeats({ seats_left: 40, seats_total: 40 })).toBe('Свободно 40 мест');
    expect(describeSeats({ seats_left: 0, seats_total: 12 })).toBe('Мест нет');
    expect(formatFileSize(350 * 1024)).toBe('350\u00a0КБ');
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe('1,3\u00a0МБ');
  });
});

describe('schema.org Course', () => {
  it('describes the offer in roubles, the in-person instance and the teacher', () => {
    const data = buildCourseJsonLd('https://efir.example', course);
    expect(data['@type']).toBe('Course');
    expect(data.url).toBe('https://efir.example/seminar_po_aromatherapy/naturalnyj-uhod-za-kozhej.html');
    expect(data.offers).toMatchObject({ price: 18_500, priceCurrency: 'RUB', category: 'Paid' });
    expect(data.hasCourseInstance).toMatchObject({
      courseMode: 'Onsite',
      startDate: '2026-12-13',
      courseWorkload: 'PT18H',
      instructor: { name: 'Марина Белова' },
    });
    const list = buildCoursesJsonLd('https://efir.example', [course]) as {
      itemListElement: Array<Record<string, unknown> & { item: Record<string, unknown> }>;
    };
    expect(list.itemListElement[0]).toMatchObject({ position: 1, item: { '@type': 'Course' } });
    expect(list.itemListElement[0]?.item['@context']).toBeUndefined();
  });
});

describe('before an upload', () => {
  const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

  it('accepts PDF, JPEG and PNG up to 10 MB and explains anything else', () => {
    expect(checkDocumentFile(file('паспорт.pdf', 'application/pdf', 1000))).toBeNull();
    expect(checkDocumentFile(file('scan.JPG', '', 1000))).toBeNull();
    expect(checkDocumentFile(file('setup.exe', 'application/x-msdownload', 1000))).toMatch(
      /PDF, JPEG или PNG/,
    );
    expect(checkDocumentFile(file('big.png', 'image/png', 10 * 1024 * 1024 + 1))).toMatch(/больше 10 МБ/);
    expect(checkDocumentFile(file('empty.png', 'image/png', 0))).toBe('Файл пустой.');
  });

  it('reads the Russian file name back from Content-Disposition', () => {
    const header = `attachment; filename="_______.pdf"; filename*=UTF-8''${encodeURIComponent('Договор об обучении.pdf')}`;
    expect(readFileName(header, 'x.pdf')).toBe('Договор об обучении.pdf');
    expect(readFileName('attachment; filename="plain.pdf"', 'x.pdf')).toBe('plain.pdf');
    expect(readFileName(null, 'x.pdf')).toBe('x.pdf');
  });
});
