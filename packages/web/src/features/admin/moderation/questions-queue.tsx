// «Вопросы»: what customers asked on /my-question, the longest-waiting first, answered in the shop's rich-text
// editor (Tiptap, fetched only when the moderator opens an answer); the customer sees the answer on /my-question.
import { type FormEvent, useRef, useState } from 'react';
import {
  RichTextEditor,
  type RichTextHandle,
} from '../../../components/rich-text-editor/rich-text-editor.tsx';
import { FORM_ERROR, FormError, SubmitButton, useForm } from '../../../components/ui/form.tsx';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { useAdminApi } from '../admin-api.ts';
import { AdminChip, formatAdminDate } from '../admin-ui.tsx';
import { type AdminQuestion, ANSWER_TEXT_MAX, answerSchema } from './moderation-api.ts';
import { FilterTabs, QueueBody, useAnnouncer, useQueue, useQueueFilter } from './queue-kit.tsx';

const FILTERS = [
  ['false', 'Без ответа'],
  ['true', 'С ответом'],
] as const;
const ANSWERED = FILTERS.map(([value]) => value);

function AnswerForm({
  question,
  onAnswered,
  onCancel,
}: {
  question: AdminQuestion;
  onAnswered(answered: AdminQuestion): void;
  onCancel(): void;
}) {
  const api = useAdminApi();
  const html = useRef('');
  const editor = useRef<RichTextHandle>(null);
  const { formRef, errors, sending, submit, clearError } = useForm({
    schema: answerSchema,
    fields: ['answer'],
    send: (data) => api.put<{ question: AdminQuestion }>(`/questions/${question.id}/answer`, data),
    onSuccess: (result) => onAnswered({ ...question, ...result.question }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    editor.current?.flush();
    void submit({ answer: html.current });
  };
  return (
    <form
      ref={formRef}
      className="moderation-answer"
      aria-label={`Ответ на вопрос, автор — ${question.user.name}`}
      noValidate
      onSubmit={onSubmit}
    >
      <FormError message={errors[FORM_ERROR]} />
      <RichTextEditor
        name="answer"
        label={question.answer ? 'Новый ответ (заменит прежний)' : 'Ответ'}
        required
        loadOn="mount"
        rows={5}
        maxLength={ANSWER_TEXT_MAX}
        error={errors.answer}
        handleRef={editor}
        onChange={(value) => {
          html.current = value;
          clearError('answer');
        }}
      />
      <div className="moderation-actions">
        <SubmitButton sending={sending} sendingText="Отправляем…" className="button--small">
          Отправить ответ
        </SubmitButton>
        <button type="button" className="button button--small button--ghost" onClick={onCancel}>
          Отмена
        </button>
      </div>
    </form>
  );
}

function QuestionItem({
  question,
  onAnswered,
}: {
  question: AdminQuestion;
  onAnswered(answered: AdminQuestion): void;
}) {
  const [answering, setAnswering] = useState(false);
  return (
    <li className="moderation-item" aria-label={`Вопрос, автор — ${question.user.name}`}>
      <header className="moderation-item__head">
        <span className="moderation-item__author">{question.user.name}</span>
        <time className="moderation-item__date" dateTime={question.created_at}>
          {formatAdminDate(question.created_at)}
        </time>
        {question.answer ? (
          <AdminChip tone="good">Есть ответ</AdminChip>
        ) : (
          <AdminChip tone="warn">Ждёт ответа</AdminChip>
        )}
      </header>
      {question.product ? (
        <p className="moderation-item__context">
          Товар:{' '}
          <a href={question.product.url} target="_blank" rel="noopener">
            {question.product.name}
          </a>
        </p>
      ) : null}
      {/* The question is plain text as the customer typed it: React shows it as text. */}
      <p className="moderation-item__question">{question.text}</p>
      {question.answer ? (
        <div className="moderation-item__answer">
          <p className="moderation-item__answer-title">
            Ответ магазина
            {question.answered_at ? ` · ${formatAdminDate(question.answered_at)}` : ''}
          </p>
          <RichText html={question.answer} />
        </div>
      ) : null}
      {answering ? (
        <AnswerForm
          question={question}
          onCancel={() => setAnswering(false)}
          onAnswered={(answered) => {
            setAnswering(false);
            onAnswered(answered);
          }}
        />
      ) : (
        <div className="moderation-actions">
          <button
            type="button"
            className={question.answer ? 'button button--small button--ghost' : 'button button--small'}
            onClick={() => setAnswering(true)}
          >
            {question.answer ? 'Изменить ответ' : 'Ответить'}
          </button>
        </div>
      )}
    </li>
  );
}

export function QuestionsQueue({ onDecided }: { onDecided(): void }) {
  const { filter, page, setFilter, setPage } = useQueueFilter<'true' | 'false'>(
    'answered',
    ANSWERED,
    'false',
  );
  const { list, remove } = useQueue<AdminQuestion>(`/questions?answered=${filter}&page=${page}`);
  const { announce, region } = useAnnouncer();

  return (
    <section aria-labelledby="moderation-questions-title">
      <h2 id="moderation-questions-title" className="visually-hidden">
        Вопросы покупателей
      </h2>
      <FilterTabs label="Какие вопросы показать" options={FILTERS} value={filter} onChange={setFilter} />
      {region}
      <QueueBody
        list={list}
        onPage={setPage}
        empty={filter === 'false' ? 'Все вопросы отвечены.' : 'Отвеченных вопросов пока нет.'}
      >
        {(items) =>
          items.map((question) => (
            <QuestionItem
              key={question.id}
              question={question}
              onAnswered={(answered) => {
                // A fresh answer leaves the waiting list; a corrected one stays in place with its new text.
                if (filter === 'false') remove(question.id);
                else
                  list.update((data) => ({
                    ...data,
                    items: data.items.map((item) => (item.id === answered.id ? answered : item)),
                  }));
                onDecided();
                announce(`Ответ отправлен — ${answered.user.name} увидит его на странице «Мои вопросы».`);
              }}
            />
          ))
        }
      </QueueBody>
    </section>
  );
}
