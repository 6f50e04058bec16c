// The certificate's letter (decision 045): an HTML card with the code and value, and a printable PDF (pdfkit with
// DejaVu Sans, as the school's documents), queued in the outbox for the chosen send date.
import { createRequire } from 'node:module';
import { formatDateLong } from '@efir/domain/dates';
import { formatRub } from '@efir/domain/money';
import PDFDocument from 'pdfkit';
import type { Letter } from '../mail/mail.service.ts';
import type { CertificateRow } from './gift-certificates.repo.ts';

const require = createRequire(import.meta.url);
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');
const SHOP = 'Магазин эфирных масел «Эфир»';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}

/** The printable card: A5 landscape, the value large, the code in a box, the terms below. */
export function renderCertificatePdf(certificate: CertificateRow, origin: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A5',
    layout: 'landscape',
    margin: 40,
    info: { Title: 'Подарочный сертификат «Эфира»', Author: SHOP, Creator: SHOP },
    lang: 'ru-RU',
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 80;
  doc
    .rect(20, 20, doc.page.width - 40, doc.page.height - 40)
    .lineWidth(2)
    .stroke('#c59d5f');
  doc
    .font('bold')
    .fontSize(22)
    .fillColor('#3d2f1c')
    .text('Подарочный сертификат', 40, 50, { width, align: 'center' });
  doc.font('regular').fontSize(12).text(SHOP, { width, align: 'center' });
  doc.moveDown(1).font('bold').fontSize(36).fillColor('#8a6a35').text(formatRub(certificate.value), {
    width,
    align: 'center',
  });
  if (certificate.recipientName) {
    doc
      .moveDown(0.3)
      .font('regular')
      .fontSize(13)
      .fillColor('#3d2f1c')
      .text(`Для: ${certificate.recipientName}`, {
        width,
        align: 'center',
      });
  }
  if (certificate.message) {
    doc.moveDown(0.3).font('regular').fontSize(11).fillColor('#3d2f1c').text(`«${certificate.message}»`, {
      width,
      align: 'center',
    });
  }
  doc
    .moveDown(0.8)
    .font('regular')
    .fontSize(10)
    .fillColor('#555555')
    .text('Код сертификата', { width, align: 'center' });
  doc.font('bold').fontSize(18).fillColor('#000000').text(certificate.code, { width, align: 'center' });
  doc
    .moveDown(0.8)
    .font('regular')
    .fontSize(9.5)
    .fillColor('#3d2f1c')
    .text(
      `Действует до ${formatDateLong(certificate.expiresAt)}. Введите код при оформлении заказа на ${origin.replace(/^https?:\/\//, '')} в поле «Подарочный сертификат или промокод». Сертификатом можно оплатить заказ целиком или частично, остаток сохранится на нём до конца срока. Храните код как деньги: им может воспользоваться любой, кто его знает.`,
      { width, align: 'center' },
    );
  doc.end();
  return done;
}

/** The letter to the recipient (or the buyer when no recipient was named), with the card attached. */
export async function certificateLetter(certificate: CertificateRow, origin: string): Promise<Letter> {
  const forRecipient = certificate.recipientEmail !== null;
  const to = certificate.recipientEmail ?? certificate.buyerEmail;
  const greeting = certificate.recipientName
    ? `Здравствуйте, ${certificate.recipientName}!`
    : 'Здравствуйте!';
  const from = forRecipient && certificate.buyerName ? `${certificate.buyerName} дарит вам` : 'Ваш';
  const value = formatRub(certificate.value);
  const until = formatDateLong(certificate.expiresAt);
  const lines = [
    greeting,
    '',
    `${from} подарочный сертификат магазина «Эфир» на ${value}.`,
    ...(certificate.message ? ['', `«${certificate.message}»`] : []),
    '',
    `Код: ${certificate.code}`,
    `Действует до ${until}.`,
    '',
    `Выберите масла, гидролаты или наборы на ${origin} и введите код в корзине, в поле «Подарочный сертификат или промокод». Сертификатом можно оплатить заказ целиком или частично — остаток сохранится на нём. Открытка для печати — во вложении.`,
  ];
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(`${from} подарочный сертификат магазина «Эфир»`)}</p>
<div style="border:2px solid #c59d5f;border-radius:12px;padding:24px;text-align:center;margin:16px 0">
<div style="font-size:32px;font-weight:bold;color:#8a6a35">${escapeHtml(value)}</div>
${certificate.message ? `<p style="font-style:italic">«${escapeHtml(certificate.message)}»</p>` : ''}
<div style="font-size:13px;color:#555">Код сертификата</div>
<div style="font-size:22px;font-weight:bold;letter-spacing:1px;font-family:monospace">${escapeHtml(certificate.code)}</div>
<div style="font-size:13px;color:#555;margin-top:8px">Действует до ${escapeHtml(until)}</div>
</div>
<p>Выберите масла, гидролаты или наборы на <a href="${escapeHtml(origin)}">${escapeHtml(origin.replace(/^https?:\/\//, ''))}</a> и введите код в корзине, в поле «Подарочный сертификат или промокод». Сертификатом можно оплатить заказ целиком или частично — остаток сохранится на нём. Открытка для печати — во вложении.</p>`;
  return {
    to,
    subject: `Подарочный сертификат «Эфира» на ${value}`,
    text: lines.join('\n'),
    html,
    attachments: [
      {
        filename: `sertifikat-efir-${certificate.code.slice(-4)}.pdf`,
        contentType: 'application/pdf',
        content: await renderCertificatePdf(certificate, origin),
      },
    ],
    ...(certificate.sendAt && certificate.sendAt > new Date() ? { sendAt: certificate.sendAt } : {}),
  };
}
