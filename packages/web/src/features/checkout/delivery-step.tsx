// Step «Доставка»: the methods and kinds of GET /api/v1/calculator/list (price, term; unavailable ones disabled
// with their reason), then what the chosen kind needs — an address, a pickup point, a tariff. «Далее» is enabled
// exactly when the step rule of spec §4 (isDeliveryStepReady) says the step is ready. The list and the quote are
// read by their hooks, the radio lists are delivery-options.tsx, the draft's changes delivery-choice.ts.
import { DELIVERY_METHOD_KINDS, isDeliveryStepReady } from '@efir/domain/delivery-rules';
import { useId, useState } from 'react';
import { useLocation } from 'react-router';
import { FormError } from '../../components/ui/form.tsx';
import { useAppState } from '../../lib/app-context.tsx';
import type { AddressInput } from '../../lib/app-state.ts';
import { CART_URL } from '../../lib/cart-state.ts';
import { describeFailure } from '../../lib/failure-message.ts';
import { Link } from '../../lib/router/link.tsx';
import { useNavigate } from '../../lib/router/router-view.tsx';
import { useShop } from '../../lib/shop.ts';
import { AddressChoice } from './address-choice.tsx';
import { pickBest, toQuoteDraft } from './checkout-api.ts';
import { getKindNeeds, parseAddressInput, stepUrl } from './checkout-rules.ts';
import { chooseKind, choosePoint, describeMissing } from './delivery-choice.ts';
import { KindOptions, MethodOptions, TariffOptions } from './delivery-options.tsx';
import { PickupPointChoice } from './pickup-points.tsx';
import { markPassed, useCheckoutDraft, useUpdateCheckout } from './use-checkout.ts';
import { useDeliveryList } from './use-delivery-list.ts';
import { describeQuoteFailure, useDeliveryQuote } from './use-delivery-quote.ts';

export function DeliveryStep() {
  const draft = useCheckoutDraft();
  const update = useUpdateCheckout();
  const user = useAppState((state) => state.user);
  const shop = useShop();
  const navigate = useNavigate();
  const location = useLocation();
  const ids = useId();
  const list = useDeliveryList();
  const listData = list.data;
  const quote = useDeliveryQuote(listData ? { key: list.key, data: listData } : null);
  const [error, setError] = useState<string | null>(
    (location.state as { error?: string } | null)?.error ?? null,
  );

  const { delivery } = draft;
  const kind = delivery.sposob_dost ?? null;
  const needs = getKindNeeds(kind);
  const ready = isDeliveryStepReady(delivery);
  const chosenOption =
    quote?.status === 'ready'
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
    if (quote?.status === 'error') {
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

  const method = listData?.methods.find((item) => item.id === delivery.type);
  const tariffOptions =
    quote?.status === 'ready' && (needs === 'point' || needs === 'address-tarif') ? quote.data : [];

  return (
    <section className="checkout-step" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="checkout-step__title">
        Доставка
      </h2>
      <FormError message={error ?? undefined} />
      {list.status === 'loading' && (
        <p className="checkout-loading" role="status">
          <span className="spinner" aria-hidden="true" /> Считаем доставку для вашей корзины…
        </p>
      )}
      {list.status === 'error' && (
        <div className="form-error" role="alert">
          <p>{describeFailure(list.error)}</p>
          <button type="button" className="button button--small" onClick={list.reload}>
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
          <MethodOptions
            name={`${ids}-method`}
            methods={listData.methods}
            chosen={delivery.type}
            onChoose={(item, usable) => {
              setError(null);
              // The kind stays when the new method has it; a method with one usable kind chooses it.
              const keep =
                delivery.sposob_dost != null &&
                (DELIVERY_METHOD_KINDS[item.id] as readonly number[]).includes(delivery.sposob_dost);
              const only = usable.length === 1 ? (usable[0]?.type ?? null) : null;
              update((current) => chooseKind(current, item.id, keep ? (delivery.sposob_dost ?? null) : only));
            }}
          />

          {method && method.kinds.length > 1 && (
            <KindOptions
              name={`${ids}-kind`}
              method={method}
              chosen={delivery.sposob_dost}
              onChoose={(chosen) => {
                setError(null);
                update((current) => chooseKind(current, method.id, chosen));
              }}
            />
          )}

          {kind != null && needs === 'nothing' && (
            <div className="checkout-office">
              <p>
                {kind === 3 ? 'Офис в Москве' : 'Пункт в Санкт-Петербурге'}: адрес и схема проезда — на
                странице <Link to="/kontakt.html">«Контакты»</Link>. Часы работы: {shop.hours}.
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
              <PickupPointChoice
                kind={kind}
                draft={draft}
                onChoose={(choice) => update((current) => choosePoint(current, choice))}
              />
            </>
          )}

          {tariffOptions.length > 0 && (
            <TariffOptions
              name={`${ids}-tarif`}
              options={tariffOptions}
              chosen={delivery.tarif}
              onChoose={(option) =>
                update((current) => ({
                  ...current,
                  delivery: { ...current.delivery, tarif: option.tarif },
                  quote: toQuoteDraft(option),
                }))
              }
            />
          )}

          {quote?.status === 'loading' && kind != null && needs !== 'nothing' && (
            <p className="checkout-loading" role="status">
              <span className="spinner" aria-hidden="true" /> Уточняем стоимость…
            </p>
          )}
          {quote?.status === 'error' && (
            <p className="field__error" role="alert">
              {describeQuoteFailure(quote.error)}
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
