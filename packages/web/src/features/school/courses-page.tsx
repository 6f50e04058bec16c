// /seminar_po_aromatherapy.html (spec §2): the school's courses, rendered on the server, with schema.org Course
// data for each (as one ItemList) and a card per course linking to its page, with its teacher's portrait.
import { formatDateLong } from '@efir/domain/dates';
import { formatCount } from '@efir/domain/plural';
import { type CoursesAnswer, type CourseWire, HOUR_FORMS } from '@efir/domain/school-schemas';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { JsonLd } from '../../components/ui/json-ld.tsx';
import { Picture } from '../../components/ui/picture.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import { Link } from '../../lib/router/link.tsx';
import { useLoaderData } from '../../lib/router/router-view.tsx';
import { SCHOOL_TITLE } from './school-loaders.ts';
import { buildCourseJsonLd, describeSeats, formatCoursePrice } from './school-ui.tsx';
import './school.css';

export function buildCoursesJsonLd(origin: string, courses: CourseWire[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: SCHOOL_TITLE,
    itemListElement: courses.map((course, index) => {
      const { '@context': _context, ...item } = buildCourseJsonLd(origin, course);
      return { '@type': 'ListItem', position: index + 1, url: `${origin}${course.url}`, item };
    }),
  };
}

/**
 * The card's picture: the teacher's portrait on the colour of the course's format (courses have no pictures of
 * their own; the teacher is what tells one course from another at a glance). No teacher, no picture.
 */
function CourseCover({ course, eager }: { course: CourseWire; eager: boolean }) {
  const teacher = course.teacher;
  if (!teacher?.photo) return null;
  return (
    <div className={`course-card__cover course-card__cover--${course.format}`}>
      <Picture
        image={teacher.photo}
        alt=""
        width={96}
        height={96}
        sizes="96px"
        className="course-card__portrait"
        eager={eager}
      />
      <p className="course-card__teacher">
        <span>Ведёт</span> <strong>{teacher.name}</strong>
        {teacher.position && <span className="course-card__position">{teacher.position}</span>}
      </p>
    </div>
  );
}

function CourseCard({ course, eager }: { course: CourseWire; eager: boolean }) {
  return (
    <article className="course-card">
      <CourseCover course={course} eager={eager} />
      <div className="course-card__tags">
        <span className={`course-tag course-tag--${course.format}`}>{course.format_name}</span>
        <span className={`course-tag course-tag--${course.outcome}`}>{course.outcome_name}</span>
      </div>
      <h2 className="course-card__title">
        <Link to={course.url}>{course.title}</Link>
      </h2>
      <p className="course-card__summary">{course.summary}</p>
      <ul className="course-card__facts">
        <li>
          Старт <time dateTime={course.starts_at}>{formatDateLong(course.starts_at)}</time>
        </li>
        <li>{formatCount(course.hours, HOUR_FORMS)}</li>
        {course.teacher && !course.teacher.photo && <li>Ведёт {course.teacher.name}</li>}
      </ul>
      <div className="course-card__bottom">
        <strong className="course-card__price">{formatCoursePrice(course.price)}</strong>
        <span
          className={
            course.seats_left === 0 ? 'course-card__seats course-card__seats--none' : 'course-card__seats'
          }
        >
          {describeSeats(course)}
        </span>
        <Link to={course.url} className="button button--small">
          Подробнее
        </Link>
      </div>
    </article>
  );
}

export function CoursesPage() {
  const { items } = useLoaderData() as CoursesAnswer;
  const { origin } = useAppContext();
  return (
    <div className="container page school-page">
      <JsonLd data={buildCoursesJsonLd(origin, items)} />
      <Breadcrumbs items={[{ name: SCHOOL_TITLE }]} />
      <header className="school-page__head">
        <h1>{SCHOOL_TITLE}</h1>
        <p className="school-page__lead">
          Учим пользоваться эфирными маслами грамотно и безопасно: от бесплатного вводного урока до программ
          профессиональной переподготовки с дипломом. Занятия онлайн и в нашей учебной студии в Москве, ведут
          практикующие ароматерапевты, врач-косметолог и химик-технолог.
        </p>
      </header>
      {items.length > 0 ? (
        <ul className="course-list">
          {items.map((course, index) => (
            <li key={course.id}>
              <CourseCard course={course} eager={index < 3} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Набор на новые курсы скоро откроется.</p>
      )}
    </div>
  );
}
