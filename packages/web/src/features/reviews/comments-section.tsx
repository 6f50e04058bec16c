// Comments under a product, recipe or article (spec §4): threads newest first with their replies (one level), a
// form with the rich-text editor for logged-in visitors, a way to log in for guests, and a live comment count.
import type { Pagination } from '@efir/domain/catalog-wire';
import { formatDateLong } from '@efir/domain/dates';
import {
  COMMENT_TEXT_MAX,
  type CommentThread,
  type CommentWire,
  commentSchema,
  type VoteType,
} from '@efir/domain/reviews-schemas';
import type { CommentAnswer } from '@efir/domain/reviews-wire';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { RichTextEditor, type RichTextHandle } from '../../components/rich-text-editor/rich-text-editor.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { FORM_ERROR, FormError, SubmitButton, useForm } from '../../components/ui/form.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import { Link } from '../../lib/router/link.tsx';
import { loginUrlFor } from '../../lib/session.ts';
import { useSessionStatus } from '../../lib/use-session.ts';
import { COMMENTS_SECTION_ID } from './comment-count.tsx';
import { readCommentCount, recordCommentCount, useItemStatsVersion } from './item-stats.ts';
import { fetchComments, sendComment } from './reviews-api.ts';
import './reviews.css';
import { ShopReply } from './shop-reply.tsx';

export { CommentCount, type CommentCountProps } from './comment-count.tsx';

/** Threads with a new comment in its place: a top comment first, a reply at the end of its thread. */
export function insertComment(threads: CommentThread[], comment: CommentWire): CommentThread[] {
  if (comment.parent_id === null) return [{ ...comment, replies: [] }, ...threads];
  return threads.map((thread) =>
    thread.id === comment.parent_id ? { ...thread, replies: [...thread.replies, comment] } : thread,
  );
}

/** Appends a further page, leaving out threads already shown (new comments shift the pages by one). */
export function appendThreads(shown: CommentThread[], more: CommentThread[]): CommentThread[] {
  const known = new Set(shown.map((thread) => thread.id));
  return [...shown, ...more.filter((thread) => !known.has(thread.id))];
}

function CommentForm({
  type,
  id,
  parentId,
  label,
  submitText,
  loadOn,
  onPosted,
  onCancel,
}: {
  type: VoteType;
  id: number;
  parentId?: number;
  label: string;
  submitText: string;
  loadOn: 'mount' | 'focus';
  onPosted(answer: CommentAnswer): void;
  onCancel?(): void;
}) {
  const { api } = useAppContext();
  const editor = useRef<RichTextHandle>(null);
  const html = useRef('');
  const { formRef, errors, sending, submit, clearError } = useForm({
    schema: commentSchema,
    fields: ['text'],
    send: (data) => sendComment(api, data),
    onSuccess: (answer) => {
      editor.current?.clear();
      onPosted(answer);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The editor syncs at most every 300 ms: take what was typed in the last moment too.
    editor.current?.flush();
    void submit({ type, id, text: html.current, ...(parentId ? { parent_id: parentId } : {}) });
  };

  return (
    <form ref={formRef} className="comment-form" aria-label={label} noValidate onSubmit={onSubmit}>
      <FormError message={errors[FORM_ERROR]} />
      <RichTextEditor
        name="text"
        label={label}
        loadOn={loadOn}
        maxLength={COMMENT_TEXT_MAX}
        rows={parentId ? 3 : 4}
        error={errors.text}
        handleRef={editor}
        onChange={(value) => {
          html.current = value;
          clearError('text');
        }}
      />
      <div className="comment-form__actions">
        <SubmitButton sending={sending}>{submitText}</SubmitButton>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Отмена
          </button>
        )}
      </div>
    </form>
  );
}

function CommentBody({ comment }: { comment: CommentWire }) {
  return (
    <article className="comment" id={`comment-${comment.id}`}>
      <header className="comment__head">
        <Avatar name={comment.user.name} photo={comment.user.avatar.photo} size={36} />
        <span className="comment__author">{comment.user.name}</span>
        <time className="comment__date" dateTime={comment.created_at}>
          {formatDateLong(comment.created_at)}
        </time>
      </header>
      <RichText html={comment.html} className="comment__text" />
      <ShopReply reply={comment.reply} />
    </article>
  );
}

export interface CommentsSectionProps {
  type: VoteType;
  id: number;
  /** From the page data (com_data.comments_count). */
  count: number;
  /** From the page data (page.comments, page.comments_pagination): the first page of threads, so the server
   * renders them and the browser need not ask; without them the section asks for the first page itself. */
  firstThreads?: CommentThread[] | undefined;
  firstPagination?: Pagination | null | undefined;
  title?: string;
  /** The label of the new-comment box. */
  formLabel?: string;
}

type LoadState = 'loading' | 'ready' | 'failed';

/** A product's comments are its customers' reviews; the section speaks of them so. */
const WORDS = {
  reviews: { one: 'отзыв', many: 'отзывы' },
  comments: { one: 'комментарий', many: 'комментарии' },
} as const;

export function CommentsSection({
  type,
  id,
  count,
  firstThreads,
  firstPagination,
  title = 'Комментарии',
  formLabel = 'Ваш комментарий',
}: CommentsSectionProps) {
  const { api } = useAppContext();
  const status = useSessionStatus();
  const location = useLocation();
  const headingId = useId();
  const words = type === 'product' ? WORDS.reviews : WORDS.comments;
  useItemStatsVersion();
  const total = readCommentCount(type, id, count);
  // The page data's first page counts at mount only (the section is keyed by its page): later changes are its own.
  const [given] = useState(() =>
    firstThreads && firstPagination ? { threads: firstThreads, pagination: firstPagination } : null,
  );
  const [threads, setThreads] = useState<CommentThread[]>(given?.threads ?? []);
  const [pagination, setPagination] = useState<Pagination | null>(given?.pagination ?? null);
  const [state, setState] = useState<LoadState>(given ? 'ready' : 'loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const [replyTo, setReplyTo] = useState<{ threadId: number; parentId: number; name: string } | null>(null);
  const [attempt, setAttempt] = useState(0);

  // Without the page data's first page the browser asks for it (the server render shows a loader); «try again»
  // (`attempt`) asks anew.
  useEffect(() => {
    if (given && attempt === 0) return;
    const controller = new AbortController();
    setState('loading');
    fetchComments(api, { type, id, page: 1 }, controller.signal)
      .then((answer) => {
        setThreads(answer.items);
        setPagination(answer.pagination);
        setState('ready');
      })
      .catch(() => {
        if (!controller.signal.aborted) setState('failed');
      });
    return () => controller.abort();
  }, [api, type, id, attempt, given]);

  const loadMore = useCallback(async () => {
    if (!pagination) return;
    setLoadingMore(true);
    try {
      const answer = await fetchComments(api, { type, id, page: pagination.page + 1 });
      setThreads((shown) => appendThreads(shown, answer.items));
      setPagination(answer.pagination);
    } catch {
      // The button stays; the http client has already told what went wrong.
    } finally {
      setLoadingMore(false);
    }
  }, [api, type, id, pagination]);

  const posted = (answer: CommentAnswer) => {
    setThreads((shown) => insertComment(shown, answer.comment));
    recordCommentCount(type, id, count, answer.comments_count);
    setReplyTo(null);
  };

  const here = `${location.pathname}${location.search}`;
  const replyButton = (threadId: number, comment: CommentWire) =>
    status === 'user' && (
      <button
        type="button"
        className="comment__reply"
        onClick={() => setReplyTo({ threadId, parentId: comment.id, name: comment.user.name })}
      >
        Ответить
      </button>
    );

  return (
    <section className="comments" aria-labelledby={headingId} id={COMMENTS_SECTION_ID}>
      <h2 id={headingId} className="comments__title">
        {title} <span className="comments__count">{total > 0 ? total : ''}</span>
      </h2>

      {status === 'user' && (
        <CommentForm
          type={type}
          id={id}
          label={formLabel}
          submitText="Отправить"
          loadOn="focus"
          onPosted={posted}
        />
      )}
      {status === 'guest' && (
        <p className="comments__login">
          <Link to={loginUrlFor(here)}>Войдите</Link>
          {`, чтобы написать ${words.one} или ответить. Ещё нет кабинета? `}
          <Link to="/registration">Зарегистрируйтесь</Link>.
        </p>
      )}

      {state === 'loading' && (
        <p className="comments__state" role="status">
          {`Загружаем ${words.many}…`}
        </p>
      )}
      {state === 'failed' && (
        <p className="comments__state">
          {`Не удалось загрузить ${words.many}. `}
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setAttempt((n) => n + 1)}
          >
            Повторить
          </button>
        </p>
      )}
      {state === 'ready' && threads.length === 0 && (
        <p className="comments__state muted">{`Пока никто не написал — ваш ${words.one} может быть первым.`}</p>
      )}

      {threads.length > 0 && (
        <ol className="comments__list">
          {threads.map((thread) => (
            <li key={thread.id} className="comments__thread">
              <CommentBody comment={thread} />
              {replyButton(thread.id, thread)}
              {thread.replies.length > 0 && (
                <ol className="comments__replies">
                  {thread.replies.map((reply) => (
                    <li key={reply.id}>
                      <CommentBody comment={reply} />
                      {replyButton(thread.id, reply)}
                    </li>
                  ))}
                </ol>
              )}
              {replyTo?.threadId === thread.id && (
                <div className="comments__reply-form">
                  <CommentForm
                    type={type}
                    id={id}
                    parentId={replyTo.parentId}
                    label={`Ответ для ${replyTo.name}`}
                    submitText="Ответить"
                    loadOn="mount"
                    onPosted={posted}
                    onCancel={() => setReplyTo(null)}
                  />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}

      {pagination && pagination.page < pagination.pages && (
        <button
          type="button"
          className="button button--ghost comments__more"
          disabled={loadingMore}
          aria-busy={loadingMore || undefined}
          onClick={() => void loadMore()}
        >
          {loadingMore ? 'Загружаем…' : 'Показать ещё'}
        </button>
      )}
    </section>
  );
}
