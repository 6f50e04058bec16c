// One customer in the back office: contacts, the personal discount with where it comes from and the form that sets
// it by hand or gives it back to the tiers (decision 012), the history of those changes and the recent orders.
import { formatDateShort } from '@efir/domain/dates';
import { formatRub } from '@efir/domain/money';
import { formatRussianPhone } from '@efir/domain/phone';
import { type FormEvent, useId, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { formatPercent } from '../../../components/shop/account-ui.tsx';
import { FormError, SubmitButton, TextAreaField, useForm } from '../../../components/ui/form.tsx';
import { FORM_ERROR } from '../../../lib/forms.ts';
import { Link } from '../../../lib/router/link.tsx';
import { useAdminApi, useAdminData } from '../admin-api.ts';
import { AdminChip, AdminFailure, AdminHeader, AdminLoading, formatAdminDate } from '../admin-ui.tsx';
import { paymentLabel, STATUS_LABELS } from '../orders/orders-api.ts';
import {
  type CustomerDetail,
  customerName,
  type DiscountFormValues,
  describeDiscountChange,
  describeDiscountSource,
  discountFormSchema,
  discountFormValues,
  orderNumber,
} from './customers-api.ts';

const DISCOUNT_FIELDS = ['percent', 'comment'] as const;

export function CustomerDetailPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const valid = /^\d{1,9}$/.test(id);
  const detail = useAdminData<{ customer: CustomerDetail }>(`/customers/${valid ? id : '0'}`);
  const back = (
    <Link to={`..${params.size > 0 ? `?${params}` : ''}`} relative="path" className="customers-back">
      ← Все покупатели
    </Link>
  );

  if (detail.status === 'loading') return <AdminLoading />;
  if (detail.status === 'error') {
    return (
      <section>
        {back}
        <AdminFailure error={detail.error} retry={detail.reload} />
      </section>
    );
  }
  const customer = detail.data.customer;
  return (
    <section className="customer-detail">
      {back}
      <AdminHeader title={customerName(customer)} />
      <p className="admin-muted customer-detail__since">
        Покупатель № {customer.id} · зарегистрирован {formatDateShort(customer.created_at)}
      </p>

      <div className="customer-detail__grid">
        <div className="customer-detail__main">
          <DiscountCard customer={customer} onSaved={(next) => detail.update(() => ({ customer: next }))} />
          <OrdersCard customer={customer} />
        </div>
        <div className="customer-detail__side">
          <ContactsCard customer={customer} />
          <HistoryCard customer={customer} />
        </div>
      </div>
    </section>
  );
}

function ContactsCard({ customer }: { customer: CustomerDetail }) {
  return (
    <div className="admin-card">
      <h2 className="customer-detail__heading">Контакты</h2>
      <p className="customer-detail__lines">
        <strong>{[customer.name, customer.fam].filter(Boolean).join(' ') || 'Имя не указано'}</strong>
        <a href={`mailto:${customer.email}`}>{customer.email}</a>
        {customer.tel ? (
          <a href={`tel:${customer.tel.replace(/[^\d+]/g, '')}`}>{formatRussianPhone(customer.tel)}</a>
        ) : (
          <span className="admin-muted">Телефон не указан</span>
        )}
      </p>
    </div>
  );
}

/** «Личная скидка: N %», where it comes from, and the form: by the tiers, or a percent set by hand. */
function DiscountCard({
  customer,
  onSaved,
}: {
  customer: CustomerDetail;
  onSaved(next: CustomerDetail): void;
}) {
  const api = useAdminApi();
  const ids = useId();
  const [values, setValues] = useState<DiscountFormValues>(() => discountFormValues(customer));
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm({
    // The values live here: a change also takes the last «saved» notice away.
    source: { values, change: (name, value) => set(name, value) },
    schema: discountFormSchema,
    fields: DISCOUNT_FIELDS,
    send: (body) =>
      api.put<{ message: string; customer: CustomerDetail }>(`/customers/${customer.id}/discount`, body),
    onSuccess: (answer) => {
      const saved = answer.customer;
      setValues(discountFormValues(saved));
      setNotice(
        saved.skidka_manual === null
          ? `Сохранено: скидка снова считается по сумме заказов — ${formatPercent(saved.skidka)}.`
          : `Сохранено: личная скидка ${formatPercent(saved.skidka)}, установлена вручную.`,
      );
      onSaved(saved);
    },
  });

  const set = <K extends keyof DiscountFormValues>(name: K, value: DiscountFormValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setNotice(null);
    form.clearError(name);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(values);
  };
  const percentError = form.errors.percent;

  return (
    <div className="admin-card customer-discount">
      <h2 className="customer-detail__heading" id={`${ids}-title`}>
        Личная скидка: {formatPercent(customer.skidka)}
      </h2>
      <p className="customer-discount__source">{describeDiscountSource(customer)}</p>
      <form
        ref={form.formRef}
        className="customer-discount__form"
        aria-labelledby={`${ids}-title`}
        noValidate
        onSubmit={submit}
      >
        <FormError message={form.errors[FORM_ERROR]} />
        <fieldset className="customer-discount__modes">
          <legend className="visually-hidden">Как считать скидку</legend>
          <label className="customer-discount__mode">
            <input
              type="radio"
              name="mode"
              value="auto"
              checked={values.mode === 'auto'}
              onChange={() => {
                set('mode', 'auto');
                // The box's complaint no longer applies: the tiers decide.
                form.clearError('percent');
              }}
            />
            <span>
              Автоматически по сумме заказов
              <span className="customer-discount__note">
                сейчас это {formatPercent(customer.skidka_by_orders)}
              </span>
            </span>
          </label>
          <div className="customer-discount__mode">
            <input
              id={`${ids}-manual`}
              type="radio"
              name="mode"
              value="manual"
              checked={values.mode === 'manual'}
              onChange={() => set('mode', 'manual')}
            />
            <label htmlFor={`${ids}-manual`}>Вручную:</label>
            <input
              name="percent"
              className="field__input customer-discount__percent"
              inputMode="numeric"
              maxLength={3}
              autoComplete="off"
              aria-label="Скидка вручную, %"
              aria-invalid={percentError ? true : undefined}
              aria-describedby={percentError ? `${ids}-percent-error` : undefined}
              value={values.percent}
              onFocus={() => {
                if (values.mode !== 'manual') set('mode', 'manual');
              }}
              onChange={(event) => {
                set('percent', event.target.value);
                if (values.mode !== 'manual') set('mode', 'manual');
              }}
            />
            <span aria-hidden="true">%</span>
          </div>
          {percentError ? (
            <p id={`${ids}-percent-error`} className="field__error customer-discount__error">
              {percentError}
            </p>
          ) : null}
        </fieldset>
        <TextAreaField
          label="Комментарий"
          rows={2}
          maxLength={500}
          {...form.field('comment')}
          hint="Почему скидка меняется: для журнала, покупатель его не увидит."
        />
        <div className="customer-discount__actions">
          <SubmitButton sending={form.sending} sendingText="Сохраняем…" className="button--small">
            Сохранить
          </SubmitButton>
        </div>
        <p className="customer-discount__notice" role="status">
          {notice}
        </p>
      </form>
    </div>
  );
}

function HistoryCard({ customer }: { customer: CustomerDetail }) {
  return (
    <div className="admin-card">
      <h2 className="customer-detail__heading">История скидки</h2>
      {customer.discount_history.length === 0 ? (
        <p className="admin-muted customer-detail__empty">Скидку вручную ещё не меняли.</p>
      ) : (
        <ol className="customer-history" aria-label="Изменения скидки">
          {customer.discount_history.map((change) => (
            <li key={`${change.at}-${change.after}-${change.manual}`}>
              <span className="customer-history__when">{formatAdminDate(change.at)}</span>
              <span>
                {describeDiscountChange(change)}
                <span className="admin-muted"> · {change.who}</span>
                {change.comment ? (
                  <span className="customer-history__comment">«{change.comment}»</span>
                ) : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function OrdersCard({ customer }: { customer: CustomerDetail }) {
  return (
    <div className="admin-card">
      <div className="customer-detail__heading-row">
        <h2 className="customer-detail__heading">Последние заказы</h2>
        {customer.orders.length > 0 ? (
          <Link to={`/admin/orders?${new URLSearchParams({ q: customer.email })}`}>
            Все заказы с этим e-mail
          </Link>
        ) : null}
      </div>
      {customer.orders.length === 0 ? (
        <p className="admin-muted customer-detail__empty">Заказов из личного кабинета пока нет.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th>Заказ</th>
                <th>Оформлен</th>
                <th className="num">Сумма</th>
                <th>Статус</th>
                <th>Оплата</th>
              </tr>
            </thead>
            <tbody>
              {customer.orders.map((order) => (
                <tr key={order.id}>
                  <td>
                    <Link to={`/admin/orders/${order.id}`} className="customers-table__name">
                      {orderNumber(order.id)}
                    </Link>
                  </td>
                  <td>{formatAdminDate(order.created_at)}</td>
                  <td className="num">{formatRub(order.total)}</td>
                  <td>
                    <AdminChip tone={STATUS_LABELS[order.status].tone}>
                      {STATUS_LABELS[order.status].name}
                    </AdminChip>
                  </td>
                  <td>
                    <AdminChip tone={paymentLabel(order).tone}>{paymentLabel(order).name}</AdminChip>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
