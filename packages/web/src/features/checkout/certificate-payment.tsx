// What the gift certificates entered in the cart pay of this order, and what is left to pay (decision 049): the
// server pays the order's total (after discounts and delivery) from them in the order they were entered, each up
// to its balance; the checkout shows the same split before the buyer confirms.
import { formatRub } from '@efir/domain/money';
import type { CartCertificate } from '../../lib/cart-state.ts';

export interface CertificateShare {
  certificate: CartCertificate;
  amount: number;
}

/** Each certificate's part of `total`, in the order entered; the ones with nothing to pay are left out. */
export function splitByCertificates(
  certificates: readonly CartCertificate[],
  total: number,
): { shares: CertificateShare[]; rest: number } {
  let rest = total;
  const shares: CertificateShare[] = [];
  for (const certificate of certificates) {
    const amount = Math.min(certificate.balance, rest);
    if (amount <= 0) continue;
    shares.push({ certificate, amount });
    rest -= amount;
  }
  return { shares, rest };
}

/** Rows for a totals list (`<dl>`): «Сертификат …7KQ2» −1 800 ₽ each, then «Осталось оплатить». */
export function CertificateRows({
  certificates,
  total,
  restClassName,
}: {
  certificates: readonly CartCertificate[];
  total: number;
  restClassName: string;
}) {
  const { shares, rest } = splitByCertificates(certificates, total);
  if (shares.length === 0) return null;
  return (
    <>
      {shares.map(({ certificate, amount }) => (
        <div key={certificate.id} className="certificate-share">
          <dt>
            Сертификат …{certificate.code_tail}
            {certificate.balance > amount && (
              <span className="certificate-share__left">
                останется {formatRub(certificate.balance - amount)}
              </span>
            )}
          </dt>
          <dd>−{formatRub(amount)}</dd>
        </div>
      ))}
      <div className={restClassName}>
        <dt>Осталось оплатить</dt>
        <dd>{formatRub(rest)}</dd>
      </div>
    </>
  );
}
