// /add-review (spec §2): a review of the shop — name (a logged-in visitor's is filled in), a rating of one to five
// stars, the text in the rich-text editor, and a honeypot field people never see. New reviews wait for moderation.
import { REVIEW_TEXT_MAX, reviewSchema } from '@efir/domain/reviews-schemas';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { RichTextEditor, type RichTextHandle } from '../../components/rich-text-editor/rich-text-editor.tsx';
import { Breadcrumbs } from '../../components/ui/breadcrumbs.tsx';
import { FORM_ERROR, FormError, SubmitButton, TextField, useForm } from '../../components/ui/form.tsx';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import { Link } from '../../lib/router/link.tsx';
import { sendReview } from './reviews-api.ts';
import './reviews.css';
import { ADD_REVIEW_TITLE } from './reviews-loader.ts';

export { ADD_REVIEW_TITLE, getAddReviewMeta } from './reviews-loader.ts';

/** What each number of stars means, read out by screen readers and shown on hover. */
export const RATING_WORDS = ['плохо', 'так себе', 'нормально', 'хорошо', 'отлично'] as const;

function StarInput({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange(value: number): void;
  error?: string | undefined;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className={error ? 'field star-input field--error' : 'field star-input'}
      aria-describedby={errorId}
    >
      <legend className="field__label">
        Оценка
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className="star-input__stars">
        {[1, 2, 3, 4, 5].map((stars) => (
          <span key={stars} className="star-input__option">
            <input
              type="radio"
              id={`${id}-${stars}`}
              name="rating"
              value={stars}
              checked={value === stars}
              className="star-input__radio"
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(stars)}
            />
            <label htmlFor={`${id}-${stars}`} className="star-input__star" title={RATING_WORDS[stars - 1]}>
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{`${stars} из 5 — ${RATING_WORDS[stars - 1]}`}</span>
            </label>
          </span>
        ))}
      </div>
      <p className="star-input__word" aria-hidden="true">
        {value > 0 ? RATING_WORDS[value - 1] : ''}
      </p>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function AddReviewPage() {
  const { api } = useAppContext();
  const userName = useAppState((state) => state.user?.name ?? '');
  const [name, setName] = useState(userName);
  const [nameTouched, setNameTouched] = useState(false);
  const [rating, setRating] = useState(0);
  const [website, setWebsite] = useState('');
  const [thanks, setThanks] = useState<string | null>(null);
  const html = useRef('');
  const editor = useRef<RichTextHandle>(null);
  const honeypotId = useId();

  // The user is often known only after hydration: fill the name then, unless the visitor has typed one.
  useEffect(() => {
    if (userName && !nameTouched) setName(userName);
  }, [userName, nameTouched]);

  const { formRef, errors, sending, submit, clearError } = useForm({
    schema: reviewSchema,
    fields: ['name', 'rating', 'text'],
    send: (data) => sendReview(api, data),
    onSuccess: (answer) => setThanks(answer.message),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    editor.current?.flush();
    void submit({ name, rating: rating || undefined, text: html.current, website });
  };

  return (
    <div className="container page add-review-page">
      <Breadcrumbs items={[{ name: 'Отзывы', url: '/reviews.html' }, { name: ADD_REVIEW_TITLE }]} />
      <h1>{ADD_REVIEW_TITLE}</h1>
      {thanks ? (
        <div className="review-thanks" role="status">
          <p className="review-thanks__text">{thanks}</p>
          <p>
            <Link to="/reviews.html" className="button">
              К отзывам
            </Link>{' '}
            <Link to="/catalog.html" className="button button--ghost">
              В каталог
            </Link>
          </p>
        </div>
      ) : (
        <form ref={formRef} className="review-form" aria-label="Новый отзыв" noValidate onSubmit={onSubmit}>
          <p className="review-form__intro">
            Расскажите, как прошёл заказ, доставка и понравились ли масла. Отзыв появится на странице после
            проверки модератором.
          </p>
          <FormError message={errors[FORM_ERROR]} />
          <TextField
            label="Ваше имя"
            name="name"
            required
            autoComplete="given-name"
            maxLength={60}
            value={name}
            error={errors.name}
            onChange={(event) => {
              setName(event.target.value);
              setNameTouched(true);
              clearError('name');
            }}
          />
          <StarInput
            value={rating}
            error={errors.rating}
            onChange={(value) => {
              setRating(value);
              clearError('rating');
            }}
          />
          <RichTextEditor
            name="text"
            label="Отзыв"
            required
            loadOn="mount"
            rows={8}
            maxLength={REVIEW_TEXT_MAX}
            error={errors.text}
            handleRef={editor}
            onChange={(value) => {
              html.current = value;
              clearError('text');
            }}
          />
          {/* The honeypot: hidden from people and screen readers, so only a robot fills it in. */}
          <div className="review-form__trap" aria-hidden="true">
            <label htmlFor={honeypotId}>Ваш сайт</label>
            <input
              id={honeypotId}
              name="website"
              type="text"
              tabIndex={-1}
              autoComplete="off"
              value={website}
              onChange={(event) => setWebsite(event.target.value)}
            />
          </div>
          <SubmitButton sending={sending}>Отправить отзыв</SubmitButton>
        </form>
      )}
    </div>
  );
}
