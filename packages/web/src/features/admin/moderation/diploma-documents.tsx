// «Документы для диплома»: the sets students submitted on /my-courses, oldest first, with the contract data and the
// scans; the moderator accepts a set or returns it with a comment the student reads on /my-courses (audited).
import { formatDateLong } from '@efir/domain/dates';
import { type DiplomaSetsAnswer, EDUCATION_LEVELS } from '@efir/domain/school-schemas';
import { useState } from 'react';
import { FormError } from '../../../components/ui/form.tsx';
import { useAppContext } from '../../../lib/app-context.tsx';
import { describeFailure } from '../../../lib/failure-message.ts';
import { downloadFile, formatFileSize } from '../../../lib/files.ts';
import { readServerFieldErrors } from '../../../lib/forms.ts';
import { ADMIN_API, useAdminApi, useAdminData } from '../admin-api.ts';
import { AdminChip, AdminFailure, AdminLoading, formatAdminDate } from '../admin-ui.tsx';
import './diploma-documents.css';

type SetState = 'submitted' | 'returned' | 'accepted';

type AdminDiplomaSet = DiplomaSetsAnswer['items'][number];

const FILTERS: ReadonlyArray<readonly [SetState, string]> = [
  ['submitted', 'На проверке'],
  ['returned', 'Возвращены'],
  ['accepted', 'Приняты'],
];

function ContractData({ set }: { set: AdminDiplomaSet }) {
  const contract = set.contract;
  if (!contract) return <p className="admin-muted">Данные для договора не заполнены.</p>;
  const rows: Array<[string, string]> = [
    ['ФИО', [contract.fam, contract.name, contract.otch].filter(Boolean).join(' ')],
    ['Дата рождения', formatDateLong(`${contract.birth_date}T12:00:00Z`)],
    ['Паспорт', `${contract.passport_series} ${contract.passport_number}`],
    [
      'Выдан',
      `${contract.passport_issued_by}, ${formatDateLong(`${contract.passport_issued_at}T12:00:00Z`)}, ${contract.passport_code}`,
    ],
    ['Адрес регистрации', contract.address],
    ['СНИЛС', contract.snils],
    ['Образование', EDUCATION_LEVELS[contract.education]],
  ];
  return (
    <dl className="diploma-review__contract">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReviewCard({ set, onDone }: { set: AdminDiplomaSet; onDone(userId: number): void }) {
  const { api } = useAppContext();
  const admin = useAdminApi();
  const [comment, setComment] = useState(set.comment);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const who = set.student
    ? [set.student.fam, set.student.name].filter(Boolean).join(' ')
    : `№ ${set.user_id}`;

  const decide = async (decision: 'accept' | 'return') => {
    setSending(true);
    setError(null);
    try {
      await admin.put(`/diploma/sets/${set.user_id}`, { decision, comment });
      onDone(set.user_id);
    } catch (failure) {
      setError(readServerFieldErrors(failure)?.comment?.[0] ?? describeFailure(failure));
      setSending(false);
    }
  };
  const download = async (id: number, name: string) => {
    setError(null);
    try {
      await downloadFile(api, 'GET', `${ADMIN_API}/diploma/documents/${id}`, name);
    } catch (failure) {
      setError(describeFailure(failure));
    }
  };

  return (
    <li className="admin-card diploma-review">
      <header className="diploma-review__head">
        <h3>{who}</h3>
        <AdminChip tone={set.state === 'accepted' ? 'good' : set.state === 'returned' ? 'bad' : 'warn'}>
          {set.state_name}
        </AdminChip>
      </header>
      <p className="admin-muted">
        {set.student?.email}
        {set.course && ` · ${set.course.title}`}
        {set.submitted_at && ` · отправлены ${formatAdminDate(set.submitted_at)}`}
      </p>
      <ContractData set={set} />
      <ul className="diploma-review__documents" aria-label={`Документы: ${who}`}>
        {set.documents.map((document) => (
          <li key={document.id}>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => download(document.id, document.name)}
            >
              Скачать
            </button>{' '}
            {document.type_name}: {document.name} ({formatFileSize(document.size)})
          </li>
        ))}
      </ul>
      {set.state === 'submitted' && (
        <div className="diploma-review__decision">
          <label className="field__label" htmlFor={`diploma-comment-${set.user_id}`}>
            Комментарий студенту (обязателен при возврате)
          </label>
          <textarea
            id={`diploma-comment-${set.user_id}`}
            className="field__input field__input--area"
            value={comment}
            maxLength={1000}
            onChange={(event) => setComment(event.target.value)}
          />
          <FormError message={error ?? undefined} />
          <div className="button-row">
            <button
              type="button"
              className="button button--small"
              disabled={sending}
              onClick={() => decide('accept')}
            >
              Принять
            </button>
            <button
              type="button"
              className="button button--small button--ghost"
              disabled={sending}
              onClick={() => decide('return')}
            >
              Вернуть на доработку
            </button>
          </div>
        </div>
      )}
      {set.state !== 'submitted' && set.comment && <p>Комментарий: {set.comment}</p>}
      {set.state !== 'submitted' && error && <p className="field__error">{error}</p>}
    </li>
  );
}

export function DiplomaDocumentsModeration() {
  const [state, setState] = useState<SetState>('submitted');
  const list = useAdminData(`/diploma/sets?state=${state}`, (answer: DiplomaSetsAnswer) => answer.items);
  const [done, setDone] = useState<string | null>(null);
  const remove = (userId: number) => {
    list.update((items) => items.filter((item) => item.user_id !== userId));
    setDone('Решение сохранено, студент увидит его в «Моих курсах».');
  };
  return (
    <section className="diploma-moderation" aria-label="Документы для диплома">
      <fieldset className="moderation-filter">
        <legend className="visually-hidden">Какие документы показать</legend>
        {FILTERS.map(([value, title]) => (
          <button
            key={value}
            type="button"
            className="moderation-filter__option"
            aria-pressed={value === state}
            onClick={() => {
              setDone(null);
              setState(value);
            }}
          >
            {title}
          </button>
        ))}
      </fieldset>
      <p className="visually-hidden" role="status">
        {done}
      </p>
      {list.status === 'loading' && <AdminLoading />}
      {list.status === 'error' && <AdminFailure error={list.error} retry={list.reload} />}
      {list.status === 'ready' &&
        (list.data.length === 0 ? (
          <p className="moderation-empty">Здесь пока пусто.</p>
        ) : (
          <ul className="diploma-review-list">
            {list.data.map((set) => (
              <ReviewCard key={set.user_id} set={set} onDone={remove} />
            ))}
          </ul>
        ))}
    </section>
  );
}
