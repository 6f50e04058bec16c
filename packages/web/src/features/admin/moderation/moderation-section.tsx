// Раздел «Модерация» of the back office: tabs Отзывы / Комментарии / Вопросы / Документы (the school's diploma sets), each a queue of what
// waits for a decision first; the tabs carry the counts of what waits (GET /moderation/summary).
import { formatCount, type PluralForms } from '@efir/domain/plural';
import { useCallback } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NavLink } from '../../../lib/router/link.tsx';
import { useAdminApi, useAdminData } from '../admin-api.ts';
import { AdminHeader } from '../admin-ui.tsx';
import { CommentsQueue } from './comments-queue.tsx';
import { DiplomaDocumentsModeration } from './diploma-documents.tsx';
import {
  COMMENT_FORMS,
  describeWaiting,
  type ModerationSummary,
  QUESTION_FORMS,
  REVIEW_FORMS,
} from './moderation-api.ts';
import { QuestionsQueue } from './questions-queue.tsx';
import { ReviewsQueue } from './reviews-queue.tsx';
import './moderation.css';

const BASE = '/admin/moderation';

interface Waiting {
  count: number;
  forms: PluralForms;
}

function Tab({ to, title, waiting }: { to: string; title: string; waiting?: Waiting | undefined }) {
  return (
    <NavLink to={`${BASE}/${to}`} className="moderation-tabs__tab">
      {title}
      {waiting && waiting.count > 0 ? (
        <span className="moderation-tabs__badge">
          <span aria-hidden="true">{waiting.count.toLocaleString('ru-RU')}</span>
          <span className="visually-hidden">, ждут решения: {formatCount(waiting.count, waiting.forms)}</span>
        </span>
      ) : null}
    </NavLink>
  );
}

export function ModerationSection() {
  const api = useAdminApi();
  const summary = useAdminData<ModerationSummary>('/moderation/summary');
  const { update } = summary;
  // After each decision the counts are asked again, quietly: the tabs keep their badges meanwhile.
  const refreshSummary = useCallback(() => {
    api
      .get<ModerationSummary>('/moderation/summary')
      .then((fresh) => update(() => fresh))
      .catch(() => {});
  }, [api, update]);
  const counts = summary.status === 'ready' ? summary.data : null;
  const waiting = (count: number | undefined, forms: PluralForms) =>
    count === undefined ? undefined : { count, forms };

  return (
    <section className="moderation">
      <AdminHeader title="Модерация">
        {counts ? <p className="moderation-summary">{describeWaiting(counts)}</p> : null}
      </AdminHeader>
      <nav className="moderation-tabs" aria-label="Что проверять">
        <Tab to="reviews" title="Отзывы" waiting={waiting(counts?.reviews, REVIEW_FORMS)} />
        <Tab to="comments" title="Комментарии" waiting={waiting(counts?.comments, COMMENT_FORMS)} />
        <Tab to="questions" title="Вопросы" waiting={waiting(counts?.questions, QUESTION_FORMS)} />
        <Tab to="documents" title="Документы" />
      </nav>
      <Routes>
        <Route index element={<Navigate to={`${BASE}/reviews`} replace />} />
        <Route path="reviews" element={<ReviewsQueue onDecided={refreshSummary} />} />
        <Route path="comments" element={<CommentsQueue onDecided={refreshSummary} />} />
        <Route path="questions" element={<QuestionsQueue onDecided={refreshSummary} />} />
        <Route path="documents" element={<DiplomaDocumentsModeration />} />
        <Route path="*" element={<Navigate to={`${BASE}/reviews`} replace />} />
      </Routes>
    </section>
  );
}
