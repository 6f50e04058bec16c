// An article's or recipe's edit page and the new-publication form. Editing sends only what changed; the body is
// HTML the server passes through the sanitiser; recipes also list their ingredients, tied to products or not.
import { type FormEvent, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import type { RichTextHandle } from '../../../components/rich-text-editor/rich-text-editor.tsx';
import {
  CheckboxField,
  FormError,
  SubmitButton,
  TextAreaField,
  TextField,
  useForm,
} from '../../../components/ui/form.tsx';
import { FORM_ERROR } from '../../../lib/forms.ts';
import { HttpError } from '../../../lib/http-client.ts';
import { Link } from '../../../lib/router/link.tsx';
import { useNavigate } from '../../../lib/router/router-view.tsx';
import { useAdminApi, useAdminData } from '../admin-api.ts';
import { AdminChip, AdminFailure, AdminHeader, AdminLoading } from '../admin-ui.tsx';
import { DraftOffer, useFormDraft, useLeaveGuard } from '../unsaved-changes.tsx';
import {
  CONTENT_BASE,
  type ContentOptions,
  KIND_TITLES,
  type Publication,
  type PublicationKind,
} from './content-api.ts';
import { ImageField, SelectField } from './content-fields.tsx';
import { HtmlField, useContentImageUpload } from './html-field.tsx';
import { IngredientsField } from './ingredients-field.tsx';
import {
  BASE_FIELDS,
  checks,
  type FormValues,
  RECIPE_FIELDS,
  toFormValues,
  toPayload,
} from './publication-form-values.ts';

export function PublicationEditPage({ kind }: { kind: PublicationKind }) {
  const { id = '' } = useParams();
  const item = useAdminData<{ item: Publication }>(`/content/${kind}/${encodeURIComponent(id)}`);
  const options = useAdminData<ContentOptions>('/content/options');
  const location = useLocation();
  const created = (location.state as { created?: boolean } | null)?.created === true;
  if (item.status === 'loading' || options.status === 'loading') return <AdminLoading />;
  if (item.status === 'error') {
    const missing = item.error instanceof HttpError && item.error.detail.status === 404;
    return (
      <section className="content-page">
        <BackLink kind={kind} />
        {missing ? <p>Такой записи нет.</p> : <AdminFailure error={item.error} retry={item.reload} />}
      </section>
    );
  }
  if (options.status === 'error') return <AdminFailure error={options.error} retry={options.reload} />;
  const current = item.data.item;
  return (
    <section className="content-page">
      <BackLink kind={kind} />
      <AdminHeader title={current.title}>
        {current.visible ? <AdminChip tone="good">Опубликовано</AdminChip> : <AdminChip>Скрыто</AdminChip>}
        {current.visible ? (
          <a
            className="button button--small button--ghost"
            href={current.url}
            target="_blank"
            rel="noreferrer"
          >
            Открыть на сайте
          </a>
        ) : null}
      </AdminHeader>
      <PublicationForm
        key={current.id}
        kind={kind}
        item={current}
        options={options.data}
        initialNotice={created ? KIND_TITLES[kind].createdNotice : null}
        onSaved={(next) => item.update(() => ({ item: next }))}
      />
    </section>
  );
}

export function PublicationCreatePage({ kind }: { kind: PublicationKind }) {
  const options = useAdminData<ContentOptions>('/content/options');
  const navigate = useNavigate();
  if (options.status === 'loading') return <AdminLoading />;
  if (options.status === 'error') return <AdminFailure error={options.error} retry={options.reload} />;
  return (
    <section className="content-page">
      <BackLink kind={kind} />
      <AdminHeader title={KIND_TITLES[kind].created} />
      <PublicationForm
        kind={kind}
        item={null}
        options={options.data}
        initialNotice={null}
        onSaved={(next) => navigate(`${CONTENT_BASE}/${kind}/${next.id}`, { state: { created: true } })}
      />
    </section>
  );
}

function BackLink({ kind }: { kind: PublicationKind }) {
  return (
    <Link className="content-admin__back" to={`${CONTENT_BASE}/${kind}`}>
      ← {KIND_TITLES[kind].list}
    </Link>
  );
}

function PublicationForm({
  kind,
  item,
  options,
  initialNotice,
  onSaved,
}: {
  kind: PublicationKind;
  /** null: a new publication. */
  item: Publication | null;
  options: ContentOptions;
  initialNotice: string | null;
  onSaved(item: Publication): void;
}) {
  const api = useAdminApi();
  const [initial, setInitial] = useState(() => toFormValues(item));
  const [values, setValues] = useState(initial);
  // The latest values without waiting for a render: the editor hands over its last keystrokes right before sending.
  const valuesRef = useRef(values);
  const editorRef = useRef<RichTextHandle>(null);
  const [notice, setNotice] = useState<string | null>(initialNotice);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const uploadImage = useContentImageUpload();
  const leave = useLeaveGuard(dirty);
  const draft = useFormDraft(`${kind}:${item?.id ?? 'new'}`, values, dirty);
  // A restored draft: the editor starts again from its text.
  const [restored, setRestored] = useState(0);

  const ingredientFields = values.ingredients.flatMap((_, index) => [
    `ingredients.${index}.product_id`,
    `ingredients.${index}.name`,
    `ingredients.${index}.amount`,
  ]);
  const fields = [...BASE_FIELDS, ...(kind === 'recipes' ? RECIPE_FIELDS : []), ...ingredientFields];

  const form = useForm({
    // The values live here, so the editor's last keystrokes (valuesRef) are there before sending.
    source: { values, change: (field, value) => set(field, value) },
    schema: checks,
    fields,
    send: async (data: Record<string, unknown>) => {
      const answer = item
        ? await api.put<{ item: Publication }>(`/content/${kind}/${item.id}`, data)
        : await api.post<{ item: Publication }>(`/content/${kind}`, data);
      return answer.item;
    },
    onSuccess: (next: Publication) => {
      const fresh = toFormValues(next);
      setInitial(fresh);
      valuesRef.current = fresh;
      setValues(fresh);
      setNotice(item ? 'Изменения сохранены' : null);
      draft.clear();
      leave.allowLeave();
      onSaved(next);
    },
  });
  const { errors, clearError } = form;

  const set = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    valuesRef.current = { ...valuesRef.current, [field]: value };
    setValues(valuesRef.current);
    setNotice(null);
    clearError(field === 'published_on' ? 'published_at' : field);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    editorRef.current?.flush();
    const payload = toPayload(valuesRef.current, kind);
    if (!item) {
      void form.submit(payload);
      return;
    }
    // Only what changed goes to the server (and into the audit log).
    const before = toPayload(initial, kind);
    const changed = Object.fromEntries(
      Object.entries(payload).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key])),
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
      <FormError message={errors[FORM_ERROR]} />
      <div className="admin-card content-form__grid">
        <TextField className="content-form__wide" label="Заголовок" required {...form.field('title')} />
        <TextField
          className="content-form__wide"
          label="Адрес на сайте"
          required
          {...form.field('url')}
          hint={
            kind === 'articles'
              ? 'Например, /articles/lavanda-dlya-sna.html — строчные латинские буквы, цифры, «-», «_», «.»'
              : 'Например, /recept/krem-s-lavandoj.html — строчные латинские буквы, цифры, «-», «_», «.»'
          }
          spellCheck={false}
        />
        <SelectField
          label="Раздел"
          name="razdel_id"
          value={values.razdel_id}
          error={errors.razdel_id}
          choices={options.razdels}
          onChange={(value) => set('razdel_id', value)}
        />
        <SelectField
          label="Автор"
          name="author_id"
          value={values.author_id}
          error={errors.author_id}
          choices={options.authors}
          onChange={(value) => set('author_id', value)}
        />
        <TextField
          label="Дата публикации"
          name="published_at"
          type="date"
          value={values.published_on}
          error={errors.published_at}
          onChange={(event) => set('published_on', event.target.value)}
        />
        <CheckboxField {...form.checkbox('visible')}>Опубликовано на сайте</CheckboxField>
        <fieldset className="content-form__wide content-tags" name="tag_ids">
          <legend className="field__label">Теги</legend>
          <div className="content-tags__list">
            {options.tags.map((tag) => (
              <label key={tag.id} className="content-tags__tag">
                <input
                  type="checkbox"
                  checked={values.tag_ids.includes(tag.id)}
                  onChange={(event) =>
                    set(
                      'tag_ids',
                      event.target.checked
                        ? [...values.tag_ids, tag.id]
                        : values.tag_ids.filter((tagId) => tagId !== tag.id),
                    )
                  }
                />
                {tag.name}
              </label>
            ))}
          </div>
          {errors.tag_ids ? <p className="field__error">{errors.tag_ids}</p> : null}
        </fieldset>
      </div>

      <div className="admin-card">
        <TextAreaField
          label="Анонс"
          rows={3}
          {...form.field('excerpt')}
          hint="Пара предложений для карточки в списке и поисковиков."
        />
        <HtmlField
          key={`body-${restored}`}
          uploadImage={uploadImage}
          name="html"
          label="Текст"
          value={values.html}
          error={errors.html}
          handleRef={editorRef}
          onChange={(html) => set('html', html)}
        />
        <ImageField value={values.image} error={errors.image} onChange={(value) => set('image', value)} />
      </div>

      {kind === 'recipes' ? (
        <div className="admin-card">
          <div className="content-form__grid">
            <TextField label="Что получится" {...form.field('yield')} placeholder="Например, 50 мл крема" />
            <TextField label="Время, минут" inputMode="numeric" {...form.field('time_minutes')} />
          </div>
          <IngredientsField
            lines={values.ingredients}
            errors={errors}
            onChange={(lines) => set('ingredients', lines)}
          />
        </div>
      ) : null}

      <details className="admin-card content-form__seo">
        <summary>Для поисковиков</summary>
        <TextField
          label="Заголовок окна (title)"
          {...form.field('html_title')}
          hint="Пусто — берётся заголовок."
        />
        <TextAreaField
          label="Описание (meta description)"
          rows={2}
          {...form.field('meta_description')}
          hint="Пусто — берётся анонс."
        />
      </details>

      <div className="content-form__actions">
        <SubmitButton sending={form.sending} sendingText="Сохраняем…">
          {item ? 'Сохранить' : 'Создать'}
        </SubmitButton>
        <p className="content-form__notice" role="status">
          {notice}
        </p>
      </div>
    </form>
  );
}
