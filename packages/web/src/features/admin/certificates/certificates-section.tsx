// Раздел «Сертификаты» of the back office (decision 049): the list with what the shop owes on them at /admin/
// certificates, one certificate's card with its history and actions at /admin/certificates/<id>, and a certificate
// issued by hand at /admin/certificates/new.
import type { AdminCertificatesAnswer } from '@efir/domain/gift-certificate-wire';
import { formatRub } from '@efir/domain/money';
import { Route, Routes, useSearchParams } from 'react-router';
import { Link } from '../../../lib/router/link.tsx';
import { useAdminData } from '../admin-api.ts';
import { AdminChip, AdminFailure, AdminHeader, AdminLoading, AdminPager } from '../admin-ui.tsx';
import { CertificateCardPage } from './certificate-card.tsx';
import { CertificateIssuePage } from './certificate-issue.tsx';
import { CERTIFICATE_TONES, describeRecipient, formatDay } from './certificates-api.ts';
import './certificates.css';

/** The server's page size (gift-certificates-admin.ts). */
const PAGE_SIZE = 50;

function CertificatesList() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useAdminData<AdminCertificatesAnswer>(`/gift-certificates?page=${page}`);
  return (
    <section>
      <AdminHeader title="Сертификаты">
        <Link to="new" className="button button--small">
          Выпустить сертификат
        </Link>
      </AdminHeader>
      {list.status === 'loading' ? <AdminLoading /> : null}
      {list.status === 'error' ? <AdminFailure error={list.error} retry={list.reload} /> : null}
      {list.status === 'ready' ? (
        <>
          <dl className="certificates-owed">
            <dt>Обязательства по сертификатам</dt>
            <dd>{formatRub(list.data.outstanding)}</dd>
            <dd className="admin-muted">
              Остатки действующих сертификатов: их уже оплатили, но товар ещё не получили — это долг магазина,
              а не выручка.
            </dd>
          </dl>
          {list.data.certificates.length === 0 ? (
            <p className="admin-muted">Сертификатов пока нет.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table certificates-table">
                <thead>
                  <tr>
                    <th>Код</th>
                    <th className="num">Номинал</th>
                    <th className="num">Остаток</th>
                    <th>Действует до</th>
                    <th>Покупатель</th>
                    <th>Получатель</th>
                    <th>Состояние</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.certificates.map((certificate) => (
                    <tr key={certificate.id}>
                      <td>
                        <Link to={String(certificate.id)} className="certificates-table__code">
                          {certificate.code}
                        </Link>
                      </td>
                      <td className="num">{formatRub(certificate.value)}</td>
                      <td className="num">{formatRub(certificate.balance)}</td>
                      <td>{formatDay(certificate.expires_at)}</td>
                      <td>
                        {certificate.buyer_name || certificate.buyer_email}
                        {certificate.buyer_name ? (
                          <span className="certificates-table__sub">{certificate.buyer_email}</span>
                        ) : null}
                      </td>
                      <td>{describeRecipient(certificate)}</td>
                      <td>
                        <AdminChip tone={CERTIFICATE_TONES[certificate.state]}>
                          {certificate.state_name}
                        </AdminChip>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <AdminPager
            page={list.data.page}
            pages={Math.ceil(list.data.total / PAGE_SIZE)}
            onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})}
          />
        </>
      ) : null}
    </section>
  );
}

export function CertificatesSection() {
  return (
    <Routes>
      <Route index element={<CertificatesList />} />
      <Route path="new" element={<CertificateIssuePage />} />
      <Route path=":id" element={<CertificateCardPage />} />
    </Routes>
  );
}
