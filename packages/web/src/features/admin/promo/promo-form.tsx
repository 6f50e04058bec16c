// Creating and editing a promo code: every field with its Russian label, hint and error (checked here first, then
// by the server, whose field errors land on the same fields).
import { formatCount, type PluralForms } from '@efir/domain/plural';
import { z } from '@efir/domain/zod-ru';
import { useId } from 'react';
import { useParams } from 'react-router';
import { CheckboxField, FormError, SubmitButton, TextField, useForm } from '../../../components/ui/form.tsx';
import { useAppState } from '../../../lib/app-context.tsx';
import { FORM_ERROR } from '../../../lib/forms.ts';
import { Link } from '../../../lib/router/link.tsx';
import { useNavigate } from '../../../lib/router/router-view.tsx';
import { useAdminApi, useAdminData } from '../admin-api.ts';
import { AdminFailure, AdminHeader, AdminLoading } from '../admin-ui.tsx';
import { CONDITION_TYPES, conditionName, type PromoCode } from './promo-api.ts';

const TIMES_FORMS: PluralForms = ['раз', 'раза', 'раз'];

const FIELDS = [
  'code',
  'condition_type',
  'percent',
  'min_total',
  'valid_from',
  'valid_to',
  'usage_limit',
  'description',
  'active',
  'excluded_category_ids',
] as const;

interface PromoValues {
  code: string;
  condition_type: string;
  percent: string;
  min_total: string;
  valid_from: string;
  valid_to: string;
  usage_limit: string;
  description: string;
  active: boolean;
  excluded_category_ids: number[];
}

const wholeNumber = (message: string) => z.string().trim().regex(/^\d*$/, message);
const day = z.string().transform((value) => value || null);

/** The form's strings become the body the server expects; its messages match the server's. */
const promoFormSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, 'Введите промокод')
      .max(40, 'Промокод — не длиннее 40 символов')
      .regex(/^[\p{L}\p{N}_-]+$/u, 'Только буквы, цифры, дефис и подчёркивание, без пробелов'),
    condition_type: z.string().min(1, 'Выберите тип скидки'),
    percent: wholeNumber('Укажите целое число процентов')
      .min(1, 'Укажите процент скидки')
      .transform(Number)
      .refine((percent) => percent <= 100, 'Процент — от 0 до 100'),
    min_total: wholeNumber('Укажите сумму в рублях, целым числом').transform((value) =>
      value ? Number(value) : 0,
    ),
    valid_from: day,
    valid_to: day,
    usage_limit: wholeNumber('Укажите целое число')
      .transform((value) => (value ? Number(value) : null))
      .refine(
        (limit) => limit === null || limit >= 1,
        'Не меньше одного использования (или оставьте пустым — без ограничений)',
      ),
    description: z.string().trim().max(300, 'Описание — не длиннее 300 символов'),
    active: z.boolean(),
    excluded_category_ids: z.array(z.number()),
  })
  .refine((promo) => !promo.valid_from || !promo.valid_to || promo.valid_from <= promo.valid_to, {
    path: ['valid_to'],
    message: 'Дата окончания раньше даты начала',
  });

const EMPTY: PromoValues = {
  code: '',
  condition_type: 'add_discount',
  percent: '',
  min_total: '',
  valid_from: '',
  valid_to: '',
  usage_limit: '',
  description: '',
  active: true,
  excluded_category_ids: [],
};

function valuesOf(promo: PromoCode): PromoValues {
  return {
    code: promo.code,
    condition_type: promo.condition_type,
    percent: String(promo.percent),
    min_total: promo.min_total ? String(promo.min_total) : '',
    valid_from: promo.valid_from ?? '',
    valid_to: promo.valid_to ?? '',
    usage_limit: promo.usage_limit === null ? '' : String(promo.usage_limit),
    description: promo.description,
    active: promo.active,
    excluded_category_ids: promo.excluded_category_ids ?? [],
  };
}

/** /admin/promo/new and /admin/promo/<id>. */
export function PromoEditPage() {
  const { id = 'new' } = useParams();
  if (id === 'new') return <PromoForm promo={null} />;
  return <ExistingPromo id={id} />;
}

function ExistingPromo({ id }: { id: string }) {
  const valid = /^\d{1,9}$/.test(id);
  const loaded = useAdminData<{ promo: PromoCode }>(`/promo/${valid ? id : '0'}`);
  if (loaded.status === 'loading') return <AdminLoading />;
  if (loaded.status === 'error') {
    return (
      <section>
        <Link to=".." relative="path" className="promo-back">
          ← Все промокоды
        </Link>
        <AdminFailure error={loaded.error} retry={loaded.reload} />
      </section>
    );
  }
  return <PromoForm key={loaded.data.promo.id} promo={loaded.data.promo} />;
}

function PromoForm({ promo }: { promo: PromoCode | null }) {
  const api = useAdminApi();
  const navigate = useNavigate();
  const form = useForm({
    initial: promo ? valuesOf(promo) : EMPTY,
    schema: promoFormSchema,
    fields: FIELDS,
    send: (body) =>
      promo
        ? api.put<{ promo: PromoCode }>(`/promo/${promo.id}`, body)
        : api.post<{ promo: PromoCode }>('/promo', body),
    onSuccess: (answer) =>
      navigate('/admin/promo', {
        state: { saved: `Промокод ${answer.promo.code} ${promo ? 'сохранён' : 'создан'}.` },
      }),
  });

  const { values } = form;
  const usedInOrders = promo !== null && promo.used_count > 0;
  const topCategories = useAppState((state) => state.critical.categories)
    .filter((category) => category.id_kat === 0)
    .sort((a, b) => a.pos - b.pos);
  const toggleExcluded = (id: number, excluded: boolean) =>
    form.setValue(
      'excluded_category_ids',
      excluded
        ? [...values.excluded_category_ids, id]
        : values.excluded_category_ids.filter((other) => other !== id),
    );
  const conditions = CONDITION_TYPES.some((condition) => condition.value === values.condition_type)
    ? CONDITION_TYPES
    : [
        ...CONDITION_TYPES,
        { value: values.condition_type, name: conditionName(values.condition_type), hint: '' },
      ];
  const condition = conditions.find((item) => item.value === values.condition_type);

  return (
    <section>
      <Link to="/admin/promo" className="promo-back">
        ← Все промокоды
      </Link>
      <AdminHeader title={promo ? `Промокод ${promo.code}` : 'Новый промокод'} />
      {promo ? (
        <p className="admin-muted promo-form__used">
          {promo.used_count === 0
            ? 'Ещё не использован'
            : `Использован ${formatCount(promo.used_count, TIMES_FORMS)}`}
          {promo.usage_limit === null ? '; без лимита.' : `; лимит — ${promo.usage_limit}.`}
        </p>
      ) : null}
      <form ref={form.formRef} className="admin-card promo-form" noValidate onSubmit={form.onSubmit}>
        <FormError message={form.errors[FORM_ERROR]} />
        <TextField
          label="Код"
          required
          {...form.field('code')}
          readOnly={usedInOrders}
          hint={
            usedInOrders
              ? 'Код уже использовали в заказах, поэтому его нельзя переименовать.'
              : 'Покупатель вводит его в корзине; регистр букв не важен.'
          }
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
        />
        <SelectField
          label="Тип скидки"
          name="condition_type"
          value={values.condition_type}
          error={form.errors.condition_type}
          hint={condition?.hint}
          choices={conditions}
          onChange={(value) => form.setValue('condition_type', value)}
        />
        <div className="promo-form__row">
          <TextField label="Скидка, %" required inputMode="numeric" {...form.field('percent')} />
          <TextField
            label="Минимальная сумма заказа, ₽"
            inputMode="numeric"
            {...form.field('min_total')}
            hint="Сумма товаров до скидок; пусто — от любой суммы."
          />
        </div>
        <div className="promo-form__row">
          <TextField label="Действует с" type="date" {...form.field('valid_from')} hint="Пусто — сразу." />
          <TextField
            label="Действует по"
            type="date"
            {...form.field('valid_to')}
            hint="Включительно, по московскому времени. Пусто — бессрочно."
          />
        </div>
        <TextField
          label="Лимит использований"
          inputMode="numeric"
          {...form.field('usage_limit')}
          hint="Сколько заказов можно оформить с этим кодом; пусто — без ограничений."
        />
        <TextField
          label="Описание"
          {...form.field('description')}
          maxLength={300}
          hint="Покупатель видит его, когда применяет код: «Промокод применён: скидка 10 % — …»."
        />
        {topCategories.length > 0 && (
          <fieldset className="promo-form__exclusions">
            <legend className="field__label">Не действует на категории</legend>
            <p className="field__hint">
              Товары отмеченных категорий (с подкатегориями) покупатель получит без этого промокода —
              например, подарочные сертификаты.
            </p>
            {topCategories.map((category) => (
              <CheckboxField
                key={category.id}
                name={`excluded-${category.id}`}
                checked={values.excluded_category_ids.includes(category.id)}
                onChange={(event) => toggleExcluded(category.id, event.target.checked)}
              >
                {category.name}
              </CheckboxField>
            ))}
            {form.errors.excluded_category_ids ? (
              <p className="field__error">{form.errors.excluded_category_ids}</p>
            ) : null}
          </fieldset>
        )}
        <CheckboxField {...form.checkbox('active')}>Промокод включён</CheckboxField>
        <div className="promo-form__actions">
          <SubmitButton sending={form.sending} sendingText="Сохраняем…">
            {promo ? 'Сохранить' : 'Создать промокод'}
          </SubmitButton>
          <Link to="/admin/promo" className="button button--ghost">
            Отмена
          </Link>
        </div>
      </form>
    </section>
  );
}

function SelectField({
  label,
  name,
  value,
  error,
  hint,
  choices,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  error: string | undefined;
  hint: string | undefined;
  choices: ReadonlyArray<{ value: string; name: string }>;
  onChange(value: string): void;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={['field', error ? 'field--error' : ''].filter(Boolean).join(' ')}>
      <div className="field__top">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
      </div>
      <select
        id={id}
        name={name}
        className="field__input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.name}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
