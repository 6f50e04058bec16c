// «Меню»: the article links of the catalogue mega-menu (and the shop's other link lists) — name, address, picture,
// colour — in the order shown.

import { z } from '@efir/domain/zod-ru';
import { useSearchParams } from 'react-router';
import { TextField } from '../../../components/ui/form.tsx';
import { useAdminData } from '../admin-api.ts';
import {
  CardForm,
  type CardFormProps,
  CardListEditor,
  type CardWire,
  ColorField,
  useCardForm,
  useCardListState,
} from './card-list-editor.tsx';
import { MENU_TITLES, type MenuItem, type MenuName } from './content-api.ts';
import { ImageField } from './content-fields.tsx';

const FIELDS = ['name', 'url', 'img', 'color'] as const;
const checks = z.looseObject({
  name: z.string().trim().min(1, 'Заполните название').optional(),
  url: z.string().trim().min(1, 'Укажите ссылку').optional(),
});

function isMenuName(value: string | null): value is MenuName {
  return value !== null && value in MENU_TITLES;
}

export function MenuTab() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('menu');
  const menu: MenuName = isMenuName(raw) ? raw : 'articles';
  const list = useAdminData<{ items: MenuItem[] }>(`/content/menu?menu=${menu}`);
  const state = useCardListState();
  const wire = { path: '/content/menu', scope: { menu } };
  return (
    <CardListEditor
      list={list}
      state={state}
      wire={wire}
      controls={
        <label className="admin-inline-field">
          Меню
          <select
            value={menu}
            onChange={(event) => {
              state.setEditing(null);
              state.setNotice(null);
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
      }
      texts={{
        add: 'Добавить ссылку',
        added: 'Ссылка добавлена',
        deleted: 'Ссылка удалена',
        empty: 'В этом меню пусто.',
      }}
      card={(item) => (
        <>
          <span
            className="content-card__dot"
            style={item.color ? { backgroundColor: item.color } : undefined}
            aria-hidden="true"
          />
          <div className="content-card__text">
            <strong>{item.name}</strong>
            <span className="content-table__url">{item.url}</span>
          </div>
        </>
      )}
      form={(props) => <MenuForm wire={wire} {...props} />}
    />
  );
}

function MenuForm(props: CardFormProps<MenuItem> & { wire: CardWire }) {
  const { item } = props;
  const card = useCardForm({
    ...props,
    schema: checks,
    fields: FIELDS,
    initial: { name: item?.name ?? '', url: item?.url ?? '', img: item?.img ?? '', color: item?.color ?? '' },
    // Picture and colour are optional: empty means none.
    optional: ['img', 'color'],
  });
  return (
    <CardForm card={card}>
      <TextField
        label="Название"
        name="name"
        required
        value={card.values.name}
        error={card.errors.name}
        onChange={(event) => card.set('name', event.target.value)}
      />
      <TextField
        label="Ссылка"
        name="url"
        required
        value={card.values.url}
        error={card.errors.url}
        placeholder="/articles/… или https://…"
        onChange={(event) => card.set('url', event.target.value)}
      />
      <ImageField
        name="img"
        label="Картинка (необязательно)"
        value={card.values.img}
        error={card.errors.img}
        onChange={(value) => card.set('img', value)}
      />
      <ColorField
        label="Цвет метки (необязательно)"
        value={card.values.color}
        error={card.errors.color}
        onChange={(value) => card.set('color', value)}
      />
    </CardForm>
  );
}
