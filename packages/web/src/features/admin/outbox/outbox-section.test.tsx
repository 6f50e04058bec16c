// @vitest-environment happy-dom
// The data layer (lib/remote-data.ts) on a real page, «Письма»: «loading» until the answer, then the data; a failed
// read with «Повторить»; a new filter is a new request; after «Повторить» on a letter the list is read again and
// stays on screen meanwhile.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type Answer, held, renderPage, SIGNED_IN } from '../../../test/dom-shop.tsx';
import { OutboxSection } from './outbox-section.tsx';

afterEach(cleanup);

function letter(id: number, status: 'pending' | 'sent' | 'failed', subject: string) {
  return {
    id,
    channel: 'email',
    to: 'anna@example.ru',
    subject,
    status,
    attempts: status === 'failed' ? 3 : 0,
    next_attempt_at: null,
    created_at: '2026-11-27T09:15:00.000Z',
    sent_at: status === 'sent' ? '2026-11-27T09:16:00.000Z' : null,
    delivered_via: status === 'sent' ? 'smtp' : null,
    error: status === 'failed' ? 'SMTP: connection refused' : null,
  };
}

function outbox(letters: ReturnType<typeof letter>[]): Answer {
  const count = (status: string) => letters.filter((item) => item.status === status).length;
  return {
    status: 200,
    body: {
      letters,
      counts: { pending: count('pending'), sent: count('sent'), logged: 0, failed: count('failed') },
      total: letters.length,
      page: 1,
      pages: 1,
      smtp: true,
    },
  };
}

const signedIn = { url: '/admin/outbox', bootstrap: { user: SIGNED_IN } };

describe('the data layer on «Письма»', () => {
  it('shows «loading» until the answer comes, then the letters', async () => {
    const answer = held<Answer>();
    renderPage(<OutboxSection />, {
      ...signedIn,
      routes: { 'GET /api/v1/admin/outbox': answer.promise },
    });
    expect(await screen.findByText('Загрузка…')).toBeTruthy();
    answer.release(outbox([letter(1, 'sent', 'Ваш заказ № 1001 принят')]));
    expect(await screen.findByText('Ваш заказ № 1001 принят')).toBeTruthy();
    expect(screen.queryByText('Загрузка…')).toBeNull();
  });

  it('says what failed and reads again on «Повторить»', async () => {
    let reads = 0;
    const { calls } = renderPage(<OutboxSection />, {
      ...signedIn,
      routes: {
        'GET /api/v1/admin/outbox': () =>
          ++reads === 1
            ? { status: 500, body: { message: 'Server Error' } }
            : outbox([letter(2, 'pending', 'Код для входа')]),
      },
    });
    const failure = await screen.findByRole('alert');
    expect(failure.textContent).not.toBe('');
    await userEvent.setup().click(within(failure).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Код для входа')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
  });

  it('asks anew when the filter changes: the filter is part of the request', async () => {
    const { calls } = renderPage(<OutboxSection />, {
      ...signedIn,
      routes: {
        'GET /api/v1/admin/outbox': (call) =>
          call.search?.includes('status=failed')
            ? outbox([letter(3, 'failed', 'Напоминание о корзине')])
            : outbox([letter(3, 'failed', 'Напоминание о корзине'), letter(4, 'sent', 'Чек')]),
      },
    });
    expect(await screen.findByText('Чек')).toBeTruthy();
    await userEvent.setup().selectOptions(screen.getByLabelText('Показать'), 'failed');
    await screen.findByText('Напоминание о корзине');
    expect(screen.queryByText('Чек')).toBeNull();
    expect(calls.map((call) => call.search)).toEqual(['?page=1', '?page=1&status=failed']);
  });

  it('reads the list again after a write, keeping the old one on screen until the new one comes', async () => {
    const second = held<Answer>();
    let reads = 0;
    const { calls } = renderPage(<OutboxSection />, {
      ...signedIn,
      routes: {
        'GET /api/v1/admin/outbox': () =>
          ++reads === 1 ? outbox([letter(5, 'failed', 'Трек-номер заказа')]) : second.promise,
        'POST /api/v1/admin/outbox/5/retry': {
          status: 200,
          body: { letter: { id: 5, status: 'pending' }, message: 'Письмо поставлено в очередь' },
        },
      },
    });
    const row = (await screen.findByText('Трек-номер заказа')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Не отправлено')).toBeTruthy();
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Повторить' }));
    await screen.findByText('Письмо поставлено в очередь');
    // The second read is on its way: the list stays, no «loading» in its place.
    expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2);
    expect(screen.getByText('Трек-номер заказа')).toBeTruthy();
    expect(screen.queryByText('Загрузка…')).toBeNull();
    second.release(outbox([letter(5, 'pending', 'Трек-номер заказа')]));
    expect(await within(row).findByText('В очереди')).toBeTruthy();
    expect(within(row).queryByText('Не отправлено')).toBeNull();
  });
});
