// What the back office's certificate pages share: the state's colour, the expiry day, whom a certificate is for.
import type { AdminCertificate } from '@efir/domain/gift-certificate-wire';

export const CERTIFICATE_TONES: Record<AdminCertificate['state'], 'neutral' | 'good' | 'warn' | 'bad'> = {
  active: 'good',
  blocked: 'bad',
  expired: 'warn',
  used: 'neutral',
};

/** «20.12.2027» */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' });
}

export function describeRecipient(certificate: AdminCertificate): string {
  return [certificate.recipient_name, certificate.recipient_email].filter(Boolean).join(', ') || 'покупатель';
}
