// The parcel's carrier and tracking number: the fields given with «Отметить отправленным», and their correction while
// the order is on its way (PUT /orders/{id}/tracking: a history entry and a letter with the new link).
import { CARRIER_NAMES, CARRIERS, type Carrier } from '@efir/domain/shipment-tracking';
import { useState } from 'react';
import { describeFailure } from '../../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../../lib/forms.ts';
import { useAdminApi } from '../admin-api.ts';
import { CardMessages, useCardAction } from './card-action.tsx';
import type { OrderDetail } from './orders-api.ts';

export function TrackingFields(props: {
  legend: string;
  carrier: Carrier;
  number: string;
  onCarrier(carrier: Carrier): void;
  onNumber(number: string): void;
}) {
  return (
    <fieldset className="order-status__tracking">
      <legend>{props.legend}</legend>
      <label className="admin-inline-field">
        Служба доставки
        <select value={props.carrier} onChange={(event) => props.onCarrier(event.target.value as Carrier)}>
          {CARRIERS.map((value) => (
            <option key={value} value={value}>
              {CARRIER_NAMES[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="admin-inline-field">
        Трек-номер
        <input
          value={props.number}
          maxLength={40}
          autoComplete="off"
          onChange={(event) => props.onNumber(event.target.value)}
        />
      </label>
    </fieldset>
  );
}

/** «Исправить трек-номер» under the delivery of a shipped order. */
export function TrackingEditor({
  order,
  onChanged,
}: {
  order: OrderDetail;
  onChanged(next: OrderDetail): void;
}) {
  const api = useAdminApi();
  const [open, setOpen] = useState(false);
  const [carrier, setCarrier] = useState<Carrier>((order.tracking?.carrier as Carrier | undefined) ?? 'cdek');
  const [number, setNumber] = useState(order.tracking?.number ?? '');
  const { busy, failure, notice, run } = useCardAction((error) => {
    const fields = readServerFieldErrors(error);
    return fields?.tracking_number ?? fields?.carrier ?? describeFailure(error);
  });
  if (order.status !== 'shipped') return null;

  const save = () =>
    run(async () => {
      const answer = await api.put<{ order: OrderDetail }>(`/orders/${order.id}/tracking`, {
        carrier,
        tracking_number: number.trim(),
      });
      onChanged(answer.order);
      setOpen(false);
      const before = order.tracking;
      return before?.carrier === carrier && before.number === number.trim()
        ? 'Трек-номер тот же — ничего не изменилось.'
        : 'Трек-номер исправлен, покупателю ушло письмо с новой ссылкой.';
    });

  return (
    <>
      {open ? (
        <form
          className="order-tracking"
          aria-label="Трек-номер"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TrackingFields
            legend="Исправить трек-номер"
            carrier={carrier}
            number={number}
            onCarrier={setCarrier}
            onNumber={setNumber}
          />
          <div className="order-status__buttons">
            <button type="submit" className="button button--small" disabled={busy || !number.trim()}>
              {busy ? 'Сохраняем…' : 'Сохранить'}
            </button>
            <button
              type="button"
              className="button button--small button--ghost"
              disabled={busy}
              onClick={() => setOpen(false)}
            >
              Не менять
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button button--small button--ghost" onClick={() => setOpen(true)}>
          {order.tracking ? 'Исправить трек-номер' : 'Указать трек-номер'}
        </button>
      )}
      <CardMessages failure={failure} notice={notice} />
    </>
  );
}
