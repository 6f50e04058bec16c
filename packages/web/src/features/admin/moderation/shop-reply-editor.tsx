// The shop's public answer under a review or a comment (issue 39 point 9): shown here as the storefront shows it, and
// written, changed or removed in a plain text box (paragraphs kept; the server escapes and sanitises it).
import { type ShopReply, shopReplyBodySchema } from '@efir/domain/reviews-schemas';
import { useState } from 'react';
import { FORM_ERROR, FormError, SubmitButton, TextAreaField, useForm } from '../../../components/ui/form.tsx';
import { RichText } from '../../../components/ui/rich-text.tsx';
import { useShop } from '../../../lib/shop.ts';
import { useAdminApi } from '../admin-api.ts';
import { formatAdminDate } from '../admin-ui.tsx';

/** The stored answer back as the text the moderator typed: paragraphs and line breaks. */
function replyText(html: string): string {
  return html
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/p>\s*<p>/g, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_whole, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export function ShopReplyEditor({
  kind,
  id,
  author,
  reply,
  onSaved,
}: {
  kind: 'reviews' | 'comments';
  id: number;
  /** Whose text is answered, for the form's accessible name. */
  author: string;
  reply: ShopReply | null;
  onSaved(reply: ShopReply | null): void;
}) {
  const shop = useShop();
  const api = useAdminApi();
  const [editing, setEditing] = useState(false);
  const form = useForm({
    initial: { text: reply ? replyText(reply.html) : '' },
    schema: shopReplyBodySchema,
    fields: ['text'],
    send: (body) => api.put<{ id: number; reply: ShopReply | null }>(`/${kind}/${id}/reply`, body),
    onSuccess: (saved) => {
      setEditing(false);
      onSaved(saved.reply);
    },
  });
  const title = `Ответ магазина «${shop.name}»`;

  if (!editing) {
    return (
      <>
        {reply ? (
          <div className="moderation-item__answer">
            <p className="moderation-item__answer-title">
              {title} · {formatAdminDate(reply.created_at)}
            </p>
            <RichText html={reply.html} />
          </div>
        ) : null}
        <div className="moderation-actions">
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => {
              form.setValues({ text: reply ? replyText(reply.html) : '' });
              setEditing(true);
            }}
          >
            {reply ? 'Изменить ответ магазина' : 'Ответить от магазина'}
          </button>
        </div>
      </>
    );
  }
  return (
    <form
      ref={form.formRef}
      className="moderation-answer"
      aria-label={`${title}, автор — ${author}`}
      noValidate
      onSubmit={form.onSubmit}
    >
      <FormError message={form.errors[FORM_ERROR]} />
      <TextAreaField
        label={reply ? `${title} (заменит прежний)` : title}
        hint="Виден всем под текстом покупателя, с названием магазина. Пустой ответ убирает прежний."
        rows={4}
        maxLength={5000}
        {...form.field('text')}
      />
      <div className="moderation-actions">
        <SubmitButton sending={form.sending} sendingText="Сохраняем…" className="button--small">
          {form.values.text.trim() === '' && reply ? 'Убрать ответ' : 'Опубликовать ответ'}
        </SubmitButton>
        <button
          type="button"
          className="button button--small button--ghost"
          onClick={() => setEditing(false)}
        >
          Отмена
        </button>
      </div>
    </form>
  );
}
