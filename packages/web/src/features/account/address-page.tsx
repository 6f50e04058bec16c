// /my-address: delivery addresses (list, add, delete with confirmation) and saved pickup points (list, delete).

import type {
  AddressWire as UserAddress,
  PickupPointWire as UserPickupPoint,
} from '@efir/domain/account-schemas';
import { ADDRESS_LIMIT, addressSchema } from '@efir/domain/account-schemas';
import type { AddressBook } from '@efir/domain/account-wire';
import { getDeliveryKindName } from '@efir/domain/delivery-catalogue';
import { formatCount } from '@efir/domain/plural';
import { useEffect, useState } from 'react';
import {
  AccountHeading,
  AccountSection,
  ADDRESS_FORMS,
  EmptyState,
  PICKUP_FORMS,
} from '../../components/shop/account-ui.tsx';
import {
  FORM_ERROR,
  FormError,
  SubmitButton,
  TextAreaField,
  TextField,
  useForm,
} from '../../components/ui/form.tsx';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import type { SessionUser } from '../../lib/app-state.ts';
import { describeFailure } from '../../lib/failure-message.ts';
import { Link } from '../../lib/router/link.tsx';

/** The address book of an answer that carries it (the writes also say what they did): the user's two lists only. */
function addressBookOf(answer: AddressBook): AddressBook {
  return { addresses: answer.addresses, pvz: answer.pvz };
}

/** «101000, Москва, ул. Ленина, д. 5, кв. 12»: numbers get their «д.» and «кв.», words are left as typed. */
export function formatAddress(
  address: Pick<UserAddress, 'city' | 'street' | 'house' | 'flat' | 'zip'>,
): string {
  const house = /^\d/.test(address.house) ? `д. ${address.house}` : address.house;
  const flat = address.flat && /^\d/.test(address.flat) ? `кв. ${address.flat}` : address.flat;
  return [address.zip, address.city, address.street, house, flat].filter((part) => part?.trim()).join(', ');
}

const EMPTY_ADDRESS = { city: '', street: '', house: '', flat: '', zip: '', comment: '' };
const ADDRESS_FIELDS = ['city', 'street', 'house', 'flat', 'zip', 'comment', 'address'] as const;

/** A delete button that asks once more before deleting. */
function DeleteWithConfirm({
  label,
  question,
  onDelete,
}: {
  label: string;
  question: string;
  onDelete(): Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!asking) {
    return (
      <button
        type="button"
        className="link-button link-button--danger"
        onClick={() => setAsking(true)}
        aria-label={label}
      >
        Удалить
      </button>
    );
  }
  return (
    <fieldset className="confirm">
      <legend className="visually-hidden">{label}</legend>
      <span>{question}</span>
      <button
        type="button"
        className="button button--danger button--small"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await onDelete();
          } catch (failure) {
            setError(describeFailure(failure));
            setBusy(false);
          }
        }}
      >
        {busy ? 'Удаляем…' : 'Да, удалить'}
      </button>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={busy}
        onClick={() => setAsking(false)}
      >
        Отмена
      </button>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function AddressForm({ user, onDone }: { user: SessionUser; onDone(): void }) {
  const { api, store } = useAppContext();
  const form = useForm({
    initial: EMPTY_ADDRESS,
    schema: addressSchema,
    fields: ADDRESS_FIELDS,
    // The answer carries the whole address book as it is now.
    send: async (data) =>
      store
        .getState()
        .updateUser(
          addressBookOf(await api.post<AddressBook>(`/v1/user/${user.id}/address`, { body: data })),
        ),
    onSuccess: () => {
      store.getState().showNotice({
        type: 'success',
        title: 'Адрес сохранён',
        text: 'Его можно выбрать при оформлении заказа.',
      });
      form.setValues(EMPTY_ADDRESS);
      onDone();
    },
  });
  return (
    <form
      ref={form.formRef}
      className="form address-form"
      noValidate
      aria-label="Новый адрес"
      onSubmit={form.onSubmit}
    >
      <FormError message={form.errors[FORM_ERROR] ?? form.errors.address} />
      <div className="form__row">
        <TextField label="Город" autoComplete="address-level2" required {...form.field('city')} />
        <TextField
          label="Индекс"
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={6}
          {...form.field('zip')}
        />
      </div>
      <TextField label="Улица" autoComplete="address-line1" required {...form.field('street')} />
      <div className="form__row">
        <TextField label="Дом" required {...form.field('house')} hint="С корпусом или строением, если есть" />
        <TextField label="Квартира или офис" {...form.field('flat')} />
      </div>
      <TextAreaField
        label="Комментарий для курьера"
        rows={2}
        {...form.field('comment')}
        hint="Подъезд, этаж, код домофона"
      />
      <div className="button-row">
        <SubmitButton sending={form.sending} sendingText="Сохраняем…">
          Сохранить адрес
        </SubmitButton>
        <button type="button" className="button button--ghost" onClick={onDone} disabled={form.sending}>
          Отмена
        </button>
      </div>
    </form>
  );
}

function AddressCard({ user, address }: { user: SessionUser; address: UserAddress }) {
  const { api, store } = useAppContext();
  return (
    <li className="address-card">
      <div className="address-card__text">
        <p className="address-card__line">{formatAddress(address)}</p>
        {address.comment && <p className="address-card__comment">{address.comment}</p>}
      </div>
      <DeleteWithConfirm
        label={`Удалить адрес: ${formatAddress(address)}`}
        question="Удалить этот адрес?"
        onDelete={async () => {
          store
            .getState()
            .updateUser(
              addressBookOf(await api.delete<AddressBook>(`/v1/user/${user.id}/address/${address.id}`)),
            );
          store.getState().showNotice({ type: 'success', title: 'Адрес удалён', text: '' });
        }}
      />
    </li>
  );
}

function PickupPointCard({ user, point }: { user: SessionUser; point: UserPickupPoint }) {
  const { api, store } = useAppContext();
  const kind = getDeliveryKindName(point.type);
  return (
    <li className="address-card">
      <div className="address-card__text">
        <p className="address-card__kicker">{kind ?? 'Пункт выдачи'}</p>
        <p className="address-card__line">{point.name || `Пункт ${point.code}`}</p>
        {point.address && <p className="address-card__comment">{point.address}</p>}
      </div>
      <DeleteWithConfirm
        label={`Удалить пункт выдачи: ${point.name || point.code}`}
        question="Удалить этот пункт выдачи?"
        onDelete={async () => {
          store
            .getState()
            .updateUser(addressBookOf(await api.delete<AddressBook>(`/v1/user/${user.id}/pvz/${point.id}`)));
          store.getState().showNotice({ type: 'success', title: 'Пункт выдачи удалён', text: '' });
        }}
      />
    </li>
  );
}

export function AddressPage() {
  const { api, store } = useAppContext();
  const user = useAppState((state) => state.user);
  const [adding, setAdding] = useState(false);
  const userId = user?.id ?? 0;

  // The user in the store came with the start-up; the address book may have changed elsewhere since.
  useEffect(() => {
    if (!userId) return;
    let live = true;
    api
      .get<AddressBook>(`/v1/user/${userId}/address`, { suppressErrors: true })
      .then((book) => {
        if (live) store.getState().updateUser(addressBookOf(book));
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [api, store, userId]);

  if (!user) return null;
  const full = user.addresses.length >= ADDRESS_LIMIT;
  return (
    <div className="account-page">
      <AccountHeading
        title="Мои адреса"
        lead="Сохранённые адреса и пункты выдачи подставятся при оформлении заказа."
      />
      <AccountSection
        title="Адреса доставки"
        id="addresses-title"
        aside={
          user.addresses.length > 0 ? (
            <span className="muted small">{formatCount(user.addresses.length, ADDRESS_FORMS)}</span>
          ) : undefined
        }
      >
        {user.addresses.length > 0 ? (
          <ul className="address-list">
            {user.addresses.map((address) => (
              <AddressCard key={address.id} user={user} address={address} />
            ))}
          </ul>
        ) : (
          !adding && (
            <EmptyState title="Адресов пока нет" icon="home">
              Добавьте адрес, и курьеру не придётся его уточнять.
            </EmptyState>
          )
        )}
        {adding ? (
          <AddressForm user={user} onDone={() => setAdding(false)} />
        ) : (
          <div className="account-card__footer">
            <button type="button" className="button" onClick={() => setAdding(true)} disabled={full}>
              Добавить адрес
            </button>
            {full && (
              <p className="muted small">
                Можно сохранить не больше {formatCount(ADDRESS_LIMIT, ADDRESS_FORMS)}.
              </p>
            )}
          </div>
        )}
      </AccountSection>

      <AccountSection
        title="Пункты выдачи"
        id="pvz-title"
        aside={
          user.pvz.length > 0 ? (
            <span className="muted small">{formatCount(user.pvz.length, PICKUP_FORMS)}</span>
          ) : undefined
        }
      >
        {user.pvz.length > 0 ? (
          <ul className="address-list">
            {user.pvz.map((point) => (
              <PickupPointCard key={point.id} user={user} point={point} />
            ))}
          </ul>
        ) : (
          <EmptyState title="Сохранённых пунктов выдачи нет" icon="box">
            Пункты CDEK, Boxberry и постаматы, которые вы сохраните при{' '}
            <Link to="/my-cart">оформлении заказа</Link>, появятся здесь.
          </EmptyState>
        )}
      </AccountSection>
    </div>
  );
}
