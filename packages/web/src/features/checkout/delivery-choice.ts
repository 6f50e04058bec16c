// What the «Доставка» step does to the checkout draft, as pure functions: choosing a method and kind, a pickup
// point, the tariff a quote leaves, and what is still missing before «Далее».
import type { DeliveryKindId, DeliveryMethodId } from '@efir/domain/delivery-catalogue';
import type { DeliveryMethodWire, DeliveryOptionWire } from '@efir/domain/delivery-rules';
import type { CheckoutDraft } from '../../lib/app-state.ts';
import { pickBest, toQuoteDraft } from './checkout-api.ts';
import { getKindNeeds, listPaymentMethods } from './checkout-rules.ts';
import type { PointChoice } from './pickup-points.tsx';

/** The cheapest available way of a method, for its line in the list. */
export function summarizeMethod(method: DeliveryMethodWire): DeliveryOptionWire | undefined {
  return pickBest(method.kinds.filter((kind) => kind.type !== 13 || method.kinds.length === 1));
}

/** International delivery is arranged by a manager: spec §4 never lets it pass the step. */
const INTERNATIONAL_REASON = 'Стоимость по запросу: позвоните нам, и менеджер рассчитает доставку за рубеж';

export function kindAvailability(option: DeliveryOptionWire): { available: boolean; reason: string | null } {
  if (option.type === 13) return { available: false, reason: INTERNATIONAL_REASON };
  return { available: option.available, reason: option.reason };
}

/** Sets the method and kind; anything that belonged to another kind (tariff, point, payment) goes. */
export function chooseKind(
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

/** A saved pickup point, or one chosen on the map or in the list. */
export function choosePoint(draft: CheckoutDraft, choice: PointChoice): CheckoutDraft {
  return {
    ...draft,
    delivery: {
      ...draft.delivery,
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
  };
}

/**
 * The draft after a quote of its kind: a tariff still offered stays, a single usable one is chosen for the buyer,
 * and the price shown is the chosen tariff's (or the best option's) when it is available.
 */
export function applyQuote(draft: CheckoutDraft, options: DeliveryOptionWire[]): CheckoutDraft {
  const tariffKind = getKindNeeds(draft.delivery.sposob_dost);
  const usable = options.filter((option) => option.available && option.tarif);
  let tarif = draft.delivery.tarif ?? null;
  if (tariffKind === 'point' || tariffKind === 'address-tarif') {
    if (!usable.some((option) => option.tarif === tarif)) {
      tarif = usable.length === 1 ? (usable[0]?.tarif ?? null) : null;
    }
  } else {
    tarif = null;
  }
  const chosen = tarif ? options.find((option) => option.tarif === tarif) : pickBest(options);
  return {
    ...draft,
    delivery: { ...draft.delivery, tarif },
    quote: chosen?.available ? toQuoteDraft(chosen) : null,
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
