// /my-question: ask the shop a question, and the questions asked so far with their answers.
import { QUESTION_TEXT_MAX, questionSchema } from '@efir/domain/account-schemas';
import type { QuestionAskedAnswer, QuestionsAnswer, QuestionWire } from '@efir/domain/account-wire';
import { formatDateLong } from '@efir/domain/dates';
import {
  AccountHeading,
  AccountSection,
  EmptyState,
  LoadFailed,
  Loading,
} from '../../components/shop/account-ui.tsx';
import { FORM_ERROR, FormError, SubmitButton, TextAreaField, useForm } from '../../components/ui/form.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import { useAccountData } from '../../lib/remote-data.ts';
import { Link } from '../../lib/router/link.tsx';

function QuestionItem({ question }: { question: QuestionWire }) {
  return (
    <li className="question">
      <p className="question__meta">
        <time dateTime={question.created_at}>{formatDateLong(question.created_at)}</time>
        {question.product && (
          <>
            {' · '}
            <Link to={question.product.url}>{question.product.name}</Link>
          </>
        )}
      </p>
      <p className="question__text">{question.text}</p>
      {question.answer ? (
        <div className="question__answer">
          <p className="question__answer-title">
            Ответ магазина
            {question.answered_at && (
              <>
                {' · '}
                <time dateTime={question.answered_at}>{formatDateLong(question.answered_at)}</time>
              </>
            )}
          </p>
          <RichText html={question.answer} />
        </div>
      ) : (
        <p className="question__pending">Ответ готовится</p>
      )}
    </li>
  );
}

export function QuestionsPage() {
  const { api, store } = useAppContext();
  const questions = useAccountData('/v1/my-question', (answer: QuestionsAnswer) => answer.items);
  const form = useForm({
    initial: { text: '' },
    schema: questionSchema,
    fields: ['text'],
    send: (data) => api.post<QuestionAskedAnswer>('/v1/user/question', { body: data }),
    onSuccess: ({ question: asked }) => {
      form.setValues({ text: '' });
      questions.update((items) => [asked, ...items.filter((item) => item.id !== asked.id)]);
      store.getState().showNotice({
        type: 'success',
        title: 'Вопрос отправлен',
        text: 'Ответ появится на этой странице.',
      });
    },
  });

  return (
    <div className="account-page">
      <AccountHeading
        title="Мои вопросы"
        lead="Спросите о товаре, применении масел или заказе — ответят наши специалисты."
      />
      <AccountSection title="Задать вопрос" id="ask-title">
        <form
          ref={form.formRef}
          className="form"
          noValidate
          aria-labelledby="ask-title"
          onSubmit={form.onSubmit}
        >
          <FormError message={form.errors[FORM_ERROR]} />
          <TextAreaField
            label="Ваш вопрос"
            rows={4}
            required
            maxLength={QUESTION_TEXT_MAX}
            placeholder="Например: можно ли использовать масло лаванды в аромалампе в детской?"
            {...form.field('text')}
          />
          <SubmitButton sending={form.sending} sendingText="Отправляем…">
            Отправить вопрос
          </SubmitButton>
        </form>
      </AccountSection>

      <AccountSection title="Заданные вопросы" id="asked-title">
        {questions.status === 'loading' && <Loading />}
        {questions.status === 'error' && <LoadFailed error={questions.error} onRetry={questions.reload} />}
        {questions.status === 'ready' &&
          (questions.data.length > 0 ? (
            <ul className="question-list">
              {questions.data.map((question) => (
                <QuestionItem key={question.id} question={question} />
              ))}
            </ul>
          ) : (
            <EmptyState title="Вы ещё ничего не спрашивали" icon="chat">
              Задайте вопрос в форме выше — ответ придёт сюда.
            </EmptyState>
          ))}
      </AccountSection>
    </div>
  );
}
