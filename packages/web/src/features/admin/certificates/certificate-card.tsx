// One certificate in the back office: what it is worth and to whom, its history (issued, sent, spent on order N,
// returned…) with links to the orders, and the moderator's actions — send the letter again, block or unblock,
// extend. Every action is audited by the server; a refusal is said in Russian beside the buttons.
import type { AdminCertificate, AdminCertificateAnswer } from '@efir/domain/gift-certificate-wire';
import { formatRub } from '@efir/domain/money';
import { useState } from 'react';
import { useParams } from 'react-router';
import { describeFailure } from '../../../lib/failure-message.ts';
import { readServerFieldErrors } from '../../../lib/forms.ts';
import { Link } from '../../../lib/router/link.tsx';
import { useAdminApi, useAdminData } from '../admin-api.ts';
import { AdminChip, AdminFailure, AdminHeader, AdminLoading, formatAdminDate } from '../admin-ui.tsx';
import { CardMessages, ConfirmBox, useCardAction } from '../orders/card-action.tsx';
import { CERTIFICATE_TONES, describeRecipient, formatDay } from './certificates-api.ts';

function explain(error: unknown): string {
  const fields = readServerFieldErrors(error);
  return fields?.expires_at ?? fields?.action ?? fields?.comment ?? describeFailure(error);
}

function orderNumber(id: number): string {
  return `ЭФ-${String(id).padStart(6, '0')}`;
}

export function CertificateCardPage() {
  const { id = '' } = useParams();
  const valid = /^\d{1,9}$/.test(id);
  const detail = useAdminData<AdminCertificateAnswer>(`/gift-certificates/${valid ? id : '0'}`);
  const back = (
    <Link to=".." relative="path" className="orders-back">
      ← Все сертификаты
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
  const { certificate, history } = detail.data;
  return (
    <section className="order-detail">
      {back}
      <AdminHeader title={`Сертификат ${certificate.code}`}>
        <AdminChip tone={CERTIFICATE_TONES[certificate.state]}>{certificate.state_name}</AdminChip>
      </AdminHeader>
      <div className="order-detail__grid">
        <div className="order-detail__main">
          <FactsCard certificate={certificate} />
          <div className="admin-card">
            <h2 className="order-detail__heading">История</h2>
            <ol className="order-history">
              {history.map((entry) => (
                <li key={`${entry.at}-${entry.kind}-${entry.text}`}>
                  <span className="order-history__when">{formatAdminDate(entry.at)}</span>
                  <span>
                    {entry.text}
                    {entry.order_id ? (
                      <>
                        {' · '}
                        <Link to={`/admin/orders/${entry.order_id}`}>
                          открыть заказ {orderNumber(entry.order_id)}
                        </Link>
                      </>
                    ) : null}
                  </span>
                </li>
              ))}
            </ol>
          </div>
        </div>
        <div className="order-detail__side">
          <ActionsCard certificate={certificate} onChanged={(next) => detail.update(() => next)} />
        </div>
      </div>
    </section>
  );
}

function FactsCard({ certificate }: { certificate: AdminCertificate }) {
  const letter = certificate.sent_at
    ? `${Date.parse(certificate.sent_at) > Date.now() ? 'уйдёт' : 'отправлено'} ${formatAdminDate(certificate.sent_at)}`
    : 'ещё не отправлялось';
  return (
    <div className="admin-card">
      <dl className="certificate-facts">
        <dt>Номинал</dt>
        <dd>{formatRub(certificate.value)}</dd>
        <dt>Остаток</dt>
        <dd>{formatRub(certificate.balance)}</dd>
        <dt>Действует до</dt>
        <dd>{formatDay(certificate.expires_at)}</dd>
        <dt>Покупатель</dt>
        <dd>{[certificate.buyer_name, certificate.buyer_email].filter(Boolean).join(', ')}</dd>
        <dt>Получатель</dt>
        <dd>{describeRecipient(certificate)}</dd>
        <dt>Куплен</dt>
        <dd>
          {certificate.order_id ? (
            <Link to={`/admin/orders/${certificate.order_id}`}>
              в заказе {orderNumber(certificate.order_id)}
            </Link>
          ) : (
            `выпущен вручную ${formatAdminDate(certificate.created_at)}`
          )}
        </dd>
        <dt>Письмо</dt>
        <dd>{letter}</dd>
      </dl>
    </div>
  );
}

function ActionsCard({
  certificate,
  onChanged,
}: {
  certificate: AdminCertificate;
  onChanged(next: AdminCertificateAnswer): void;
}) {
  const api = useAdminApi();
  const { busy, failure, notice, run } = useCardAction(explain);
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const [until, setUntil] = useState('');
  const blocked = certificate.state === 'blocked';

  const act = (work: () => Promise<AdminCertificateAnswer>, done: string) =>
    run(async () => {
      onChanged(await work());
      return done;
    });

  const changeState = (action: 'block' | 'unblock') =>
    act(
      () =>
        api.put<AdminCertificateAnswer>(`/gift-certificates/${certificate.id}/state`, {
          action,
          ...(comment.trim() ? { comment: comment.trim() } : {}),
        }),
      action === 'block' ? 'Сертификат заблокирован.' : 'Сертификат снова действует.',
    ).then((ok) => {
      setAsking(false);
      if (ok) setComment('');
    });

  const extend = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(until)) {
      void run(() => Promise.reject(new Error('Укажите новую дату окончания')));
      return;
    }
    void act(
      () =>
        api.put<AdminCertificateAnswer>(`/gift-certificates/${certificate.id}/state`, {
          action: 'extend',
          // To the end of the chosen day, Moscow time.
          expires_at: `${until}T23:59:59+03:00`,
        }),
      'Срок действия продлён.',
    ).then((ok) => ok && setUntil(''));
  };

  return (
    <div className="admin-card certificate-actions">
      <h2 className="order-detail__heading">Действия</h2>
      <button
        type="button"
        className="button button--small button--ghost"
        disabled={busy}
        onClick={() =>
          void act(
            () => api.post<AdminCertificateAnswer>(`/gift-certificates/${certificate.id}/resend`),
            'Письмо с сертификатом отправлено ещё раз.',
          )
        }
      >
        Отправить письмо ещё раз
      </button>

      <label className="admin-inline-field certificate-actions__field">
        <span>Комментарий к блокировке</span>
        <input value={comment} maxLength={500} onChange={(event) => setComment(event.target.value)} />
      </label>
      {blocked ? (
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={() => void changeState('unblock')}
        >
          Разблокировать
        </button>
      ) : asking ? (
        <ConfirmBox
          label="Заблокировать сертификат?"
          confirm="Да, заблокировать"
          keep="Нет"
          busy={busy}
          onConfirm={() => void changeState('block')}
          onKeep={() => setAsking(false)}
        >
          Заблокировать сертификат? Им нельзя будет оплатить заказ, пока его не разблокируют.
        </ConfirmBox>
      ) : (
        <button
          type="button"
          className="button button--small button--danger"
          disabled={busy}
          onClick={() => setAsking(true)}
        >
          Заблокировать
        </button>
      )}

      <label className="admin-inline-field certificate-actions__field">
        <span>Продлить до</span>
        <input type="date" value={until} onChange={(event) => setUntil(event.target.value)} />
      </label>
      <button type="button" className="button button--small button--ghost" disabled={busy} onClick={extend}>
        Продлить
      </button>
      <CardMessages failure={failure} notice={notice} />
    </div>
  );
}
