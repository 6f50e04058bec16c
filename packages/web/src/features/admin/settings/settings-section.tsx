// Раздел «Настройки магазина» (issue 39 point 8, decision 060): the shop's name, contacts, the owner's address for
// notifications, the requisites the invoice prints, free-delivery thresholds and the personal-discount tiers. A save
// is checked here with the server's schema, then by the server; pages, letters and feeds show it at once.
import type { ShopSettingsAnswer } from '@efir/domain/shop-settings';
import { Fragment, useMemo, useState } from 'react';
import { FormError, SubmitButton, TextField, useForm } from '../../../components/ui/form.tsx';
import { FORM_ERROR } from '../../../lib/forms.ts';
import { useAdminApi, useAdminData } from '../admin-api.ts';
import { AdminFailure, AdminHeader, AdminLoading, formatAdminDate } from '../admin-ui.tsx';
import './settings.css';
import {
  PHONE_SLOTS,
  REQUISITE_FIELDS,
  type SettingsValues,
  settingsFormSchema,
  TIER_SLOTS,
  toValues,
} from './settings-values.ts';

const NUMERIC_REQUISITES = new Set<string>(['inn', 'kpp', 'ogrn', 'bik', 'account', 'correspondentAccount']);

export function SettingsSection() {
  const loaded = useAdminData<ShopSettingsAnswer>('/settings');
  if (loaded.status === 'loading') return <AdminLoading />;
  if (loaded.status === 'error') return <AdminFailure error={loaded.error} retry={loaded.reload} />;
  return <SettingsForm answer={loaded.data} />;
}

function SettingsForm({ answer }: { answer: ShopSettingsAnswer }) {
  const api = useAdminApi();
  const [savedAt, setSavedAt] = useState(answer.updatedAt);
  const [notice, setNotice] = useState('');
  const kinds = useMemo(() => answer.settings.freeDeliveryFrom.map((entry) => entry.kind), [answer]);
  const kindName = (kind: number) =>
    answer.deliveryKinds.find((entry) => entry.kind === kind)?.name ?? `Вид ${kind}`;
  const fields = useMemo(() => Object.keys(toValues(answer.settings)), [answer]);
  const form = useForm<ReturnType<typeof settingsFormSchema>, ShopSettingsAnswer, SettingsValues>({
    initial: toValues(answer.settings),
    schema: settingsFormSchema(kinds),
    fields,
    send: (body) => api.put<ShopSettingsAnswer>('/settings', body),
    onSuccess: (saved) => {
      form.setValues(toValues(saved.settings));
      setSavedAt(saved.updatedAt);
      setNotice('Настройки сохранены: сайт, письма и фиды уже показывают новые данные.');
    },
  });
  const text = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      {...form.field(name)}
      onChange={(event) => {
        setNotice('');
        form.setValue(name, event.target.value);
      }}
      {...extra}
    />
  );

  return (
    <section className="settings">
      <AdminHeader title="Настройки магазина" />
      <p className="admin-muted">
        {savedAt
          ? `Последнее сохранение: ${formatAdminDate(savedAt)}.`
          : 'Пока действуют исходные настройки.'}
      </p>
      <form ref={form.formRef} className="settings__form" noValidate onSubmit={form.onSubmit}>
        <FormError message={form.errors[FORM_ERROR]} />
        <fieldset className="admin-card settings__group">
          <legend className="settings__legend">Магазин и контакты</legend>
          <div className="settings__row">
            {text('name', 'Название магазина', { required: true, maxLength: 60 })}
            {text('city', 'Город в шапке', { required: true })}
          </div>
          {text('slogan', 'Слоган')}
          <div className="settings__row">
            {text('email', 'E-mail для покупателей', { type: 'email', required: true })}
            {text('ownerEmail', 'E-mail для уведомлений владельцу', {
              type: 'email',
              required: true,
              hint: 'Сюда приходят письма о новых заказах и сводки; покупатели его не видят.',
            })}
          </div>
          {text('hours', 'Часы работы', { required: true })}
          <div className="settings__row settings__row--address">
            {text('address.postalCode', 'Индекс', { inputMode: 'numeric', maxLength: 6 })}
            {text('address.city', 'Город офиса')}
            {text('address.street', 'Улица, дом')}
          </div>
        </fieldset>

        <fieldset className="admin-card settings__group">
          <legend className="settings__legend">Телефоны</legend>
          <p className="field__hint">
            Первый номер — в шапке сайта и в письмах. Пустые строки не сохраняются.
          </p>
          {PHONE_SLOTS.map((index) => (
            <div className="settings__row" key={index}>
              {text(`phones.${index}.phone`, `Телефон ${index + 1}`, { type: 'tel', inputMode: 'tel' })}
              {text(`phones.${index}.note`, 'Подпись', { placeholder: 'Москва, бесплатно по России…' })}
            </div>
          ))}
        </fieldset>

        <fieldset className="admin-card settings__group">
          <legend className="settings__legend">Реквизиты для счетов</legend>
          <p className="field__hint">
            Печатаются в счёте на оплату, на странице «Контакты» и в договоре школы. ИНН, ОГРН и счета
            проверяются по контрольным цифрам.
          </p>
          <div className="settings__grid">
            {REQUISITE_FIELDS.map(([key, label, hint]) => (
              <Fragment key={key}>
                {text(`requisites.${key}`, label, {
                  ...(hint ? { hint } : {}),
                  ...(NUMERIC_REQUISITES.has(key) ? { inputMode: 'numeric', spellCheck: false } : {}),
                })}
              </Fragment>
            ))}
          </div>
        </fieldset>

        <fieldset className="admin-card settings__group">
          <legend className="settings__legend">Бесплатная доставка</legend>
          <p className="field__hint">С какой суммы корзины доставка бесплатна; пусто — всегда платно.</p>
          <div className="settings__grid">
            {kinds.map((kind, index) => (
              <Fragment key={kind}>
                {text(`freeDeliveryFrom.${index}.from`, `${kindName(kind)}, ₽`, { inputMode: 'numeric' })}
              </Fragment>
            ))}
          </div>
        </fieldset>

        <fieldset className="admin-card settings__group">
          <legend className="settings__legend">Персональная скидка</legend>
          <p className="field__hint">
            Сумма выполненных заказов покупателя и его скидка; каждый следующий уровень — с большей суммы и
            большим процентом. Пустые строки не сохраняются.
          </p>
          {TIER_SLOTS.map((index) => (
            <div className="settings__row" key={index}>
              {text(`discountTiers.${index}.from`, `Уровень ${index + 1}: от, ₽`, { inputMode: 'numeric' })}
              {text(`discountTiers.${index}.percent`, 'Скидка, %', { inputMode: 'numeric' })}
            </div>
          ))}
        </fieldset>

        <div className="settings__actions">
          <SubmitButton sending={form.sending} sendingText="Сохраняем…">
            Сохранить настройки
          </SubmitButton>
          <p className="settings__notice" role="status">
            {notice}
          </p>
        </div>
      </form>
    </section>
  );
}
