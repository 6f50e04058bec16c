// «Изменить» on an order (decision 055): while it is not shipped, the owner changes its lines, delivery, recipient,
// payment and comment; the server re-prices it by checkout's rules, moves stock, writes the history and sends the
// customer one letter. The answer's «было → стало» and «к доплате» / «к возврату» are shown on the order's page.
import type { OrderEdited } from '@efir/domain/order-edit-wire';
import { formatRussianPhone } from '@efir/domain/phone';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { type FieldErrors, FORM_ERROR } from '../../../lib/forms.ts';
import { Link } from '../../../lib/router/link.tsx';
import { useNavigate } from '../../../lib/router/router-view.tsx';
import { useAdminApi, useAdminData } from '../admin-api.ts';
import { AdminFailure, AdminHeader, AdminLoading } from '../admin-ui.tsx';
import {
  DeliveryEditor,
  deliveryBody,
  EMPTY_DELIVERY,
  explainRefusal,
  FieldError,
  type FormDelivery,
  type FormLine,
  type FormRecipient,
  LinesEditor,
  linesBody,
  PaymentSelect,
  RecipientEditor,
} from './order-form.tsx';
import type { OrderDetail } from './orders-api.ts';

export function OrderEditPage() {
  const { id = '' } = useParams();
  const valid = /^\d{1,9}$/.test(id);
  const detail = useAdminData<{ order: OrderDetail }>(`/orders/${valid ? id : '0'}`);
  if (detail.status === 'loading') return <AdminLoading />;
  if (detail.status === 'error') return <AdminFailure error={detail.error} retry={detail.reload} />;
  return <OrderEditForm order={detail.data.order} />;
}

function initialLines(order: OrderDetail): FormLine[] {
  return order.lines
    .filter((line) => !line.gift)
    .map((line) => ({
      product_id: line.id,
      name: line.volume ? `${line.name}, ${line.volume}` : line.name,
      cena: line.cena,
      quantity: String(line.quantity),
      price: '',
      price_reason: '',
    }));
}

function OrderEditForm({ order }: { order: OrderDetail }) {
  const api = useAdminApi();
  const navigate = useNavigate();
  const original = initialLines(order);
  const [lines, setLines] = useState(original);
  // A one-click order has no delivery yet: its form is open from the start; otherwise it opens on request.
  const [changeDelivery, setChangeDelivery] = useState(order.call_back || order.delivery.method === null);
  const [delivery, setDelivery] = useState<FormDelivery>({
    ...EMPTY_DELIVERY,
    price: String(order.delivery_price),
  });
  const [recipient, setRecipient] = useState<FormRecipient>({
    name: order.name,
    fam: order.fam,
    tel: formatRussianPhone(order.tel),
    email: order.email,
  });
  const [payment, setPayment] = useState(String(order.sposob_oplat));
  const [comment, setComment] = useState(order.delivery.comment);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const back = `/admin/orders/${order.id}`;
  const editable = order.status === 'new' || order.status === 'confirmed';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    const linesChanged = JSON.stringify(lines) !== JSON.stringify(original);
    try {
      await api.put<OrderEdited>(`/orders/${order.id}`, {
        ...(linesChanged ? { lines: linesBody(lines) } : {}),
        ...(changeDelivery ? { delivery: deliveryBody(delivery) } : {}),
        recipient,
        sposob_oplat: Number(payment),
        comment,
        reason,
      });
      await navigate(back);
    } catch (error) {
      setErrors(explainRefusal(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="order-form">
      <Link to={back} className="orders-back">
        ← Заказ {order.number}
      </Link>
      <AdminHeader title={`Изменить заказ ${order.number}`} />
      {editable ? null : (
        <p className="order-detail__failure" role="alert">
          Заказ уже отправлен или закрыт — изменить его нельзя.
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <LinesEditor lines={lines} onChange={setLines} errors={errors} />
        {changeDelivery ? (
          <DeliveryEditor delivery={delivery} onChange={setDelivery} errors={errors} />
        ) : (
          <div className="admin-card order-form__group">
            <h2 className="order-detail__heading">Доставка</h2>
            <p>{order.delivery.summary}</p>
            <button type="button" className="button button--small" onClick={() => setChangeDelivery(true)}>
              Изменить доставку
            </button>
          </div>
        )}
        <RecipientEditor recipient={recipient} onChange={setRecipient} errors={errors} />
        <div className="admin-card order-form__group">
          <PaymentSelect value={payment} onChange={setPayment} errors={errors} />
          <label className="order-form__field">
            Комментарий к заказу
            <textarea rows={2} value={comment} onChange={(event) => setComment(event.target.value)} />
          </label>
          <label className="order-form__field">
            Что изменили и почему (для истории заказа)
            <input value={reason} onChange={(event) => setReason(event.target.value)} />
          </label>
        </div>
        <FieldError errors={errors} name="order" />
        <FieldError errors={errors} name={FORM_ERROR} />
        <div className="order-form__actions">
          <button type="submit" className="button" disabled={saving || !editable}>
            {saving ? 'Сохраняем…' : 'Сохранить и отправить письмо'}
          </button>
          <Link to={back} className="button button--ghost">
            Отмена
          </Link>
        </div>
      </form>
    </section>
  );
}
