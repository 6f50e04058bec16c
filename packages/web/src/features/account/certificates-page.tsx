// /my-certificates: the gift certificates the user bought (decision 049) — the whole code to copy, the value and what
// is left, the expiry, whom it is for, its state and when its letter leaves or left. Filled in by the server render
// like «Мои заказы» (account-page-data.ts).
import { formatDateLong, formatDateTimeLong } from '@efir/domain/dates';
import { CERTIFICATE_CATEGORY_URL, type MyCertificatesAnswer } from '@efir/domain/gift-certificate-wire';
import { formatRub } from '@efir/domain/money';
import { AccountHeading, EmptyState, LoadFailed, Loading } from '../../components/shop/account-ui.tsx';
import { CopyLink } from '../../components/ui/copy-link.tsx';
import { useAppState } from '../../lib/app-context.tsx';
import { useAccountData } from '../../lib/remote-data.ts';
import { Link } from '../../lib/router/link.tsx';

type MyCertificate = MyCertificatesAnswer['certificates'][number];

const STATE_TONES: Record<MyCertificate['state'], string> = {
  active: 'order-badge--paid',
  blocked: 'order-badge--due',
  expired: '',
  used: '',
};

/** «Письмо уйдёт 24 декабря 2026 г. в 10:00 (мск)» or «Письмо отправлено …»; nothing before it is queued. */
function describeLetter(certificate: Pick<MyCertificate, 'sent_at'>, now: number): string | null {
  if (!certificate.sent_at) return null;
  const when = `${formatDateTimeLong(certificate.sent_at)} (мск)`;
  return Date.parse(certificate.sent_at) > now ? `уйдёт ${when}` : `отправлено ${when}`;
}

function CertificateCard({ certificate, buyerEmail }: { certificate: MyCertificate; buyerEmail: string }) {
  const letter = describeLetter(certificate, Date.now());
  const recipient = certificate.recipient_email
    ? [certificate.recipient_name, certificate.recipient_email].filter(Boolean).join(', ')
    : `${certificate.recipient_name ? `${certificate.recipient_name}; ` : ''}письмо вам на ${buyerEmail}`;
  return (
    <li className="order-card certificate-card">
      <div className="order-card__head">
        <h2 className="order-card__title">Сертификат на {formatRub(certificate.value)}</h2>
        <p className="order-card__total">
          <span className="visually-hidden">Остаток: </span>
          {formatRub(certificate.balance)}
        </p>
      </div>
      <p className="order-card__badges">
        <span className={['order-badge', STATE_TONES[certificate.state]].filter(Boolean).join(' ')}>
          {certificate.state_name}
        </span>
      </p>
      <CopyLink
        url={certificate.code}
        label={`Код сертификата на ${formatRub(certificate.value)}`}
        action="Скопировать код"
        copied="Код скопирован"
      />
      <dl className="order-facts">
        <div>
          <dt>Остаток</dt>
          <dd>
            {formatRub(certificate.balance)} из {formatRub(certificate.value)}
          </dd>
        </div>
        <div>
          <dt>Действует до</dt>
          <dd>{formatDateLong(certificate.expires_at)}</dd>
        </div>
        <div>
          <dt>Получатель</dt>
          <dd>{recipient}</dd>
        </div>
        {letter && (
          <div>
            <dt>Письмо</dt>
            <dd>{letter}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}

export function CertificatesPage() {
  const list = useAccountData('/v1/my-certificates', (answer: MyCertificatesAnswer) => answer.certificates);
  const email = useAppState((state) => state.user?.email ?? '');
  return (
    <div className="account-page">
      <AccountHeading
        title="Мои сертификаты"
        lead="Подарочные сертификаты, которые вы купили: коды, остатки и когда уходят письма."
      />
      {list.status === 'loading' && <Loading />}
      {list.status === 'error' && <LoadFailed error={list.error} onRetry={list.reload} />}
      {list.status === 'ready' &&
        (list.data.length > 0 ? (
          <ul className="order-list">
            {list.data.map((certificate) => (
              <CertificateCard key={certificate.id} certificate={certificate} buyerEmail={email} />
            ))}
          </ul>
        ) : (
          <EmptyState
            title="Сертификатов пока нет"
            icon="gift"
            action={
              <Link to={CERTIFICATE_CATEGORY_URL} className="button">
                Выбрать сертификат
              </Link>
            }
          >
            Подарочный сертификат приходит на e-mail — вам или тому, кому вы его дарите, — и его можно тратить
            частями целый год.
          </EmptyState>
        ))}
    </div>
  );
}
