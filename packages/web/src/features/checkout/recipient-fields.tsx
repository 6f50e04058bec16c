// «Кому подарить» on the step «Получатель»: for each gift certificate in the cart, the recipient's name, e-mail and
// message and when the letter leaves. Kept in the checkout draft as typed (decision 049).
import { useId } from 'react';
import { TextAreaField, TextField } from '../../components/ui/form.tsx';
import type { CertificateRecipientDraft } from '../../lib/app-state.ts';
import {
  type CertificateUnit,
  EMPTY_RECIPIENT,
  type RecipientErrors,
  recipientAt,
} from './certificate-recipients.ts';
import { useCheckoutDraft, useUpdateCheckout } from './use-checkout.ts';

function RecipientFieldset({
  unit,
  index,
  errors,
}: {
  unit: CertificateUnit;
  index: number;
  errors: RecipientErrors[number] | undefined;
}) {
  const ids = useId();
  const draft = useCheckoutDraft();
  const update = useUpdateCheckout();
  const recipient = recipientAt(draft.recipients, index);
  const change = (patch: Partial<CertificateRecipientDraft>) =>
    update((current) => {
      const recipients = [...(current.recipients ?? [])];
      for (let at = recipients.length; at < index; at += 1) recipients.push({ ...EMPTY_RECIPIENT });
      recipients[index] = { ...recipientAt(current.recipients, index), ...patch };
      return { ...current, recipients };
    });
  return (
    <fieldset className="checkout-fieldset recipient" aria-labelledby={`${ids}-legend`}>
      <legend id={`${ids}-legend`} className="checkout-legend">
        Кому подарить: {unit.title}
      </legend>
      <p className="recipient__note">
        Можно не заполнять — тогда письмо с сертификатом придёт вам сразу после оплаты.
      </p>
      <div className="form__row">
        <TextField
          label="Имя получателя"
          name={`recipient-${index}-name`}
          autoComplete="off"
          maxLength={100}
          value={recipient.name}
          error={errors?.name}
          onChange={(event) => change({ name: event.target.value })}
        />
        <TextField
          label="E-mail получателя"
          name={`recipient-${index}-email`}
          type="email"
          inputMode="email"
          autoComplete="off"
          value={recipient.email}
          error={errors?.email}
          onChange={(event) => change({ email: event.target.value })}
        />
      </div>
      <TextAreaField
        label="Пожелание"
        name={`recipient-${index}-message`}
        rows={2}
        maxLength={500}
        value={recipient.message}
        error={errors?.message}
        hint="Напечатаем в письме и на открытке"
        onChange={(event) => change({ message: event.target.value })}
      />
      <fieldset className="checkout-fieldset recipient__when">
        <legend className="recipient__when-title">Когда отправить</legend>
        <div className="option-list">
          <label className="option">
            <input
              type="radio"
              name={`${ids}-when`}
              className="option__radio"
              checked={recipient.when === 'now'}
              onChange={() => change({ when: 'now' })}
            />
            <span className="option__body">
              <span className="option__title">Сразу после оплаты</span>
            </span>
          </label>
          <label className="option">
            <input
              type="radio"
              name={`${ids}-when`}
              className="option__radio"
              checked={recipient.when === 'later'}
              onChange={() => change({ when: 'later' })}
            />
            <span className="option__body">
              <span className="option__title">В выбранный день и час</span>
              <span className="option__note">Например, утром в день рождения</span>
            </span>
          </label>
        </div>
        {recipient.when === 'later' && (
          <TextField
            label="Дата и время отправки (по Москве)"
            name={`recipient-${index}-send-at`}
            type="datetime-local"
            value={recipient.sendAt}
            error={errors?.sendAt}
            onChange={(event) => change({ sendAt: event.target.value })}
          />
        )}
      </fieldset>
    </fieldset>
  );
}

export function CertificateRecipients({
  units,
  errors,
}: {
  units: readonly CertificateUnit[];
  errors: RecipientErrors;
}) {
  if (units.length === 0) return null;
  return (
    <div className="recipients">
      <h3 className="recipients__title">
        {units.length > 1 ? 'Подарочные сертификаты' : 'Подарочный сертификат'}
      </h3>
      {units.map((unit, index) => (
        <RecipientFieldset
          // biome-ignore lint/suspicious/noArrayIndexKey: a unit is its place in the cart's order
          key={index}
          unit={unit}
          index={index}
          errors={errors[index]}
        />
      ))}
    </div>
  );
}
