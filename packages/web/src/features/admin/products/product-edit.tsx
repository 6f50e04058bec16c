// A product's edit page and the new-product form: one form, grouped the way a moderator thinks (what it is, price
// and stock, badges and visibility, texts, search engines). Editing sends only what changed; rich text is HTML that
// the server passes through the sanitiser.
import {
  type AdminProduct,
  type AdminProductAnswer,
  type AdminProductSaved,
  type ProductFormOptions,
  productCreateSchema,
} from '@efir/domain/product-admin-schemas';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
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
import { CategorySelect } from './category-select.tsx';
import {
  EMPTY,
  FIELDS,
  type FormValues,
  toFormValues,
  toPayload,
  updateSchema,
} from './product-form-values.ts';
import { ProductImages } from './product-images.tsx';
import { PRODUCTS_BASE } from './products-api.ts';

export function ProductEditPage() {
  const { id = '' } = useParams();
  const product = useAdminData<AdminProductAnswer>(`/products/${encodeURIComponent(id)}`);
  const options = useAdminData<ProductFormOptions>('/products/options');
  if (product.status === 'loading' || options.status === 'loading') return <AdminLoading />;
  if (product.status === 'error') {
    const missing = product.error instanceof HttpError && product.error.detail.status === 404;
    return (
      <section>
        <BackLink />
        {missing ? <p>Такого товара нет.</p> : <AdminFailure error={product.error} retry={product.reload} />}
      </section>
    );
  }
  if (options.status === 'error') return <AdminFailure error={options.error} retry={options.reload} />;
  const current = product.data.product;
  const replace = (next: AdminProduct) => product.update(() => ({ product: next }));
  return (
    <section className="products-admin">
      <BackLink />
      <AdminHeader title={`${current.name}${current.volume ? `, ${current.volume}` : ''}`}>
        {current.visible ? <AdminChip tone="good">Показан на сайте</AdminChip> : <AdminChip>Скрыт</AdminChip>}
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
      <div className="product-edit">
        <ProductForm key={current.id} product={current} options={options.data} onSaved={replace} />
        <ProductImages product={current} onChange={replace} />
      </div>
    </section>
  );
}

export function ProductCreatePage() {
  const options = useAdminData<ProductFormOptions>('/products/options');
  const navigate = useNavigate();
  if (options.status === 'loading') return <AdminLoading />;
  if (options.status === 'error') return <AdminFailure error={options.error} retry={options.reload} />;
  return (
    <section className="products-admin">
      <BackLink />
      <AdminHeader title="Новый товар" />
      <p className="admin-muted">Фото можно добавить сразу после создания товара.</p>
      <div className="product-edit product-edit--single">
        <ProductForm
          product={null}
          options={options.data}
          onSaved={(created) => navigate(`${PRODUCTS_BASE}/${created.id}`)}
        />
      </div>
    </section>
  );
}

function BackLink() {
  return (
    <Link className="products-admin__back" to={PRODUCTS_BASE}>
      ← Все товары
    </Link>
  );
}

function ProductForm({
  product,
  options,
  onSaved,
}: {
  /** null: a new product. */
  product: AdminProduct | null;
  options: ProductFormOptions;
  onSaved(product: AdminProduct): void;
}) {
  const api = useAdminApi();
  const initial = product ? toFormValues(product) : EMPTY;
  const [values, setValues] = useState<FormValues>(initial);
  const [saved, setSaved] = useState<string | null>(null);

  const changedFields = FIELDS.filter(
    (field) => JSON.stringify(values[field]) !== JSON.stringify(initial[field]),
  );
  // A new product just created is left for its own page: nothing there is unsaved any more.
  const [created, setCreated] = useState(false);
  const dirty = changedFields.length > 0 && !created;
  const leave = useLeaveGuard(dirty);
  const draft = useFormDraft(`product:${product?.id ?? 'new'}`, values, dirty);

  const form = useForm({
    // The values live here: the changed fields are worked out from them, and a change takes «saved» away.
    source: { values, change: (field, value) => set(field, value) },
    schema: product ? updateSchema : productCreateSchema,
    fields: FIELDS,
    send: async (data: Record<string, unknown>) => {
      const answer = product
        ? await api.put<AdminProductSaved>(`/products/${product.id}`, data)
        : await api.post<AdminProductSaved>('/products', data);
      return answer.product;
    },
    onSuccess: (next: AdminProduct) => {
      setSaved(product ? 'Изменения сохранены' : null);
      draft.clear();
      if (!product) {
        setCreated(true);
        leave.allowLeave();
      }
      onSaved(next);
    },
  });
  const { errors, clearError } = form;

  const set = <K extends keyof FormValues>(field: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setSaved(null);
    clearError(field);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = toPayload(values);
    if (!product) {
      void form.submit(payload);
      return;
    }
    // Only what changed; the price pair goes together so the special-price check sees both.
    const fields = new Set<string>(changedFields);
    if (fields.has('cena') || fields.has('cena_st')) {
      fields.add('cena');
      fields.add('cena_st');
    }
    if (fields.size === 0) {
      setSaved('Изменений нет');
      return;
    }
    void form.submit(
      Object.fromEntries([...fields].map((field) => [field, payload[field as keyof FormValues]])),
    );
  };

  return (
    <form ref={form.formRef} className="product-form" noValidate onSubmit={submit}>
      {draft.draft ? (
        <DraftOffer
          savedAt={draft.draft.savedAt}
          onRestore={() => {
            const kept = draft.take();
            if (kept) setValues({ ...initial, ...kept });
            setSaved(null);
          }}
          onDiscard={draft.discard}
        />
      ) : null}
      <FormError message={errors[FORM_ERROR]} />
      <fieldset className="admin-card product-form__group">
        <legend>Товар</legend>
        <TextField label="Название" required maxLength={200} {...form.field('name')} />
        <TextField label="Латинское название" maxLength={200} {...form.field('latin_name')} />
        <div className="product-form__row">
          <CategorySelect
            value={values.category_id}
            options={options}
            error={errors.category_id}
            onChange={(value) => set('category_id', value)}
          />
          <TextField label="Объём" placeholder="10 мл" maxLength={40} {...form.field('volume')} />
        </div>
        <div className="product-form__row">
          <TextField
            label="Адрес страницы"
            required
            placeholder="/lavanda-10-ml.html"
            hint="Латиница, цифры и дефисы, в конце .html"
            {...form.field('url')}
          />
          <TextField
            label="Семейство объёмов"
            hint="Одинаковое у объёмов одного масла — на странице товара между ними есть переключатель"
            {...form.field('family_key')}
          />
        </div>
      </fieldset>

      <fieldset className="admin-card product-form__group">
        <legend>Цена и наличие</legend>
        <div className="product-form__row product-form__row--three">
          <TextField
            label="Цена, ₽"
            required
            inputMode="numeric"
            {...form.field('cena')}
            hint="Столько платит покупатель"
          />
          <TextField
            label="Обычная цена, ₽"
            inputMode="numeric"
            {...form.field('cena_st')}
            hint="Заполните, если цена выше — со скидкой; 0 — скидки нет"
          />
          <TextField label="Остаток, шт." inputMode="numeric" {...form.field('stock')} />
        </div>
      </fieldset>

      <fieldset className="admin-card product-form__group">
        <legend>Склад и доставка</legend>
        <div className="product-form__row">
          <TextField
            label="Артикул"
            maxLength={100}
            hint="Свой код товара; у двух товаров одинакового не бывает"
            {...form.field('sku')}
          />
          <TextField
            label="Штрихкод"
            inputMode="numeric"
            maxLength={14}
            hint="EAN-13 с упаковки: 13 цифр"
            {...form.field('gtin')}
          />
        </div>
        <div className="product-form__row product-form__row--four">
          <TextField label="Вес с упаковкой, г" inputMode="numeric" {...form.field('weight_g')} />
          <TextField label="Длина, мм" inputMode="numeric" {...form.field('length_mm')} />
          <TextField label="Ширина, мм" inputMode="numeric" {...form.field('width_mm')} />
          <TextField label="Высота, мм" inputMode="numeric" {...form.field('height_mm')} />
        </div>
        <p className="field__hint">
          По весу и размерам считается доставка; пока их нет, вес прикидывается по объёму.
        </p>
      </fieldset>

      <fieldset className="admin-card product-form__group">
        <legend>Значки и видимость</legend>
        <div className="product-form__icons">
          {options.icons.map((icon) => (
            <CheckboxField
              key={icon.id}
              name={`icon-${icon.id}`}
              checked={values.icons.includes(icon.id)}
              onChange={(event) =>
                set(
                  'icons',
                  event.target.checked
                    ? [...values.icons, icon.id]
                    : values.icons.filter((chosen) => chosen !== icon.id),
                )
              }
            >
              {icon.name}
            </CheckboxField>
          ))}
        </div>
        <p className="field__hint">«Скидка» ставится сама, пока обычная цена выше цены.</p>
        {errors.icons ? <p className="field__error">{errors.icons}</p> : null}
        <CheckboxField {...form.checkbox('visible')}>
          Показывать на сайте (скрытый товар пропадает из каталога, поиска и карты сайта)
        </CheckboxField>
      </fieldset>

      <fieldset className="admin-card product-form__group">
        <legend>Описание</legend>
        <TextAreaField
          label="Описание"
          rows={8}
          hint="HTML: <p>, <b>, <i>, <ul>/<li>, <a>; опасное будет удалено при сохранении"
          {...form.field('description')}
        />
        <TextAreaField label="Применение" rows={5} hint="HTML, как в описании" {...form.field('usage')} />
        <TextAreaField
          label="Меры предосторожности"
          rows={4}
          hint="HTML, как в описании"
          {...form.field('safety')}
        />
        <TextField label="Состав" maxLength={2000} {...form.field('composition')} />
        <div className="product-form__row product-form__row--three">
          <TextField label="Страна" maxLength={100} {...form.field('country')} />
          <TextField label="Часть растения" maxLength={100} {...form.field('plant_part')} />
          <TextField label="Способ получения" maxLength={100} {...form.field('extraction_method')} />
        </div>
      </fieldset>

      <fieldset className="admin-card product-form__group">
        <legend>Для поисковиков</legend>
        <TextField
          label="Заголовок страницы"
          maxLength={200}
          hint="Пусто — «Название, объём — купить»"
          {...form.field('html_title')}
        />
        <TextAreaField
          label="Описание для поисковиков"
          rows={2}
          maxLength={300}
          hint="Пусто — начало описания"
          {...form.field('meta_description')}
        />
      </fieldset>

      <div className="product-form__actions">
        <SubmitButton sending={form.sending} sendingText="Сохраняем…">
          {product ? 'Сохранить' : 'Создать товар'}
        </SubmitButton>
        {saved ? (
          <span className="product-form__saved" role="status">
            {saved}
          </span>
        ) : product && dirty ? (
          <span className="admin-muted">Есть несохранённые изменения</span>
        ) : null}
      </div>
    </form>
  );
}
