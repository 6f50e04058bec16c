// One course (/seminar_po_aromatherapy/<slug>.html): facts, description, programme by modules, the teacher, and
// «Записаться»: a free course enrols at once, a paid one goes to the card payment (spec §7 POST /v1/user/course).
import { formatCount } from '@efir/domain/plural';
import { type CourseAnswer, type CourseWire, HOUR_FORMS, SCHOOL_URL } from '@efir/domain/school-schemas';
import { useState } from 'react';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { FormError } from '../../components/ui/form.tsx';
import { JsonLd } from '../../components/ui/json-ld.tsx';
import { Picture } from '../../components/ui/picture.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import { describeFailure } from '../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../lib/forms.ts';
import { Link } from '../../lib/router/link.tsx';
import { useLoaderData, useNavigate } from '../../lib/router/router-view.tsx';
import { loginUrlFor } from '../../lib/session.ts';
import { enrolInCourse } from './school-api.ts';
import { SCHOOL_TITLE } from './school-loaders.ts';
import { buildCourseJsonLd, CourseFacts, describeSeats, formatCoursePrice } from './school-ui.tsx';
import './school.css';

function enrolLabel(course: CourseWire): string {
  if (course.price === 0) return 'Записаться бесплатно';
  return `Записаться и оплатить ${formatCoursePrice(course.price)}`;
}

/** The button and what follows it: login first for a guest, the payment page for a paid course. */
function EnrolBox({ course }: { course: CourseWire }) {
  const { api, store } = useAppContext();
  const user = useAppState((state) => state.user);
  const navigate = useNavigate();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const full = course.seats_left === 0;

  const enrol = async () => {
    setSending(true);
    setError(null);
    try {
      const answer = await enrolInCourse(api, course.id);
      if (answer.status === 'payment' && answer.order?.confirmation_url) {
        window.location.assign(answer.order.confirmation_url);
        return;
      }
      store.getState().showNotice({
        type: 'success',
        title: 'Вы записаны на курс',
        text: course.outcome === 'diploma' ? 'Заполните договор и загрузите документы в «Моих курсах».' : '',
      });
      navigate('/my-courses');
    } catch (failure) {
      setError(readServerFieldErrors(failure)?.course_id?.[0] ?? describeFailure(failure));
      setSending(false);
    }
  };

  return (
    <aside className="enrol-box" aria-label="Запись на курс">
      <p className="enrol-box__price">{formatCoursePrice(course.price)}</p>
      <p className={full ? 'enrol-box__seats enrol-box__seats--none' : 'enrol-box__seats'}>
        {describeSeats(course)}
      </p>
      <FormError message={error ?? undefined} />
      {full ? (
        <button type="button" className="button" disabled>
          Мест нет
        </button>
      ) : user ? (
        <button
          type="button"
          className="button"
          onClick={enrol}
          disabled={sending}
          aria-busy={sending || undefined}
        >
          {sending ? 'Записываем…' : enrolLabel(course)}
        </button>
      ) : (
        <Link to={loginUrlFor(course.url)} className="button">
          Войти и записаться
        </Link>
      )}
      <p className="enrol-box__note muted small">
        {course.price > 0
          ? 'Оплата картой онлайн, чек придёт на e-mail. Место закрепляется за вами сразу после записи.'
          : 'Запись бесплатная: курс появится в «Моих курсах» сразу.'}
      </p>
    </aside>
  );
}

export function CoursePage() {
  const { course } = useLoaderData() as CourseAnswer;
  const { origin } = useAppContext();
  const crumbs = [{ name: SCHOOL_TITLE, url: SCHOOL_URL }, { name: course.title }];
  return (
    <div className="container page course-page">
      <JsonLd data={buildCourseJsonLd(origin, course)} />
      <Breadcrumbs items={crumbs} />
      <div className="course-page__grid">
        <header className="course-page__head">
          <div className="course-card__tags">
            <span className={`course-tag course-tag--${course.format}`}>{course.format_name}</span>
            <span className={`course-tag course-tag--${course.outcome}`}>{course.outcome_name}</span>
          </div>
          <h1>{course.title}</h1>
          <p className="course-page__summary">{course.summary}</p>
        </header>
        {/* Right after the title on a phone, beside the text on a wide screen. */}
        <EnrolBox course={course} />
        <div className="course-page__main">
          <CourseFacts course={course} />
          <RichText html={course.html} className="course-page__text" />

          <section className="course-programme" aria-labelledby="programme-title">
            <h2 id="programme-title">Программа</h2>
            <ol className="course-programme__list">
              {course.programme.map((module) => (
                <li key={module.title} className="course-module">
                  <div className="course-module__head">
                    <h3>{module.title}</h3>
                    <span className="course-module__hours">{formatCount(module.hours, HOUR_FORMS)}</span>
                  </div>
                  <ul>
                    {module.topics.map((topic) => (
                      <li key={topic}>{topic}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </section>

          {course.teacher && (
            <section className="course-teacher" aria-labelledby="teacher-title">
              <h2 id="teacher-title">Преподаватель</h2>
              <div className="course-teacher__card">
                <Picture
                  image={course.teacher.photo}
                  alt={course.teacher.name}
                  width={96}
                  height={96}
                  className="course-teacher__photo"
                />
                <div>
                  <p className="course-teacher__name">
                    <Link to={course.teacher.url}>{course.teacher.name}</Link>
                  </p>
                  <p className="muted small">{course.teacher.position}</p>
                </div>
              </div>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
