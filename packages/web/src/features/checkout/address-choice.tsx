// The delivery address: one of a logged-in buyer's saved addresses, or a new one — city, street with suggestions
// (GET /api/v1/address), house, flat and the 6-digit postal code the couriers are priced by.
import { addressSchema } from '@efir/domain/account-schemas';
import type { AddressSuggestionWire } from '@efir/domain/delivery-rules';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { TextField } from '../../components/ui/form.tsx';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import type { AddressInput, CheckoutDraft } from '../../lib/app-state.ts';
import { fetchAddressSuggestions } from './checkout-api.ts';
import { formatAddress } from './checkout-rules.ts';

type AddressField = keyof AddressInput;

/** The message of each field of the typed address (the postal code is required at checkout). */
export function checkAddressInput(input: AddressInput): Partial<Record<AddressField, string>> {
  const errors: Partial<Record<AddressField, string>> = {};
  const parsed = addressSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as AddressField | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  const zip = input.zip.trim();
  if (!errors.zip && !/^\d{6}$/.test(zip)) {
    errors.zip = zip ? 'Индекс — 6 цифр' : 'Укажите индекс: по нему считаем доставку';
  } else if (!errors.zip && !/^[1-6]/.test(zip)) {
    errors.zip = 'Такого индекса в России нет';
  }
  return errors;
}

const SUGGEST_DELAY_MS = 250;
const CITIES_WITH_STREETS = ['москва', 'санкт-петербург'];

function StreetField({
  value,
  city,
  error,
  onChange,
  onPick,
  onBlur,
}: {
  value: string;
  city: string;
  error: string | undefined;
  onChange(value: string): void;
  onPick(suggestion: AddressSuggestionWire): void;
  onBlur(): void;
}) {
  const { api } = useAppContext();
  const id = useId();
  const [suggestions, setSuggestions] = useState<AddressSuggestionWire[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useRef(false);

  useEffect(() => {
    if (!typed.current) return;
    const q = value.trim();
    if (q.length < 2) {
      setSuggestions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const withCity = CITIES_WITH_STREETS.includes(city.trim().toLowerCase()) ? `${city.trim()}, ${q}` : q;
      fetchAddressSuggestions(api, withCity, controller.signal)
        .then((found) => {
          setSuggestions(found);
          setActive(-1);
          setOpen(found.length > 0);
        })
        .catch(() => {});
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, value, city]);

  const pick = (suggestion: AddressSuggestionWire) => {
    typed.current = false;
    setOpen(false);
    setSuggestions([]);
    onPick(suggestion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open || suggestions.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      const chosen = suggestions[active];
      if (chosen) pick(chosen);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'field field--error street-field' : 'field street-field'}>
      <div className="field__top">
        <label htmlFor={id} className="field__label">
          Улица
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
      </div>
      <div className="field__frame">
        <input
          id={id}
          name="street"
          className="field__input"
          value={value}
          autoComplete="address-line1"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          required
          onChange={(event) => {
            typed.current = true;
            onChange(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            onBlur();
          }}
        />
        <div
          id={listId}
          role="listbox"
          className="street-field__list"
          hidden={!open}
          aria-label="Подсказки улиц"
          // Keeps the focus in the field, so a click on a suggestion is not lost to the field's blur.
          onMouseDown={(event) => event.preventDefault()}
        >
          {suggestions.map((suggestion, index) => (
            <div
              key={suggestion.value}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className="street-field__option"
              onMouseEnter={() => setActive(index)}
              onClick={() => pick(suggestion)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') pick(suggestion);
              }}
            >
              {suggestion.value}
            </div>
          ))}
        </div>
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export function AddressChoice({
  kind,
  draft,
  onSaved,
  onInput,
}: {
  kind: number;
  draft: CheckoutDraft;
  /** A saved address was chosen (null: «Новый адрес»). */
  onSaved(id: number | null): void;
  onInput(input: AddressInput): void;
}) {
  const addresses = useAppState((state) => state.user?.addresses);
  const saved = addresses ?? [];
  const ids = useId();
  const input = draft.addressInput;
  const [touched, setTouched] = useState<Partial<Record<AddressField, boolean>>>({});
  const usingSaved = draft.delivery.adrec != null;
  const errors = checkAddressInput(input);
  const shownError = (field: AddressField) => (touched[field] ? errors[field] : undefined);

  // The shop's couriers know their city: a new address for them starts with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new kind fills the city
  useEffect(() => {
    const city = kind === 1 ? 'Москва' : kind === 8 ? 'Санкт-Петербург' : '';
    if (city && !input.city.trim()) onInput({ ...input, city });
  }, [kind]);

  // A buyer with saved addresses starts from the newest one (the checkout saves each new address it delivers to,
  // so that is the last one used), not from an empty «Новый адрес»; once, so a choice made after it stays.
  const preselected = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the arrival of the saved addresses decides it
  useEffect(() => {
    if (preselected.current || saved.length === 0) return;
    preselected.current = true;
    const typed =
      draft.delivery.addressNew != null || input.street.trim() !== '' || input.house.trim() !== '';
    if (draft.delivery.adrec == null && !typed) {
      onSaved(saved.reduce((newest, address) => (address.id > newest.id ? address : newest)).id);
    }
  }, [saved.length]);

  const change = (field: AddressField, value: string) => onInput({ ...input, [field]: value });
  const touch = (field: AddressField) => setTouched((current) => ({ ...current, [field]: true }));

  return (
    <div className="address-choice">
      {saved.length > 0 && (
        <fieldset className="checkout-fieldset">
          <legend className="checkout-legend">Адрес доставки</legend>
          <div className="option-list">
            {saved.map((address) => (
              <label key={address.id} className="option">
                <input
                  type="radio"
                  name={`${ids}-address`}
                  className="option__radio"
                  checked={draft.delivery.adrec === address.id}
                  onChange={() => onSaved(address.id)}
                />
                <span className="option__body">
                  <span className="option__title">{formatAddress(address)}</span>
                  {address.comment && <span className="option__note">{address.comment}</span>}
                </span>
              </label>
            ))}
            <label className="option">
              <input
                type="radio"
                name={`${ids}-address`}
                className="option__radio"
                checked={!usingSaved}
                onChange={() => onSaved(null)}
              />
              <span className="option__body">
                <span className="option__title">Новый адрес</span>
              </span>
            </label>
          </div>
        </fieldset>
      )}
      {!usingSaved && (
        <fieldset className="checkout-fieldset address-form">
          <legend className={saved.length > 0 ? 'visually-hidden' : 'checkout-legend'}>
            {saved.length > 0 ? 'Новый адрес' : 'Адрес доставки'}
          </legend>
          <div className="address-form__grid">
            <TextField
              label="Город"
              name="city"
              required
              autoComplete="address-level2"
              value={input.city}
              error={shownError('city')}
              onChange={(event) => change('city', event.target.value)}
              onBlur={() => touch('city')}
              className="address-form__city"
            />
            <StreetField
              value={input.street}
              city={input.city}
              error={shownError('street')}
              onChange={(value) => change('street', value)}
              onPick={(suggestion) => {
                onInput({ ...input, street: suggestion.street, city: suggestion.city || input.city });
              }}
              onBlur={() => touch('street')}
            />
            <TextField
              label="Дом"
              name="house"
              required
              value={input.house}
              error={shownError('house')}
              onChange={(event) => change('house', event.target.value)}
              onBlur={() => touch('house')}
              className="address-form__short"
            />
            <TextField
              label="Квартира или офис"
              name="flat"
              value={input.flat}
              error={shownError('flat')}
              onChange={(event) => change('flat', event.target.value)}
              onBlur={() => touch('flat')}
              className="address-form__short"
            />
            <TextField
              label="Индекс"
              name="zip"
              required
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              value={input.zip}
              error={shownError('zip')}
              hint={shownError('zip') ? undefined : '6 цифр — по нему считаем доставку'}
              onChange={(event) => change('zip', event.target.value.replace(/\D/g, '').slice(0, 6))}
              onBlur={() => touch('zip')}
              className="address-form__short"
            />
          </div>
        </fieldset>
      )}
    </div>
  );
}
