// «Доставка в Москву: курьером — Курьер по Москве: 1–2 дня, 390 ₽; в пункт выдачи — …» under the product's price. The numbers are
// the shop's calculator's (GET /api/v1/calculator/estimate, the same prices checkout quotes); the city is the
// visitor's, so it is asked for after hydration and the server's HTML (cached for all guests) only keeps its place.
import { DELIVERY_KINDS, ESTIMATE_CITIES, type EstimateCityName } from '@efir/domain/delivery-catalogue';
// Types only: the rules module carries zod, which the product page does not load.
import type { DeliveryEstimateWire, DeliveryOptionWire } from '@efir/domain/delivery-rules';
import { formatDeliveryPromise } from '@efir/domain/delivery-tariffs';
import { useEffect, useId, useState } from 'react';
import { useAppContext } from '../../lib/app-context.tsx';

const CITY_KEY = 'efir_city';
const DEFAULT_CITY: EstimateCityName = 'Москва';

function readCity(): EstimateCityName {
  try {
    const saved = localStorage.getItem(CITY_KEY);
    return ESTIMATE_CITIES.find((city) => city.name === saved)?.name ?? DEFAULT_CITY;
  } catch {
    return DEFAULT_CITY;
  }
}

function saveCity(city: EstimateCityName): void {
  try {
    localStorage.setItem(CITY_KEY, city);
  } catch {
    // A browser without storage asks again next time; the estimate still changes now.
  }
}

/**
 * «Постаматы 5Post: 2–5 дней, 199 ₽» — the way named, and its figures worded as checkout and /dostavka word them
 * (the same tariff table, decision 043), so the buyer finds this line again there.
 */
function describe(option: DeliveryOptionWire): string {
  const name = (DELIVERY_KINDS as Record<number, string>)[option.type] ?? option.name;
  return `${name}: ${formatDeliveryPromise(option.term?.text, option.free ? 'бесплатно' : option.priceText)}`;
}

type Estimate = { state: 'loading' } | { state: 'failed' } | { state: 'done'; answer: DeliveryEstimateWire };

export function DeliveryEstimate({ productId }: { productId: number }) {
  const { api } = useAppContext();
  const [city, setCity] = useState<EstimateCityName | null>(null);
  const [estimate, setEstimate] = useState<Estimate>({ state: 'loading' });
  const [choosing, setChoosing] = useState(false);
  const listId = useId();

  useEffect(() => setCity(readCity()), []);

  useEffect(() => {
    if (!city) return;
    const controller = new AbortController();
    setEstimate({ state: 'loading' });
    api
      .get<DeliveryEstimateWire>(
        `/api/v1/calculator/estimate?product=${productId}&city=${encodeURIComponent(city)}`,
        { suppressErrors: true, signal: controller.signal },
      )
      .then(
        (answer) => setEstimate({ state: 'done', answer }),
        () => {
          if (!controller.signal.aborted) setEstimate({ state: 'failed' });
        },
      );
    return () => controller.abort();
  }, [api, city, productId]);

  const to = ESTIMATE_CITIES.find((entry) => entry.name === city)?.to;
  const answer = estimate.state === 'done' ? estimate.answer : null;
  return (
    <section className="delivery-estimate" aria-label="Доставка" aria-busy={estimate.state === 'loading'}>
      <p className="delivery-estimate__title">
        <strong>{to ? `Доставка ${to}` : 'Доставка'}</strong>
        {city && (
          <button
            type="button"
            className="link-button delivery-estimate__change"
            aria-expanded={choosing}
            aria-controls={listId}
            onClick={() => setChoosing((open) => !open)}
          >
            Изменить город
          </button>
        )}
      </p>
      {choosing && (
        <ul id={listId} className="delivery-estimate__cities" aria-label="Город доставки">
          {ESTIMATE_CITIES.map((entry) => (
            <li key={entry.name}>
              <button
                type="button"
                aria-pressed={entry.name === city}
                onClick={() => {
                  saveCity(entry.name);
                  setCity(entry.name);
                  setChoosing(false);
                }}
              >
                {entry.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {estimate.state === 'failed' ? (
        <p className="delivery-estimate__line muted">
          Не удалось рассчитать доставку — цены и сроки покажем при оформлении заказа.
        </p>
      ) : (
        <dl className="delivery-estimate__list">
          <div className="delivery-estimate__line">
            <dt>Курьером</dt>
            <dd>{answer ? (answer.courier ? describe(answer.courier) : 'не доставляем') : '\u00a0'}</dd>
          </div>
          <div className="delivery-estimate__line">
            <dt>В пункт выдачи</dt>
            <dd>{answer ? (answer.pickup ? describe(answer.pickup) : 'нет пунктов') : '\u00a0'}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
