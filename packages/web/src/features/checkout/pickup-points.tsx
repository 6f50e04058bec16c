// Choosing a pickup point or parcel locker: the buyer's saved points first, then the points of a city (or of a
// search by address, metro or city) of the chosen carrier, each with its address, metro and hours.
import type { PickupPointWire } from '@efir/domain/delivery-rules';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import type { CheckoutDraft } from '../../lib/app-state.ts';
import { describeFailure } from '../../lib/failure-message.ts';
import { fetchPoints, searchPoints } from './checkout-api.ts';

const SHOWN_AT_ONCE = 30;
const DEFAULT_CITY = 'Москва';

type PointChoice = { saved: number } | { point: PickupPointWire };

export function PickupPointChoice({
  kind,
  draft,
  onChoose,
}: {
  kind: number;
  draft: CheckoutDraft;
  onChoose(choice: PointChoice): void;
}) {
  const { api } = useAppContext();
  const savedPoints = useAppState((state) => state.user?.pvz);
  const saved = (savedPoints ?? []).filter((point) => point.type === kind);
  const chosenNew = draft.delivery.pvzNew?.type === kind ? draft.delivery.pvzNew : null;
  const chosenSaved = draft.delivery.pvz ?? null;
  const [city, setCity] = useState(DEFAULT_CITY);
  const [cities, setCities] = useState<Array<{ city: string; count: number }>>([]);
  const [points, setPoints] = useState<PickupPointWire[] | null>(null);
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [shown, setShown] = useState(SHOWN_AT_ONCE);
  const ids = useId();

  // The buyer's newest saved point of this kind is chosen for her, once per kind, unless she chose one already.
  const preselectedKinds = useRef(new Set<number>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new kind or the saved points' arrival decide it
  useEffect(() => {
    if (preselectedKinds.current.has(kind) || saved.length === 0) return;
    preselectedKinds.current.add(kind);
    if (chosenSaved == null && chosenNew == null) {
      onChoose({ saved: saved.reduce((newest, point) => (point.id > newest.id ? point : newest)).id });
    }
  }, [kind, saved.length]);

  useEffect(() => {
    if (searched !== null) return;
    let live = true;
    setPoints(null);
    setFailure(null);
    fetchPoints(api, city, kind)
      .then((answer) => {
        if (!live) return;
        setPoints(answer.points);
        if (answer.cities.length > 0) setCities(answer.cities);
        setShown(SHOWN_AT_ONCE);
      })
      .catch((error: unknown) => {
        if (live) setFailure(describeFailure(error));
      });
    return () => {
      live = false;
    };
  }, [api, city, kind, searched]);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const qs = query.trim();
    if (qs.length < 2) {
      setFailure('Введите хотя бы 2 символа: улицу, станцию метро или город');
      return;
    }
    setFailure(null);
    setPoints(null);
    try {
      const found = await searchPoints(api, qs);
      setPoints(found.filter((point) => point.type === kind));
      setSearched(qs);
      setShown(SHOWN_AT_ONCE);
    } catch (error) {
      setFailure(describeFailure(error));
      setPoints([]);
    }
  };

  const cityOptions = cities.some((item) => item.city === city) ? cities : [{ city, count: 0 }, ...cities];
  const groupName = `${ids}-point`;

  return (
    <div className="pickup">
      {saved.length > 0 && (
        <fieldset className="checkout-fieldset">
          <legend className="checkout-legend">Ваши пункты выдачи</legend>
          <div className="option-list">
            {saved.map((point) => (
              <label key={point.id} className="option">
                <input
                  type="radio"
                  name={groupName}
                  className="option__radio"
                  checked={chosenSaved === point.id}
                  onChange={() => onChoose({ saved: point.id })}
                />
                <span className="option__body">
                  <span className="option__title">{point.name || point.code}</span>
                  {point.address && <span className="option__note">{point.address}</span>}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <div className="pickup__filters">
        <div className="field pickup__city">
          <label htmlFor={`${ids}-city`} className="field__label">
            Город
          </label>
          <select
            id={`${ids}-city`}
            className="field__input"
            value={city}
            onChange={(event) => {
              setSearched(null);
              setQuery('');
              setCity(event.target.value);
            }}
          >
            {cityOptions.map((item) => (
              <option key={item.city} value={item.city}>
                {item.city}
              </option>
            ))}
          </select>
        </div>
        <form
          className="pickup__search"
          aria-label="Поиск пункта выдачи"
          onSubmit={(event) => void search(event)}
        >
          <div className="field">
            <label htmlFor={`${ids}-search`} className="field__label">
              Поиск пункта
            </label>
            <div className="pickup__search-row">
              <input
                id={`${ids}-search`}
                type="search"
                className="field__input"
                value={query}
                placeholder="Улица или метро"
                onChange={(event) => setQuery(event.target.value)}
              />
              <button type="submit" className="button button--ghost">
                Найти
              </button>
            </div>
          </div>
        </form>
      </div>

      {searched !== null && (
        <p className="pickup__searched">
          Найдено по запросу «{searched}».{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setSearched(null);
              setQuery('');
            }}
          >
            Показать все пункты города
          </button>
        </p>
      )}
      {failure && (
        <p className="field__error" role="alert">
          {failure}
        </p>
      )}
      {points === null && !failure && (
        <p className="checkout-loading" role="status">
          <span className="spinner" aria-hidden="true" /> Ищем пункты выдачи…
        </p>
      )}
      {points !== null && points.length === 0 && !failure && (
        <p className="muted">Здесь пунктов этой службы нет. Выберите другой город или вариант доставки.</p>
      )}
      {points !== null && points.length > 0 && (
        <fieldset className="checkout-fieldset">
          <legend className="checkout-legend">
            {searched !== null ? 'Найденные пункты' : `Пункты выдачи: ${city}`}
          </legend>
          <div className="option-list option-list--scroll">
            {points.slice(0, shown).map((point) => (
              <label
                key={`${point.type}-${point.code}`}
                className={point.available ? 'option' : 'option option--disabled'}
              >
                <input
                  type="radio"
                  name={groupName}
                  className="option__radio"
                  disabled={!point.available}
                  checked={chosenSaved === null && chosenNew?.code === point.code}
                  onChange={() => onChoose({ point })}
                />
                <span className="option__body">
                  <span className="option__title">{point.name}</span>
                  <span className="option__note">
                    {point.city !== city || searched !== null ? `${point.city}, ` : ''}
                    {point.address}
                  </span>
                  {point.metro && <span className="option__note">м. {point.metro}</span>}
                  {point.workHours && <span className="option__note">{point.workHours}</span>}
                  {!point.available && point.reason && <span className="option__reason">{point.reason}</span>}
                </span>
              </label>
            ))}
          </div>
          {points.length > shown && (
            <button
              type="button"
              className="button button--ghost button--small pickup__more"
              onClick={() => setShown((count) => count + SHOWN_AT_ONCE)}
            >
              Показать ещё
            </button>
          )}
        </fieldset>
      )}
    </div>
  );
}

export type { PointChoice };
