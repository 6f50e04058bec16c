// The radio lists of the «Доставка» step: the methods (each priced «from» its cheapest available way, or disabled
// with its reason), the kinds of the chosen method, and the tariffs of the chosen kind.
import { DELIVERY_KINDS, DELIVERY_METHODS, type DeliveryKindId } from '@efir/domain/delivery-catalogue';
import type { DeliveryMethodWire, DeliveryOptionWire } from '@efir/domain/delivery-rules';
import { formatRub } from '@efir/domain/money';
import { kindAvailability, summarizeMethod } from './delivery-choice.ts';

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

/** «Способ доставки»: choosing one hands over its usable kinds. */
export function MethodOptions({
  name,
  methods,
  chosen,
  onChoose,
}: {
  name: string;
  methods: DeliveryMethodWire[];
  chosen: number | null | undefined;
  onChoose: (method: DeliveryMethodWire, usable: DeliveryOptionWire[]) => void;
}) {
  return (
    <fieldset className="checkout-fieldset">
      <legend className="checkout-legend">Способ доставки</legend>
      <div className="option-list">
        {methods.map((item) => {
          const best = summarizeMethod(item);
          const usable = item.kinds.filter((option) => kindAvailability(option).available);
          const available = usable.length > 0;
          const reason = available
            ? null
            : (item.reason ?? item.kinds.map((option) => kindAvailability(option).reason).find(Boolean));
          return (
            <label key={item.id} className={available ? 'option' : 'option option--disabled'}>
              <input
                type="radio"
                name={name}
                className="option__radio"
                checked={chosen === item.id}
                disabled={!available}
                onChange={() => onChoose(item, usable)}
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
  );
}

/** «Вариант»: the kinds of a method that has more than one. */
export function KindOptions({
  name,
  method,
  chosen,
  onChoose,
}: {
  name: string;
  method: DeliveryMethodWire;
  chosen: number | null | undefined;
  onChoose: (kind: DeliveryKindId) => void;
}) {
  return (
    <fieldset className="checkout-fieldset">
      <legend className="checkout-legend">Вариант</legend>
      <div className="option-list">
        {method.kinds.map((option) => {
          const { available, reason } = kindAvailability(option);
          return (
            <label key={option.type} className={available ? 'option' : 'option option--disabled'}>
              <input
                type="radio"
                name={name}
                className="option__radio"
                checked={chosen === option.type}
                disabled={!available}
                onChange={() => onChoose(option.type)}
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
  );
}

/** «Тариф»: the carriers' tariffs to the chosen point or address. */
export function TariffOptions({
  name,
  options,
  chosen,
  onChoose,
}: {
  name: string;
  options: DeliveryOptionWire[];
  chosen: string | number | null | undefined;
  onChoose: (option: DeliveryOptionWire) => void;
}) {
  return (
    <fieldset className="checkout-fieldset">
      <legend className="checkout-legend">Тариф</legend>
      <div className="option-list">
        {options.map((option) => (
          <label
            key={option.tarif ?? option.type}
            className={option.available ? 'option' : 'option option--disabled'}
          >
            <input
              type="radio"
              name={name}
              className="option__radio"
              checked={chosen === option.tarif}
              disabled={!option.available || !option.tarif}
              onChange={() => onChoose(option)}
            />
            <span className="option__body">
              <span className="option__title">
                {option.providerName}: {option.tarifName}
              </span>
              {!option.available && option.reason && <span className="option__reason">{option.reason}</span>}
            </span>
            {option.available && <OptionPrice option={option} />}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
