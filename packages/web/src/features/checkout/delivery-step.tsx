// Step «Доставка»: the methods and kinds of GET /api/v1/calculator/list (price, term; unavailable ones disabled
// with their reason), then what the chosen kind needs — an address, a pickup point, a tariff. «Далее» is enabled
// exactly when the step rule of spec §4 (isDeliveryStepReady) says the step is ready.
import {
  DELIVERY_KINDS,
  DELIVERY_METHODS,
  type DeliveryKindId,
  type DeliveryMethodId,
} from '@efir/domain/delivery-catalogue';
import {
  DELIVERY_METHOD_KINDS,
  type DeliveryListWire,
  type DeliveryMethodWire,
  type DeliveryOptionWire,
  isDeliveryStepReady,
} from '@efir/domain/delivery-rules';
import { formatRub } from '@efir/domain/money';
import { SHOP } from '@efir/domain/shop-info';
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppContext, useAppState } from '../../app/app-context.tsx';
import type { AddressInput, CheckoutDraft } from '../../app/app-state.ts';
import { CART_URL, useCart } from '../../app/cart-state.ts';
import { Link } from '../../app/router/link.tsx';
import { useNavigate } from '../../app/router/router-view.tsx';
import { FormError } from '../../components/ui/form.tsx';
import { describeFailure } from '../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../lib/forms.ts';
import { AddressChoice } from './address-choice.tsx';
import {
  fetchDeliveryList,
  findDestination,
  pickBest,
  quoteChosenKind,
  toQuoteDraft,
} from './checkout-api.ts';
import { getKindNeeds, listPaymentMethods, parseAddressInput, stepUrl } from './checkout-rules.ts';
import { PickupPointChoice, type PointChoice } from './pickup-points.tsx';
import { markPassed, useCheckoutDraft, useUpdateCheckout } from './use-checkout.ts';

type Load<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'error'; message: string };

/** The cheapest available way of a method, for its line in the list. */
function summarizeMethod(method: DeliveryMethodWire): DeliveryOptionWire | undefined {
  return pickBest(method.kinds.filter((kind) => kind.type !== 13 || method.kinds.length === 1));
}

/** International delivery is arranged by a manager: spec §4 never lets it pass the step. */
const INTERNATIONAL_REASON = 'Стоимость по запросу: позвоните нам, и менеджер рассчитает доставку за рубеж';

function kindAvailability(option: DeliveryOptionWire): { available: boolean; reason: string | null } {
  if (option.type === 13) return { available: false, reason: INTERNATIONAL_REASON };
  return { available: option.available, reason: option.reason };
}

function OptionPrice({ option }: { option: DeliveryOptionWire }) {
  return (
    <span className="option__aside">
      <span className={option.free ? 'option__price option__price--free' : 'option__price'}>
        {option.priceText}
      </span>
      {option.available && option.term && <span className="option__term">{option.term.text}</span>}
    </span>
  );
}

/** Sets the method and kind; anything that belonged to another kind (tariff, point, payment) goes. */
function chooseKind(
  draft: CheckoutDraft,
  method: DeliveryMethodId,
  kind: DeliveryKindId | null,
): CheckoutDraft {
  const changed = kind !== draft.delivery.sposob_dost;
  const payment = draft.delivery.sposob_oplat;
  return {
    ...draft,
    delivery: {
      ...draft.delivery,
      type: method,
      sposob_dost: kind,
      tarif: changed ? null : draft.delivery.tarif,
      pvz: changed ? null : draft.delivery.pvz,
      pvzNew: changed ? null : draft.delivery.pvzNew,
      sposob_oplat: payment != null && listPaymentMethods(kind).includes(payment) ? payment : null,
    },
    quote: changed ? null : draft.quote,
  };
}

/** What is still missing, said next to the disabled «Далее». */
export function describeMissing(draft: CheckoutDraft): string {
  const { delivery } = draft;
  if (delivery.type == null) return 'Выберите способ доставки.';
  if (delivery.sposob_dost == null) return 'Выберите вариант доставки.';
  const needs = getKindNeeds(delivery.sposob_dost);
  const hasAddress = delivery.adrec != null || delivery.addressNew != null;
  if (needs === 'manager') return 'Международную доставку оформляет менеджер: позвоните нам.';
  if ((needs === 'address' || needs === 'address-tarif') && !hasAddress) {
    return 'Укажите адрес: город, улицу, дом и индекс.';
  }
  if (needs === 'point' && delivery.pvz == null && delivery.pvzNew == null) return 'Выберите пункт выдачи.';
  if ((needs === 'point' || needs === 'address-tarif') && !delivery.tarif) return 'Выберите тариф.';
  return '';
}

export function DeliveryStep() {
  const { api } = useAppContext();
  const draft = useCheckoutDraft();
  const update = useUpdateCheckout();
  const user = useAppState((state) => state.user);
  const cart = useCart();
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useId();
  const [list, setList] = useState<Load<DeliveryListWire>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [quote, setQuote] = useState<Load<DeliveryOptionWire[]> | null>(null);
  const [error, setError] = useState<string | null>(
    (location.state as { error?: string } | null)?.error ?? null,
  );

  const { delivery } = draft;
  const kind = delivery.sposob_dost ?? null;
  const needs = getKindNeeds(kind);
  const destination = JSON.stringify([kind, findDestination(draft, user)]);
  const listData = list.state === 'ready' ? list.data : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new total or hydrolats flag changes the prices
  useEffect(() => {
    let live = true;
    setList({ state: 'loading' });
    fetchDeliveryList(api)
      .then((data) => {
        if (live) setList({ state: 'ready', data });
      })
      .catch((failure: unknown) => {
        if (live) setList({ state: 'error', message: describeFailure(failure) });
      });
    return () => {
      live = false;
    };
  }, [api, cart.total, cart.hydr, attempt]);

  // The chosen kind priced for where it goes; a single tariff is chosen for the buyer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `destination` stands for the kind and the place
  useEffect(() => {
    if (kind == null || !listData) {
      setQuote(null);
      return;
    }
    let live = true;
    setQuote({ state: 'loading' });
    quoteChosenKind(api, draft, user, listData)
      .then(({ options }) => {
        if (!live) return;
        setQuote({ state: 'ready', data: options });
        update((current) => {
          const tariffKind = getKindNeeds(current.delivery.sposob_dost);
          const usable = options.filter((option) => option.available && option.tarif);
          let tarif = current.delivery.tarif ?? null;
          if (tariffKind === 'point' || tariffKind === 'address-tarif') {
            if (!usable.some((option) => option.tarif === tarif)) {
              tarif = usable.length === 1 ? (usable[0]?.tarif ?? null) : null;
            }
          } else {
            tarif = null;
          }
          const chosen = tarif ? options.find((option) => option.tarif === tarif) : pickBest(options);
          return {
            ...current,
            delivery: { ...current.delivery, tarif },
            quote: chosen?.available ? toQuoteDraft(chosen) : null,
          };
        });
      })
      .catch((failure: unknown) => {
        if (!live) return;
        // A refused postal code or point comes with its own Russian message.
        const fields = readServerFieldErrors(failure);
        const message = fields ? Object.values(fields)[0] : undefined;
        setQuote({ state: 'error', message: message ?? describeFailure(failure) });
      });
    return () => {
      live = false;
    };
  }, [api, destination, listData]);

  const ready = isDeliveryStepReady(delivery);
  const chosenOption =
    quote?.state === 'ready'
      ? delivery.tarif
        ? quote.data.find((option) => option.tarif === delivery.tarif)
        : pickBest(quote.data)
      : undefined;
  const unavailable = chosenOption && !chosenOption.available ? chosenOption.reason : null;

  const next = () => {
    if (unavailable) {
      setError(unavailable);
      return;
    }
    if (quote?.state === 'error') {
      setError('Не удалось рассчитать доставку. Попробуйте ещё раз или выберите другой способ.');
      return;
    }
    update((current) => markPassed(current, 'delivery'));
    void navigate(stepUrl('pay'));
  };

  const setAddressInput = (input: AddressInput) =>
    update((current) => ({
      ...current,
      addressInput: input,
      delivery: { ...current.delivery, addressNew: parseAddressInput(input) },
    }));

  const choosePoint = (choice: PointChoice) =>
    update((current) => ({
      ...current,
      delivery: {
        ...current.delivery,
        ...('saved' in choice
          ? { pvz: choice.saved, pvzNew: null }
          : {
              pvz: null,
              pvzNew: {
                code: choice.point.code,
                type: choice.point.type as 7 | 9 | 10 | 14,
                name: choice.point.name,
                address: [choice.point.city, choice.point.address].filter(Boolean).join(', '),
              },
            }),
      },
    }));

  const method = listData?.methods.find((item) => item.id === delivery.type);
  const tariffOptions =
    quote?.state === 'ready' && (needs === 'point' || needs === 'address-tarif') ? quote.data : [];

  return (
    <section className="checkout-step" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="checkout-step__title">
        Доставка
      </h2>
      <FormError message={error ?? undefined} />
      {list.state === 'loading' && (
        <p className="checkout-loading" role="status">
          <span className="spinner" aria-hidden="true" /> Считаем доставку для вашей корзины…
        </p>
      )}
      {list.state === 'error' && (
        <div className="form-error" role="alert">
          <p>{list.message}</p>
          <button type="button" className="button button--small" onClick={() => setAttempt((n) => n + 1)}>
            Повторить
          </button>
        </div>
      )}
      {listData && (
        <>
          {listData.hydr && (
            <p className="checkout-note" role="note">
              В корзине гидролаты: их не отправляют Почтой России и в постаматы — стеклянные флаконы с
              жидкостью.
            </p>
          )}
          <fieldset className="checkout-fieldset">
            <legend className="checkout-legend">Способ доставки</legend>
            <div className="option-list">
              {listData.methods.map((item) => {
                const best = summarizeMethod(item);
                const usable = item.kinds.filter((option) => kindAvailability(option).available);
                const available = usable.length > 0;
                const reason = available
                  ? null
                  : (item.reason ??
                    item.kinds.map((option) => kindAvailability(option).reason).find(Boolean));
                return (
                  <label key={item.id} className={available ? 'option' : 'option option--disabled'}>
                    <input
                      type="radio"
                      name={`${ids}-method`}
                      className="option__radio"
                      checked={delivery.type === item.id}
                      disabled={!available}
                      onChange={() => {
                        setError(null);
                        const kinds = usable;
                        const keep =
                          delivery.sposob_dost != null &&
                          (DELIVERY_METHOD_KINDS[item.id] as readonly number[]).includes(
                            delivery.sposob_dost,
                          );
                        const only = kinds.length === 1 ? (kinds[0]?.type ?? null) : null;
                        update((current) =>
                          chooseKind(current, item.id, keep ? (delivery.sposob_dost ?? null) : only),
                        );
                      }}
                    />
                    <span className="option__body">
                      <span className="option__title">{DELIVERY_METHODS[item.id] ?? item.name}</span>
                      {reason && <span className="option__reason">{reason}</span>}
                    </span>
                    {available && best && <OptionPrice option={best} />}
                  </label>
                );
              })}
            </div>
          </fieldset>

          {method && method.kinds.length > 1 && (
            <fieldset className="checkout-fieldset">
              <legend className="checkout-legend">Вариант</legend>
              <div className="option-list">
                {method.kinds.map((option) => {
                  const { available, reason } = kindAvailability(option);
                  return (
                    <label key={option.type} className={available ? 'option' : 'option option--disabled'}>
                      <input
                        type="radio"
                        name={`${ids}-kind`}
                        className="option__radio"
                        checked={delivery.sposob_dost === option.type}
                        disabled={!available}
                        onChange={() => {
                          setError(null);
                          update((current) => chooseKind(current, method.id, option.type));
                        }}
                      />
                      <span className="option__body">
                        <span className="option__title">{DELIVERY_KINDS[option.type] ?? option.name}</span>
                        {!available && reason && <span className="option__reason">{reason}</span>}
                        {available && option.freeFrom !== null && !option.free && (
                          <span className="option__note">Бесплатно от {formatRub(option.freeFrom)}</span>
                        )}
                      </span>
                      {available && <OptionPrice option={option} />}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          )}

          {kind != null && needs === 'nothing' && (
            <div className="checkout-office">
              <p>
                {kind === 3 ? 'Офис в Москве' : 'Пункт в Санкт-Петербурге'}: адрес и схема проезда — на
                странице <Link to="/kontakt.html">«Контакты»</Link>. Часы работы: {SHOP.hours}.
              </p>
              <p className="muted">Когда заказ будет собран, пришлём письмо — после него можно приезжать.</p>
            </div>
          )}

          {kind != null && (needs === 'address' || needs === 'address-tarif') && (
            <>
              {kind === 14 && (
                <p className="checkout-note">
                  Укажите адрес — подберём ближайший к нему постамат 5Post и пришлём его адрес и код получения
                  в SMS.
                </p>
              )}
              <AddressChoice
                kind={kind}
                draft={draft}
                onSaved={(id) =>
                  update((current) => ({ ...current, delivery: { ...current.delivery, adrec: id } }))
                }
                onInput={setAddressInput}
              />
            </>
          )}

          {kind != null && needs === 'point' && (
            <>
              {(delivery.pvzNew || delivery.pvz != null) && (
                <p className="checkout-chosen">
                  Выбран пункт:{' '}
                  <strong>
                    {delivery.pvzNew
                      ? [delivery.pvzNew.name, delivery.pvzNew.address].filter(Boolean).join(', ')
                      : (user?.pvz.find((point) => point.id === delivery.pvz)?.address ??
                        'сохранённый пункт')}
                  </strong>
                </p>
              )}
              <PickupPointChoice kind={kind} draft={draft} onChoose={choosePoint} />
            </>
          )}

          {tariffOptions.length > 0 && (
            <fieldset className="checkout-fieldset">
              <legend className="checkout-legend">Тариф</legend>
              <div className="option-list">
                {tariffOptions.map((option) => (
                  <label
                    key={option.tarif ?? option.type}
                    className={option.available ? 'option' : 'option option--disabled'}
                  >
                    <input
                      type="radio"
                      name={`${ids}-tarif`}
                      className="option__radio"
                      checked={delivery.tarif === option.tarif}
                      disabled={!option.available || !option.tarif}
                      onChange={() =>
                        update((current) => ({
                          ...current,
                          delivery: { ...current.delivery, tarif: option.tarif },
                          quote: toQuoteDraft(option),
                        }))
                      }
                    />
                    <span className="option__body">
                      <span className="option__title">
                        {option.providerName}: {option.tarifName}
                      </span>
                      {!option.available && option.reason && (
                        <span className="option__reason">{option.reason}</span>
                      )}
                    </span>
                    {option.available && <OptionPrice option={option} />}
                  </label>
                ))}
              </div>
            </fieldset>
          )}

          {quote?.state === 'loading' && kind != null && needs !== 'nothing' && (
            <p className="checkout-loading" role="status">
              <span className="spinner" aria-hidden="true" /> Уточняем стоимость…
            </p>
          )}
          {quote?.state === 'error' && (
            <p className="field__error" role="alert">
              {quote.message}
            </p>
          )}
          {unavailable && (
            <p className="field__error" role="alert">
              {unavailable}
            </p>
          )}
          {chosenOption?.available && needs !== 'nothing' && needs !== 'manager' && (
            <p className="checkout-quote">
              Доставка: <strong>{chosenOption.priceText}</strong>
              {chosenOption.term && <>, {chosenOption.term.text}</>}
            </p>
          )}
        </>
      )}

      <div className="checkout-actions">
        <Link to={CART_URL} className="button button--ghost">
          Назад в корзину
        </Link>
        <button type="button" className="button" disabled={!ready} onClick={next}>
          Далее
        </button>
      </div>
      {!ready && listData && <p className="checkout-hint">{describeMissing(draft)}</p>}
    </section>
  );
}
