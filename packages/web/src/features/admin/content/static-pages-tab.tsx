// «Страницы»: the shop's fixed pages (about, delivery, legal texts…). Their addresses are routes of the shop, so
// pages are edited here, not created or deleted.

import { FACT_TOKENS } from '@efir/domain/shop-facts';
import { z } from '@efir/domain/zod-ru';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { RichTextHandle } from '../../../components/rich-text-editor/rich-text-editor.tsx';
import { FormError, SubmitButton, TextAreaField, TextField, useForm } from '../../../components/ui/form.tsx';
import { FORM_ERROR } from '../../../lib/forms.ts';
import { HttpError } from '../../../lib/http-client.ts';
import { Link } from '../../../lib/router/link.tsx';
import { useAdminApi, useAdminData } from '../admin-api.ts';
import { AdminChip, AdminFailure, AdminHeader, AdminLoading, formatAdminDate } from '../admin-ui.tsx';
import { DraftOffer, useFormDraft, useLeaveGuard } from '../unsaved-changes.tsx';
import { CONTENT_BASE, type StaticPage, type StaticPageRow } from './content-api.ts';
import { HtmlField, useContentImageUpload } from './html-field.tsx';

const FIELDS = ['title', 'description', 'html'] as const;
const checks = z.looseObject({ title: z.string().trim().min(1, 'Заполните заголовок').optional() });

export function StaticPageList() {
  const list = useAdminData<{ items: StaticPageRow[] }>('/content/pages');
  const [typed, setTyped] = useState('');
  const shown = useMemo(() => {
    if (list.status !== 'ready') return [];
    const needle = typed.trim().toLowerCase();
    return list.data.items.filter(
      (page) => !needle || page.title.toLowerCase().includes(needle) || page.url.includes(needle),
    );
  }, [list, typed]);
  return (
    <>
      <div className="admin-toolbar">
        <label className="admin-inline-field content-admin__search">
          Поиск
          <input
            type="search"
            value={typed}
            placeholder="Заголовок или адрес"
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
      </div>
      {list.status === 'loading' ? <AdminLoading /> : null}
      {list.status === 'error' ? <AdminFailure error={list.error} retry={list.reload} /> : null}
      {list.status === 'ready' ? (
        shown.length === 0 ? (
          <p className="admin-muted">Ничего не нашлось.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table content-table">
              <thead>
                <tr>
                  <th>Страница</th>
                  <th>Вид</th>
                  <th>Изменена</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((page) => (
                  <tr key={page.id}>
                    <td>
                      <Link className="content-table__title" to={`${CONTENT_BASE}/pages/${page.id}`}>
                        {page.title}
                      </Link>
                      <div className="content-table__url">{page.url}</div>
                    </td>
                    <td>{page.kind === 'legal' ? <AdminChip tone="warn">Правовая</AdminChip> : 'Обычная'}</td>
                    <td className="num">{formatAdminDate(page.updated_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
    </>
  );
}

export function StaticPageEdit() {
  const { id = '' } = useParams();
  const page = useAdminData<{ item: StaticPage }>(`/content/pages/${encodeURIComponent(id)}`);
  if (page.status === 'loading') return <AdminLoading />;
  if (page.status === 'error') {
    const missing = page.error instanceof HttpError && page.error.detail.status === 404;
    return (
      <section className="content-page">
        <BackLink />
        {missing ? <p>Такой страницы нет.</p> : <AdminFailure error={page.error} retry={page.reload} />}
      </section>
    );
  }
  const current = page.data.item;
  return (
    <section className="content-page">
      <BackLink />
      <AdminHeader title={current.title}>
        <a className="button button--small button--ghost" href={current.url} target="_blank" rel="noreferrer">
          Открыть на сайте
        </a>
      </AdminHeader>
      <StaticPageForm
        key={current.id}
        page={current}
        onSaved={(next) => page.update(() => ({ item: next }))}
      />
    </section>
  );
}

function BackLink() {
  return (
    <Link className="content-admin__back" to={`${CONTENT_BASE}/pages`}>
      ← Страницы
    </Link>
  );
}

function StaticPageForm({ page, onSaved }: { page: StaticPage; onSaved(page: StaticPage): void }) {
  const api = useAdminApi();
  const [initial, setInitial] = useState(() => ({
    title: page.title,
    description: page.description,
    html: page.html,
  }));
  const [values, setValues] = useState(initial);
  const valuesRef = useRef(values);
  const editorRef = useRef<RichTextHandle>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const uploadImage = useContentImageUpload();
  useLeaveGuard(dirty);
  const draft = useFormDraft(`page:${page.id}`, values, dirty);
  // A restored draft: the editor starts again from its text.
  const [restored, setRestored] = useState(0);
  const form = useForm({
    // The values live here, so the editor's last keystrokes (valuesRef) are there before sending.
    source: { values, change: (field, value) => set(field, value) },
    schema: checks,
    fields: FIELDS,
    send: async (data: Record<string, unknown>) =>
      (await api.put<{ item: StaticPage }>(`/content/pages/${page.id}`, data)).item,
    onSuccess: (next: StaticPage) => {
      const fresh = { title: next.title, description: next.description, html: next.html };
      setInitial(fresh);
      valuesRef.current = fresh;
      setValues(fresh);
      setNotice('Изменения сохранены');
      draft.clear();
      onSaved(next);
    },
  });

  const set = (field: (typeof FIELDS)[number], value: string) => {
    valuesRef.current = { ...valuesRef.current, [field]: value };
    setValues(valuesRef.current);
    setNotice(null);
    form.clearError(field);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    editorRef.current?.flush();
    const changed = Object.fromEntries(
      FIELDS.filter((field) => valuesRef.current[field] !== initial[field]).map((field) => [
        field,
        valuesRef.current[field],
      ]),
    );
    if (Object.keys(changed).length === 0) {
      setNotice('Изменений нет — сохранять нечего');
      return;
    }
    void form.submit(changed);
  };

  return (
    <form ref={form.formRef} className="content-form" noValidate onSubmit={submit}>
      {draft.draft ? (
        <DraftOffer
          savedAt={draft.draft.savedAt}
          onRestore={() => {
            const kept = draft.take();
            if (!kept) return;
            valuesRef.current = { ...initial, ...kept };
            setValues(valuesRef.current);
            setRestored((count) => count + 1);
            setNotice(null);
          }}
          onDiscard={draft.discard}
        />
      ) : null}
      <FormError message={form.errors[FORM_ERROR]} />
      <div className="admin-card">
        <TextField label="Заголовок" required {...form.field('title')} />
        <TextAreaField label="Описание для поисковиков" rows={2} {...form.field('description')} />
        <HtmlField
          key={`body-${restored}`}
          uploadImage={uploadImage}
          name="html"
          label="Текст страницы"
          value={values.html}
          error={form.errors.html}
          handleRef={editorRef}
          onChange={(html) => set('html', html)}
        />
        <FactTokensHint />
      </div>
      <div className="content-form__actions">
        <SubmitButton sending={form.sending} sendingText="Сохраняем…">
          Сохранить
        </SubmitButton>
        <p className="content-form__notice" role="status">
          {notice}
        </p>
      </div>
    </form>
  );
}

/** Numbers the shop works by are named, not typed: the page then says what the cart and checkout do. */
export function FactTokensHint() {
  return (
    <div className="field__hint">
      <p>
        Цифры, по которым работает магазин, не пишите вручную — вставьте метку, и страница покажет их из
        настроек магазина:
      </p>
      <ul>
        {Object.entries(FACT_TOKENS).map(([token, meaning]) => (
          <li key={token}>
            <code>{`{{${token}}}`}</code> — {meaning}
          </li>
        ))}
      </ul>
    </div>
  );
}
