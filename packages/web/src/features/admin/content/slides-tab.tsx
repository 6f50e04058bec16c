// «Слайды»: the home page slider — picture, title, link, who sees it, background colour — in the order shown.
import { z } from '@efir/domain/zod-ru';
import { type FormEvent, useState } from 'react';
import { FormError, SubmitButton, TextField, useForm } from '../../../components/ui/form.tsx';
import { describeFailure, FORM_ERROR } from '../../../lib/forms.ts';
import { useAdminApi, useAdminData } from '../admin-api.ts';
import { AdminChip, AdminFailure, AdminLoading } from '../admin-ui.tsx';
import { AUDIENCES, type Audience, moved, type SlideItem } from './content-api.ts';
import { DeleteButton, OrderButtons } from './ordered-list.tsx';
import { ImageField, SelectField } from './publication-edit.tsx';

const FIELDS = ['img', 'name', 'link', 'show', 'color'] as const;
type SlideValues = Record<(typeof FIELDS)[number], string>;
const checks = z.looseObject({
  name: z.string().trim().min(1, 'Заполните название').optional(),
  img: z.string().trim().min(1, 'Укажите файл картинки').optional(),
  color: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i, 'Цвет в формате #RRGGBB')
    .optional(),
});

const EMPTY: SlideValues = { img: '', name: '', link: '', show: 'all', color: '#ffffff' };

export function SlidesTab() {
  const api = useAdminApi();
  const list = useAdminData<{ items: SlideItem[] }>('/content/slides');
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  if (list.status === 'loading') return <AdminLoading />;
  if (list.status === 'error') return <AdminFailure error={list.error} retry={list.reload} />;
  const items = list.data.items;

  const run = async (action: () => Promise<{ items: SlideItem[] } | null>, done: string) => {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      const answer = await action();
      if (answer) list.update(() => answer);
      else list.reload();
      setNotice(done);
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      setBusy(false);
    }
  };

  const move = (index: number, step: -1 | 1) =>
    run(
      () =>
        api.put<{ items: SlideItem[] }>('/content/slides/order', {
          ids: moved(items, index, step).map((item) => item.id),
        }),
      'Порядок сохранён',
    );

  return (
    <>
      <div className="admin-toolbar">
        <button
          type="button"
          className="button button--small"
          onClick={() => setEditing(editing === 'new' ? null : 'new')}
        >
          Добавить слайд
        </button>
        <p className="content-form__notice" role="status">
          {notice}
        </p>
      </div>
      {failure ? (
        <div className="admin-failure" role="alert">
          <p>{failure}</p>
        </div>
      ) : null}
      {editing === 'new' ? (
        <SlideForm
          slide={null}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setNotice('Слайд добавлен');
            list.reload();
          }}
        />
      ) : null}
      {items.length === 0 ? <p className="admin-muted">Слайдов нет: слайдер на главной скрыт.</p> : null}
      <ol className="content-cards">
        {items.map((slide, index) => (
          <li key={slide.id} className="content-card">
            <div className="content-card__row">
              <span className="content-card__swatch" style={{ backgroundColor: slide.color }}>
                <img src={`/images/${slide.img}`} alt="" loading="lazy" />
              </span>
              <div className="content-card__text">
                <strong>{slide.name}</strong>
                <span className="content-table__url">{slide.link || 'без ссылки'}</span>
              </div>
              <AdminChip tone={slide.show === 'all' ? 'good' : 'warn'}>{AUDIENCES[slide.show]}</AdminChip>
              <div className="content-card__actions">
                <OrderButtons
                  index={index}
                  count={items.length}
                  busy={busy}
                  name={slide.name}
                  onMove={(step) => void move(index, step)}
                />
                <button
                  type="button"
                  className="button button--small button--ghost"
                  aria-expanded={editing === slide.id}
                  onClick={() => setEditing(editing === slide.id ? null : slide.id)}
                >
                  Изменить
                </button>
                <DeleteButton
                  name={slide.name}
                  onDelete={() =>
                    run(async () => {
                      await api.delete(`/content/slides/${slide.id}`);
                      return { items: items.filter((item) => item.id !== slide.id) };
                    }, 'Слайд удалён')
                  }
                />
              </div>
            </div>
            {editing === slide.id ? (
              <SlideForm
                slide={slide}
                onCancel={() => setEditing(null)}
                onSaved={(next) => {
                  setEditing(null);
                  setNotice('Изменения сохранены');
                  list.update((data) => ({
                    items: data.items.map((item) => (item.id === next.id ? next : item)),
                  }));
                }}
              />
            ) : null}
          </li>
        ))}
      </ol>
    </>
  );
}

function SlideForm({
  slide,
  onSaved,
  onCancel,
}: {
  slide: SlideItem | null;
  onSaved(slide: SlideItem): void;
  onCancel(): void;
}) {
  const api = useAdminApi();
  const initial: SlideValues = slide
    ? { img: slide.img, name: slide.name, link: slide.link, show: slide.show, color: slide.color }
    : EMPTY;
  const [values, setValues] = useState(initial);
  const form = useForm({
    schema: checks,
    fields: FIELDS,
    send: async (data: Record<string, unknown>) => {
      const answer = slide
        ? await api.put<{ item: SlideItem }>(`/content/slides/${slide.id}`, data)
        : await api.post<{ item: SlideItem }>('/content/slides', data);
      return answer.item;
    },
    onSuccess: onSaved,
  });
  const set = (field: (typeof FIELDS)[number], value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearError(field);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changed = slide ? FIELDS.filter((field) => values[field] !== initial[field]) : FIELDS;
    if (changed.length === 0) {
      onCancel();
      return;
    }
    void form.submit(Object.fromEntries(changed.map((field) => [field, values[field].trim()])));
  };
  return (
    <form ref={form.formRef} className="content-inline-form" noValidate onSubmit={submit}>
      <FormError message={form.errors[FORM_ERROR]} />
      <div className="content-form__grid">
        <TextField
          label="Название"
          name="name"
          required
          value={values.name}
          error={form.errors.name}
          onChange={(event) => set('name', event.target.value)}
        />
        <TextField
          label="Ссылка"
          name="link"
          value={values.link}
          error={form.errors.link}
          placeholder="/akcii или https://…"
          onChange={(event) => set('link', event.target.value)}
        />
        <ImageField
          name="img"
          label="Картинка"
          required
          value={values.img}
          error={form.errors.img}
          onChange={(value) => set('img', value)}
        />
        <div className="content-stack">
          <SelectField
            label="Кому показывать"
            name="show"
            value={values.show}
            error={form.errors.show}
            choices={(Object.keys(AUDIENCES) as Audience[]).map((key) => ({ id: key, name: AUDIENCES[key] }))}
            onChange={(value) => set('show', value)}
          />
          <ColorField
            value={values.color}
            error={form.errors.color}
            onChange={(value) => set('color', value)}
          />
        </div>
      </div>
      <div className="content-form__actions">
        <SubmitButton sending={form.sending} sendingText="Сохраняем…">
          Сохранить
        </SubmitButton>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Отмена
        </button>
      </div>
    </form>
  );
}

/** A colour as #RRGGBB, typed or picked. */
export function ColorField({
  value,
  error,
  onChange,
  label = 'Цвет фона',
  name = 'color',
}: {
  value: string;
  error?: string | undefined;
  onChange(value: string): void;
  label?: string;
  name?: string;
}) {
  const valid = /^#[0-9a-f]{6}$/i.test(value);
  return (
    <div className="content-color-field">
      <TextField
        label={label}
        name={name}
        value={value}
        error={error}
        placeholder="#ffffff"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
      <input
        type="color"
        className="content-color"
        aria-label={`${label}: палитра`}
        value={valid ? value.toLowerCase() : '#ffffff'}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
