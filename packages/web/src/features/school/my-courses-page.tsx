// /my-courses (spec §2): the student's courses with their status (awaiting payment, active, completed), schedule and
// materials, and for a course that ends with a diploma the documents section (contract, forms, scans, review).
import { formatDateLong } from '@efir/domain/dates';
import type { DiplomaWire, MyCoursesAnswer, MyCourseWire } from '@efir/domain/school-schemas';
import { useState } from 'react';
import { AccountHeading, EmptyState, LoadFailed, Loading } from '../../components/shop/account-ui.tsx';
import { FormError } from '../../components/ui/form.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import { describeFailure } from '../../lib/failure-message.ts';
import { downloadFile } from '../../lib/files.ts';
import { useAccountData } from '../../lib/remote-data.ts';
import { Link } from '../../lib/router/link.tsx';
import { DiplomaSection } from './diploma-section.tsx';
import { enrolInCourse } from './school-api.ts';
import { CourseFacts, formatCoursePrice } from './school-ui.tsx';
import './school.css';

function PayButton({ item }: { item: MyCourseWire }) {
  const { api } = useAppContext();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pay = async () => {
    setSending(true);
    setError(null);
    try {
      const answer = await enrolInCourse(api, item.course.id);
      if (answer.order?.confirmation_url) window.location.assign(answer.order.confirmation_url);
      else window.location.reload();
    } catch (failure) {
      setError(describeFailure(failure));
      setSending(false);
    }
  };
  return (
    <div className="my-course__pay">
      <FormError message={error ?? undefined} />
      <button type="button" className="button button--small" onClick={pay} disabled={sending}>
        {sending
          ? 'Переходим к оплате…'
          : `Оплатить ${formatCoursePrice(item.order?.total ?? item.course.price)}`}
      </button>
    </div>
  );
}

function AnnexButton({ item }: { item: MyCourseWire }) {
  const { api } = useAppContext();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFile(api, 'GET', `/v1/user/diplom/annex/${item.id}`, 'Учебный план.pdf');
    } catch (failure) {
      setError(describeFailure(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="button button--ghost button--small" onClick={download} disabled={busy}>
        Учебный план (PDF)
      </button>
      {error && <p className="field__error">{error}</p>}
    </>
  );
}

function MyCourse({ item }: { item: MyCourseWire }) {
  const { course } = item;
  return (
    <li className="my-course account-card">
      <div className="my-course__head">
        <h2 className="my-course__title">
          <Link to={course.url}>{course.title}</Link>
        </h2>
        <span className={`my-course__status my-course__status--${item.status}`}>{item.status_name}</span>
      </div>
      <CourseFacts course={course} compact />
      <p className="muted small">
        Записаны {formatDateLong(item.enrolled_at)}
        {item.order && ` · заказ ${item.order.number}`}
        {course.teacher && ` · ведёт ${course.teacher.name}`}
      </p>
      {item.status === 'awaiting_payment' && (
        <>
          <p className="my-course__note">Место за вами. Курс откроется, как только пройдёт оплата.</p>
          <PayButton item={item} />
        </>
      )}
      {item.materials.length > 0 && (
        <div className="my-course__materials">
          <h3>Материалы</h3>
          <ul>
            {item.materials.map((material) => (
              <li key={material.url}>
                <Link to={material.url}>{material.name}</Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      {course.outcome === 'diploma' && (
        <div className="button-row">
          <AnnexButton item={item} />
        </div>
      )}
    </li>
  );
}

export function MyCoursesPage() {
  const state = useAccountData('/v1/my-courses', (answer: MyCoursesAnswer) => answer);
  const setDiploma = (diploma: DiplomaWire) => state.update((data) => ({ ...data, diploma }));
  return (
    <div className="account-page my-courses">
      <AccountHeading title="Мои курсы" lead="Курсы школы ароматерапии, на которые вы записаны." />
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && <LoadFailed error={state.error} onRetry={state.reload} />}
      {state.status === 'ready' &&
        (state.data.items.length > 0 ? (
          <>
            <ul className="my-course-list">
              {state.data.items.map((item) => (
                <MyCourse key={item.id} item={item} />
              ))}
            </ul>
            {state.data.diploma && <DiplomaSection diploma={state.data.diploma} onChange={setDiploma} />}
          </>
        ) : (
          <EmptyState
            title="Вы пока не записаны на курсы"
            icon="cap"
            action={
              <Link to="/seminar_po_aromatherapy.html" className="button">
                Выбрать курс
              </Link>
            }
          >
            В школе ароматерапии — курсы для начинающих и для профессионалов, с дипломом.
          </EmptyState>
        ))}
    </div>
  );
}
