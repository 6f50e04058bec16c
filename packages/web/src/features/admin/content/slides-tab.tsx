// «Слайды»: the home page slider — picture, title, link, who sees it, background colour — in the order shown.
import { z } from '@efir/domain/zod-ru';
import { TextField } from '../../../components/ui/form.tsx';
import { useAdminData } from '../admin-api.ts';
import { AdminChip, AdminFailure, AdminLoading } from '../admin-ui.tsx';
import {
  CardForm,
  type CardFormProps,
  CardListEditor,
  ColorField,
  useCardForm,
  useCardListState,
} from './card-list-editor.tsx';
import { AUDIENCES, type Audience, type SlideItem } from './content-api.ts';
import { ImageField, SelectField } from './content-fields.tsx';

const WIRE = { path: '/content/slides' };
const FIELDS = ['img', 'name', 'link', 'show', 'color'] as const;
const checks = z.looseObject({
  name: z.string().trim().min(1, 'Заполните название').optional(),
  img: z.string().trim().min(1, 'Укажите файл картинки').optional(),
  color: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i, 'Цвет в формате #RRGGBB')
    .optional(),
});

const EMPTY = { img: '', name: '', link: '', show: 'all', color: '#ffffff' };

export function SlidesTab() {
  const list = useAdminData<{ items: SlideItem[] }>('/content/slides');
  const state = useCardListState();

  // While the list loads (again, after an added slide) the tab shows only that.
  if (list.status === 'loading') return <AdminLoading />;
  if (list.status === 'error') return <AdminFailure error={list.error} retry={list.reload} />;
  return (
    <CardListEditor
      list={list}
      state={state}
      wire={WIRE}
      texts={{
        add: 'Добавить слайд',
        added: 'Слайд добавлен',
        deleted: 'Слайд удалён',
        empty: 'Слайдов нет: слайдер на главной скрыт.',
      }}
      card={(slide) => (
        <>
          <span className="content-card__swatch" style={{ backgroundColor: slide.color }}>
            <img src={`/images/${slide.img}`} alt="" loading="lazy" />
          </span>
          <div className="content-card__text">
            <strong>{slide.name}</strong>
            <span className="content-table__url">{slide.link || 'без ссылки'}</span>
          </div>
          <AdminChip tone={slide.show === 'all' ? 'good' : 'warn'}>{AUDIENCES[slide.show]}</AdminChip>
        </>
      )}
      form={(props) => <SlideForm {...props} />}
    />
  );
}

function SlideForm(props: CardFormProps<SlideItem>) {
  const slide = props.item;
  const card = useCardForm({
    ...props,
    wire: WIRE,
    schema: checks,
    fields: FIELDS,
    initial: slide
      ? { img: slide.img, name: slide.name, link: slide.link, show: slide.show, color: slide.color }
      : EMPTY,
  });
  return (
    <CardForm card={card}>
      <TextField
        label="Название"
        name="name"
        required
        value={card.values.name}
        error={card.errors.name}
        hint="Даты и суммы — метками: {{next-course}}, {{promo:EFIR10}}, {{discount-max}}"
        onChange={(event) => card.set('name', event.target.value)}
      />
      <TextField
        label="Ссылка"
        name="link"
        value={card.values.link}
        error={card.errors.link}
        placeholder="/akcii или https://…"
        onChange={(event) => card.set('link', event.target.value)}
      />
      <ImageField
        name="img"
        label="Картинка"
        required
        value={card.values.img}
        error={card.errors.img}
        onChange={(value) => card.set('img', value)}
      />
      <div className="content-stack">
        <SelectField
          label="Кому показывать"
          name="show"
          value={card.values.show}
          error={card.errors.show}
          choices={(Object.keys(AUDIENCES) as Audience[]).map((key) => ({ id: key, name: AUDIENCES[key] }))}
          onChange={(value) => card.set('show', value)}
        />
        <ColorField
          value={card.values.color}
          error={card.errors.color}
          onChange={(value) => card.set('color', value)}
        />
      </div>
    </CardForm>
  );
}
