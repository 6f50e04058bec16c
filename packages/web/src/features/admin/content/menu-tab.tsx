// «Меню»: the article links of the catalogue mega-menu (and the shop's other link lists) — name, address, picture,
// colour — in the order shown.

import { z } from '@efir/domain/zod-ru';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormError, SubmitButton, TextField, useForm } from '../../../components/ui/form.tsx';
import { describeFailure, FORM_ERROR } from '../../../lib/forms.ts';
import { useAdminApi, useAdminData } from '../admin-api.ts';
import { AdminFailure, AdminLoading } from '../admin-ui.tsx';
import { MENU_TITLES, type MenuItem, type MenuName, moved } from './content-api.ts';
import { DeleteButton, OrderButtons } from './ordered-list.tsx';
import { ImageField } from './publication-edit.tsx';
import { ColorField } from './slides-tab.tsx';

const FIELDS = ['name', 'url', 'img', 'color'] as const;
type MenuValues = Record<(typeof FIELDS)[number], string>;
const checks = z.looseObject({
  name: z.string().trim().min(1, 'Заполните название').optional(),
  url: z.string().trim().min(1, 'Укажите ссылку').optional(),
});

function isMenuName(value: string | null): value is MenuName {
  return value !== null && value in MENU_TITLES;
}

export function MenuTab() {
  const api = useAdminApi();
  const [params, setParams] = useSearchParams();
  const raw = params.get('menu');
  const menu: MenuName = isMenuName(raw) ? raw : 'articles';
  const list = useAdminData<{ items: MenuItem[] }>(`/content/menu?menu=${menu}`);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const run = async (action: () => Promise<{ items: MenuItem[] }>, done: string) => {
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
        <label className="admin-inline-field">
          Меню
          <select
            value={menu}
            onChange={(event) => {
              setEditing(null);
              setNotice(null);
              setParams({ menu: event.target.value }, { replace: true });
            }}
          >
            {(Object.keys(MENU_TITLES) as MenuName[]).map((name) => (
              <option key={name} value={name}>
                {MENU_TITLES[name]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--small"
          onClick={() => setEditing(editing === 'new' ? null : 'new')}
        >
          Добавить ссылку
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
        <MenuForm
          menu={menu}
          item={null}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setNotice('Ссылка добавлена');
            list.reload();
          }}
        />
      ) : null}
      {list.status === 'loading' ? <AdminLoading /> : null}
      {list.status === 'error' ? <AdminFailure error={list.error} retry={list.reload} /> : null}
      {list.status === 'ready' && items.length === 0 ? (
        <p className="admin-muted">В этом меню пусто.</p>
      ) : null}
      <ol className="content-cards">
        {items.map((item, index) => (
          <li key={item.id} className="content-card">
            <div className="content-card__row">
              <span
                className="content-card__dot"
                style={item.color ? { backgroundColor: item.color } : undefined}
                aria-hidden="true"
              />
              <div className="content-card__text">
                <strong>{item.name}</strong>
                <span className="content-table__url">{item.url}</span>
              </div>
              <div className="content-card__actions">
                <OrderButtons
                  index={index}
                  count={items.length}
                  busy={busy}
                  name={item.name}
                  onMove={(step) =>
                    void run(
                      () =>
                        api.put<{ items: MenuItem[] }>('/content/menu/order', {
                          menu,
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
                      await api.delete(`/content/menu/${item.id}`);
                      return { items: items.filter((entry) => entry.id !== item.id) };
                    }, 'Ссылка удалена')
                  }
                />
              </div>
            </div>
            {editing === item.id ? (
              <MenuForm
                menu={menu}
                item={item}
                onCancel={() => setEditing(null)}
                onSaved={(next) => {
                  setEditing(null);
                  setNotice('Изменения сохранены');
                  list.update((data) => ({
                    items: data.items.map((entry) => (entry.id === next.id ? next : entry)),
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

function MenuForm({
  menu,
  item,
  onSaved,
  onCancel,
}: {
  menu: MenuName;
  item: MenuItem | null;
  onSaved(item: MenuItem): void;
  onCancel(): void;
}) {
  const api = useAdminApi();
  const initial: MenuValues = {
    name: item?.name ?? '',
    url: item?.url ?? '',
    img: item?.img ?? '',
    color: item?.color ?? '',
  };
  const [values, setValues] = useState(initial);
  const form = useForm({
    schema: checks,
    fields: FIELDS,
    send: async (data: Record<string, unknown>) => {
      const answer = item
        ? await api.put<{ item: MenuItem }>(`/content/menu/${item.id}`, data)
        : await api.post<{ item: MenuItem }>('/content/menu', { menu, ...data });
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
    const changed = item ? FIELDS.filter((field) => values[field] !== initial[field]) : FIELDS;
    if (changed.length === 0) {
      onCancel();
      return;
    }
    // Picture and colour are optional: empty means none.
    const payload = Object.fromEntries(
      changed.map((field) => {
        const value = values[field].trim();
        return [field, (field === 'img' || field === 'color') && value === '' ? null : value];
      }),
    );
    void form.submit(payload);
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
          name="url"
          required
          value={values.url}
          error={form.errors.url}
          placeholder="/articles/… или https://…"
          onChange={(event) => set('url', event.target.value)}
        />
        <ImageField
          name="img"
          label="Картинка (необязательно)"
          value={values.img}
          error={form.errors.img}
          onChange={(value) => set('img', value)}
        />
        <ColorField
          label="Цвет метки (необязательно)"
          value={values.color}
          error={form.errors.color}
          onChange={(value) => set('color', value)}
        />
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
