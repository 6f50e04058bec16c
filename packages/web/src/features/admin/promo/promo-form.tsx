// Creating and editing a promo code: every field with its Russian label, hint and error (checked here first, then
// by the server, whose field errors land on the same fields).
import { formatCount, type PluralForms } from '@efir/domain/plural';
import { z } from '@efir/domain/zod-ru';
import { type FormEvent, useId, useState } from 'react';
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
  const [values, setValues] = useState<PromoValues>(promo ? valuesOf(promo) : EMPTY);
  const form = useForm({
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

  const set = <K extends keyof PromoValues>(name: K, value: PromoValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    form.clearError(name);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(values);
  };
  const usedInOrders = promo !== null && promo.used_count > 0;
  const topCategories = useAppState((state) => state.critical.categories)
    .filter((category) => category.id_kat === 0)
    .sort((a, b) => a.pos - b.pos);
  const toggleExcluded = (id: number, excluded: boolean) =>
    set(
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
      <form ref={form.formRef} className="admin-card promo-form" noValidate onSubmit={submit}>
        <FormError message={form.errors[FORM_ERROR]} />
        <TextField
          label="Код"
          name="code"
          required
          value={values.code}
          error={form.errors.code}
          readOnly={usedInOrders}
          hint={
            usedInOrders
              ? 'Код уже использовали в заказах, поэтому его нельзя переименовать.'
              : 'Покупатель вводит его в корзине; регистр букв не важен.'
          }
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          onChange={(event) => set('code', event.target.value)}
        />
        <SelectField
          label="Тип скидки"
          name="condition_type"
          value={values.condition_type}
          error={form.errors.condition_type}
          hint={condition?.hint}
          choices={conditions}
          onChange={(value) => set('condition_type', value)}
        />
        <div className="promo-form__row">
          <TextField
            label="Скидка, %"
            name="percent"
            required
            inputMode="numeric"
            value={values.percent}
            error={form.errors.percent}
            onChange={(event) => set('percent', event.target.value)}
          />
          <TextField
            label="Минимальная сумма заказа, ₽"
            name="min_total"
            inputMode="numeric"
            value={values.min_total}
            error={form.errors.min_total}
            hint="Сумма товаров до скидок; пусто — от любой суммы."
            onChange={(event) => set('min_total', event.target.value)}
          />
        </div>
        <div className="promo-form__row">
          <TextField
            label="Действует с"
            name="valid_from"
            type="date"
            value={values.valid_from}
            error={form.errors.valid_from}
            hint="Пусто — сразу."
            onChange={(event) => set('valid_from', event.target.value)}
          />
          <TextField
            label="Действует по"
            name="valid_to"
            type="date"
            value={values.valid_to}
            error={form.errors.valid_to}
            hint="Включительно, по московскому времени. Пусто — бессрочно."
            onChange={(event) => set('valid_to', event.target.value)}
          />
        </div>
        <TextField
          label="Лимит использований"
          name="usage_limit"
          inputMode="numeric"
          value={values.usage_limit}
          error={form.errors.usage_limit}
          hint="Сколько заказов можно оформить с этим кодом; пусто — без ограничений."
          onChange={(event) => set('usage_limit', event.target.value)}
        />
        <TextField
          label="Описание"
          name="description"
          value={values.description}
          error={form.errors.description}
          maxLength={300}
          hint="Покупатель видит его, когда применяет код: «Промокод применён: скидка 10 % — …»."
          onChange={(event) => set('description', event.target.value)}
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
        <CheckboxField
          name="active"
          checked={values.active}
          error={form.errors.active}
          onChange={(event) => set('active', event.target.checked)}
        >
          Промокод включён
        </CheckboxField>
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
