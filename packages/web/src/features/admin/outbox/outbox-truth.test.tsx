// @vitest-environment happy-dom
// «Письма» tells the truth (decision 057): without SMTP a «sent» letter reads «Записано в журнал (SMTP не настроен)»,
// not «Отправлено»; «Открыть» shows the letter's text, and its HTML in a sandboxed frame that can run nothing.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type Answer, renderPage, SIGNED_IN } from '../../../test/dom-shop.tsx';
import { OutboxSection } from './outbox-section.tsx';

afterEach(cleanup);

const LETTER = {
  id: 7,
  channel: 'email',
  to: 'anna@example.ru',
  subject: 'Заказ ЭФ-000007 принят',
  status: 'sent',
  attempts: 1,
  next_attempt_at: null,
  created_at: '2026-11-27T09:15:00.000Z',
  sent_at: '2026-11-27T09:16:00.000Z',
  delivered_via: 'log',
  error: null,
};

function list(smtp: boolean, letters: unknown[]): Answer {
  return {
    status: 200,
    body: {
      letters,
      counts: { pending: 0, sent: 0, logged: 1, failed: 0 },
      total: 1,
      page: 1,
      pages: 1,
      smtp,
    },
  };
}

const OPENED: Answer = {
  status: 200,
  body: {
    ...LETTER,
    text: 'Здравствуйте, Анна!\nСпасибо за заказ ЭФ-000007.',
    html: '<p>Здравствуйте, <b>Анна</b>!</p><script>parent.alert(1)</script>',
    attachments: [],
  },
};

describe('«Письма» without SMTP', () => {
  it('says a letter was written to the log, not sent', async () => {
    renderPage(<OutboxSection />, {
      url: '/admin/outbox',
      bootstrap: { user: SIGNED_IN },
      routes: { 'GET /api/v1/admin/outbox': list(false, [LETTER]) },
    });
    const row = (await screen.findByText('Заказ ЭФ-000007 принят')).closest('tr')!;
    expect(within(row).getByText('Записано в журнал (SMTP не настроен)')).toBeTruthy();
    expect(within(row).queryByText('Отправлено')).toBeNull();
    expect(screen.getByText(/записано в журнал: 1/)).toBeTruthy();
  });

  it('calls a letter sent before the shop kept how it left «записано в журнал» while there is no SMTP', async () => {
    renderPage(<OutboxSection />, {
      url: '/admin/outbox',
      bootstrap: { user: SIGNED_IN },
      routes: { 'GET /api/v1/admin/outbox': list(false, [{ ...LETTER, delivered_via: null }]) },
    });
    expect(await screen.findByText('Записано в журнал (SMTP не настроен)')).toBeTruthy();
  });

  it('opens a letter: its text, then its HTML in a sandboxed frame', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage(<OutboxSection />, {
      url: '/admin/outbox',
      bootstrap: { user: SIGNED_IN },
      routes: { 'GET /api/v1/admin/outbox': list(false, [LETTER]), 'GET /api/v1/admin/outbox/7': OPENED },
    });
    await user.click(await screen.findByRole('button', { name: 'Открыть письмо «Заказ ЭФ-000007 принят»' }));
    const letter = await screen.findByRole('region', { name: 'Письмо' });
    expect(calls.map((call) => call.path)).toContain('/api/v1/admin/outbox/7');
    expect(within(letter).getByText(/Спасибо за заказ ЭФ-000007/).textContent).toBe(
      'Здравствуйте, Анна!\nСпасибо за заказ ЭФ-000007.',
    );
    await user.click(within(letter).getByRole('tab', { name: 'HTML' }));
    const frame = within(letter).getByTitle('HTML письма «Заказ ЭФ-000007 принят»') as HTMLIFrameElement;
    // An empty sandbox: no scripts, no forms, not the shop's origin.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<b>Анна</b>');
    await user.click(within(letter).getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('region', { name: 'Письмо' })).toBeNull();
  });
});
