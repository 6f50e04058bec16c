// «Новый заказ» (decision 055): an order taken by phone — the customer (found by phone or e-mail on the server, or a
// guest), goods from the catalogue, delivery and payment. Paid online, the customer gets the payment link by letter.
import type { PhoneOrderCreated } from '@efir/domain/order-edit-wire';
import { type FormEvent, useState } from 'react';
import { type FieldErrors, FORM_ERROR } from '../../../lib/forms.ts';
import { Link } from '../../../lib/router/link.tsx';
import { useNavigate } from '../../../lib/router/router-view.tsx';
import { useAdminApi } from '../admin-api.ts';
import { AdminHeader } from '../admin-ui.tsx';
import {
  DeliveryEditor,
  deliveryBody,
  EMPTY_DELIVERY,
  explainRefusal,
  FieldError,
  type FormLine,
  LinesEditor,
  linesBody,
  PaymentSelect,
  RecipientEditor,
} from './order-form.tsx';

export function PhoneOrderPage() {
  const api = useAdminApi();
  const navigate = useNavigate();
  // One key per form: a second press (or a retry after a lost answer) finds the same order.
  const [key] = useState(() => crypto.randomUUID());
  const [lines, setLines] = useState<FormLine[]>([]);
  const [delivery, setDelivery] = useState(EMPTY_DELIVERY);
  const [recipient, setRecipient] = useState({ name: '', fam: '', tel: '', email: '' });
  const [payment, setPayment] = useState('1');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const answer = await api.post<PhoneOrderCreated>('/orders', {
        idempotency_key: key,
        recipient,
        lines: linesBody(lines),
        delivery: deliveryBody(delivery),
        sposob_oplat: Number(payment),
        comment,
      });
      await navigate(`/admin/orders/${answer.order.id}`);
    } catch (error) {
      setErrors(explainRefusal(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="order-form">
      <Link to="/admin/orders" className="orders-back">
        ← Все заказы
      </Link>
      <AdminHeader title="Новый заказ по телефону" />
      <p className="admin-muted">
        Покупателя найдём по телефону или e-mail — заказ попадёт в его кабинет с личной скидкой. Новому
        покупателю оформим заказ без аккаунта. При оплате картой онлайн он получит письмо со ссылкой на
        оплату.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <RecipientEditor recipient={recipient} onChange={setRecipient} errors={errors} />
        <LinesEditor lines={lines} onChange={setLines} errors={errors} />
        <DeliveryEditor delivery={delivery} onChange={setDelivery} errors={errors} />
        <div className="admin-card order-form__group">
          <PaymentSelect value={payment} onChange={setPayment} errors={errors} />
          <label className="order-form__field">
            Комментарий к заказу
            <textarea rows={2} value={comment} onChange={(event) => setComment(event.target.value)} />
          </label>
        </div>
        <FieldError errors={errors} name={FORM_ERROR} />
        <div className="order-form__actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Создаём…' : 'Создать заказ'}
          </button>
        </div>
      </form>
    </section>
  );
}
