// The list editing shared by «Слайды» and «Меню»: cards in the order shown, each moved a step, changed in an inline
// form or deleted in place, with one line saying what was done. Each tab brings its own fields, card and words.
import type { z } from '@efir/domain/zod-ru';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormError, SubmitButton, TextField, useForm } from '../../../components/ui/form.tsx';
import { describeFailure } from '../../../lib/failure-message.ts';
import { FORM_ERROR } from '../../../lib/forms.ts';
import { useAdminApi, type useAdminData } from '../admin-api.ts';
import { AdminFailure, AdminLoading } from '../admin-ui.tsx';
import { moved } from './content-api.ts';
import { DeleteButton, OrderButtons } from './ordered-list.tsx';

interface Card {
  id: number;
  name: string;
}

type CardList<T> = ReturnType<typeof useAdminData<{ items: T[] }>>;

/** Where the list lives on the wire: `path` (PUT {path}/order, POST {path}, PUT and DELETE {path}/{id}) and what
 * names the list (the menu's `{ menu }`), sent with the order and with a new card. */
export interface CardWire {
  path: string;
  scope?: Record<string, string>;
}

/** The open form, the running call and the last notice or failure. Kept by the tab, so that they outlive a reload. */
export function useCardListState() {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return { editing, setEditing, busy, setBusy, failure, setFailure, notice, setNotice };
}

export interface CardFormProps<T> {
  item: T | null;
  onSaved(item: T): void;
  onCancel(): void;
}

export function CardListEditor<T extends Card>({
  list,
  state,
  wire,
  controls,
  texts,
  card,
  form,
}: {
  list: CardList<T>;
  state: ReturnType<typeof useCardListState>;
  wire: CardWire;
  /** Shown before the add button. */
  controls?: ReactNode;
  texts: { add: string; added: string; deleted: string; empty: string };
  /** What a card shows before its buttons. */
  card(item: T): ReactNode;
  /** The form as an element (`<MenuForm {...props} />`), not a call: it has its own state. */
  form(props: CardFormProps<T>): ReactNode;
}) {
  const api = useAdminApi();
  const { editing, setEditing, busy, setBusy, failure, setFailure, notice, setNotice } = state;

  const run = async (action: () => Promise<{ items: T[] }>, done: string) => {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      const answer = await action();
      list.update(() => answer);
      setNotice(done);
    } catch (error) {
      setFailure(describeFailure(error));
    } finally {
      setBusy(false);
    }
  };

  const items = list.status === 'ready' ? list.data.items : [];
  return (
    <>
      <div className="admin-toolbar">
        {controls}
        <button
          type="button"
          className="button button--small"
          onClick={() => setEditing(editing === 'new' ? null : 'new')}
        >
          {texts.add}
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
      {editing === 'new'
        ? form({
            item: null,
            onCancel: () => setEditing(null),
            onSaved: () => {
              setEditing(null);
              setNotice(texts.added);
              list.reload();
            },
          })
        : null}
      {list.status === 'loading' ? <AdminLoading /> : null}
      {list.status === 'error' ? <AdminFailure error={list.error} retry={list.reload} /> : null}
      {list.status === 'ready' && items.length === 0 ? <p className="admin-muted">{texts.empty}</p> : null}
      <ol className="content-cards">
        {items.map((item, index) => (
          <li key={item.id} className="content-card">
            <div className="content-card__row">
              {card(item)}
              <div className="content-card__actions">
                <OrderButtons
                  index={index}
                  count={items.length}
                  busy={busy}
                  name={item.name}
                  onMove={(step) =>
                    void run(
                      () =>
                        api.put<{ items: T[] }>(`${wire.path}/order`, {
                          ...wire.scope,
                          ids: moved(items, index, step).map((entry) => entry.id),
                        }),
                      'Порядок сохранён',
                    )
                  }
                />
                <button
                  type="button"
                  className="button button--small button--ghost"
                  aria-expanded={editing === item.id}
                  onClick={() => setEditing(editing === item.id ? null : item.id)}
                >
                  Изменить
                </button>
                <DeleteButton
                  name={item.name}
                  onDelete={() =>
                    run(async () => {
                      await api.delete(`${wire.path}/${item.id}`);
                      return { items: items.filter((entry) => entry.id !== item.id) };
                    }, texts.deleted)
                  }
                />
              </div>
            </div>
            {editing === item.id
              ? form({
                  item,
                  onCancel: () => setEditing(null),
                  onSaved: (next) => {
                    setEditing(null);
                    setNotice('Изменения сохранены');
                    list.update((data) => ({
                      items: data.items.map((entry) => (entry.id === next.id ? next : entry)),
                    }));
                  },
                })
              : null}
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * A card's form: keeps the typed values and sends only what changed (all of it for a new card); closes without a
 * call when nothing did. Values are trimmed; an empty `optional` field is sent as null (none).
 */
export function useCardForm<T extends Card, F extends string>({
  item,
  onSaved,
  onCancel,
  wire,
  schema,
  fields,
  initial,
  optional = [],
}: CardFormProps<T> & {
  wire: CardWire;
  schema: z.ZodType;
  fields: readonly F[];
  initial: Record<F, string>;
  optional?: readonly F[];
}) {
  const api = useAdminApi();
  const [values, setValues] = useState(initial);
  const form = useForm({
    schema,
    fields,
    send: async (data: Record<string, unknown>) => {
      const answer = item
        ? await api.put<{ item: T }>(`${wire.path}/${item.id}`, data)
        : await api.post<{ item: T }>(wire.path, { ...wire.scope, ...data });
      return answer.item;
    },
    onSuccess: onSaved,
  });
  const set = (field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    form.clearError(field);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changed = item ? fields.filter((field) => values[field] !== initial[field]) : fields;
    if (changed.length === 0) {
      onCancel();
      return;
    }
    const payload = Object.fromEntries(
      changed.map((field) => {
        const value = values[field].trim();
        return [field, optional.includes(field) && value === '' ? null : value];
      }),
    );
    void form.submit(payload);
  };
  return { values, set, errors: form.errors, form, submit, onCancel };
}

/** The frame of a card's form: its message, the fields in a grid, «Сохранить» and «Отмена». */
export function CardForm({
  card,
  children,
}: {
  card: Pick<ReturnType<typeof useCardForm>, 'form' | 'errors' | 'submit' | 'onCancel'>;
  children: ReactNode;
}) {
  return (
    <form ref={card.form.formRef} className="content-inline-form" noValidate onSubmit={card.submit}>
      <FormError message={card.errors[FORM_ERROR]} />
      <div className="content-form__grid">{children}</div>
      <div className="content-form__actions">
        <SubmitButton sending={card.form.sending} sendingText="Сохраняем…">
          Сохранить
        </SubmitButton>
        <button type="button" className="button button--ghost" onClick={card.onCancel}>
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
