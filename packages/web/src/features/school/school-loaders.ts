// The data and head tags of the school's public pages, apart from their components (kept out of the entry chunk).
import { COURSE_FORMS, formatCount } from '@efir/domain/plural';
import type { CourseAnswer, CoursesAnswer } from '@efir/domain/school-schemas';
import type { AppContextValue } from '../../lib/app-context.tsx';
import { loadPageData } from '../../lib/page-loader.ts';
import type { PageMeta } from '../../lib/page-meta.ts';
import type { LoaderFunctionArgs } from '../../lib/router/router.ts';
import { fetchCourse, fetchCourses } from './school-api.ts';

export const SCHOOL_TITLE = 'Школа ароматерапии';
export const SCHOOL_NAME = 'Школа ароматерапии «Эфир»';
/** The school's picture for link previews and the courses' structured data (packages/web/public). */
export const SCHOOL_SHARE_IMAGE = '/og-school.png';

/** /seminar_po_aromatherapy.html */
export function createCoursesLoader(context: AppContextValue) {
  return ({ request }: LoaderFunctionArgs) => loadPageData(context, request, () => fetchCourses(context.api));
}

export function getCoursesMeta(data: unknown): PageMeta {
  const count = (data as CoursesAnswer | undefined)?.items.length ?? 0;
  return {
    title: `${SCHOOL_TITLE}: курсы и профессиональная переподготовка`,
    description: `${SCHOOL_NAME}: ${count > 0 ? `${formatCount(count, COURSE_FORMS)} ` : ''}онлайн и очно в Москве — от бесплатного вводного урока до диплома ароматерапевта. Практикующие преподаватели, сертификат или диплом.`,
    image: SCHOOL_SHARE_IMAGE,
  };
}

/** /seminar_po_aromatherapy/:slug — the slug keeps its «.html». */
export function createCourseLoader(context: AppContextValue) {
  return ({ request, params }: LoaderFunctionArgs) =>
    loadPageData(context, request, () => fetchCourse(context.api, params.slug ?? ''));
}

export function getCourseMeta(data: unknown): PageMeta {
  const course = (data as CourseAnswer | undefined)?.course;
  if (!course) return { title: 'Курс не найден', noindex: true };
  return {
    title: `${course.title} — ${SCHOOL_TITLE.toLowerCase()}`,
    description: course.summary,
    image: SCHOOL_SHARE_IMAGE,
  };
}
