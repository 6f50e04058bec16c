// @vitest-environment happy-dom
// «Обмен с 1С» in a DOM: the owner picks a package and uploads it by hand; the log shows the manual session while it
// is imported, is read again until it is done, and then shows each file with what it brought.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type Answer, renderPage, SIGNED_IN } from '../../test/dom-shop.tsx';
import { ExchangeSection } from './exchange-section.tsx';

afterEach(cleanup);

const ACCEPTED = 'Пакет принят: загрузка идёт, итог появится в журнале';

function log(files: unknown[] | null, running = false): Answer {
  const sessions =
    files === null
      ? []
      : [
          {
            id: 41,
            type: 'manual',
            started_at: '2026-11-27T09:15:00.000Z',
            last_seen_at: '2026-11-27T09:15:03.000Z',
            bytes: 2048,
            files,
            running,
          },
        ];
  return { status: 200, body: { enabled: true, total: sessions.length, page: 1, pages: 1, sessions } };
}

describe('manual upload of a 1C package', () => {
  it('sends the chosen file, shows the session while it is imported, then its files and counts', async () => {
    // The log as the server has it: empty, then the upload running, then done.
    const reads = [
      log(null),
      log([], true),
      log([
        {
          filename: 'import.xml',
          kind: 'Каталог',
          created: 3,
          updated: 0,
          hidden: 0,
          restocked: 0,
          ms: 1200,
        },
        {
          filename: 'offers.xml',
          kind: 'Предложения',
          created: 0,
          updated: 3,
          hidden: 0,
          restocked: 2,
          ms: 800,
        },
      ]),
    ];
    let read = 0;
    const { calls } = renderPage(<ExchangeSection />, {
      url: '/admin/exchange',
      // The server decides who is a moderator; the page only needs someone signed in.
      bootstrap: { user: SIGNED_IN },
      routes: {
        'GET /api/v1/admin/exchange': () => reads[Math.min(read++, reads.length - 1)]!,
        'POST /api/v1/admin/exchange/upload': {
          status: 202,
          body: { status: 'ok', message: ACCEPTED, session: 41 },
        },
      },
    });
    await screen.findByText('1С ещё не подключалась.');

    const user = userEvent.setup();
    const file = new File(['<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация/>'], 'import.xml', {
      type: 'text/xml',
    });
    await user.upload(screen.getByLabelText('Выбрать файл'), file);
    expect(screen.getByText('import.xml')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Загрузить' }));

    expect((await screen.findByRole('status')).textContent).toBe(ACCEPTED);
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/v1/admin/exchange/upload', body: { package: 'import.xml' } },
    ]);
    // The form is ready for the next package.
    expect(screen.queryByRole('button', { name: 'Загрузить' })).toBeNull();
    expect(screen.getByText('Файл не выбран')).toBeTruthy();

    // While the server imports it, the session says so…
    await screen.findByText('Загружено вручную — идёт загрузка');
    expect(screen.getByText('загружается…')).toBeTruthy();
    // …and the log is read again (every 3 s) until the files are in, each with what it brought.
    const catalogue = await screen.findByRole(
      'row',
      { name: /import\.xml \(Каталог\)/ },
      { timeout: 10_000 },
    );
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(catalogue).slice(1)).toEqual([
      'Загружено вручную',
      'import.xml (Каталог)',
      'создано 3 записи',
      '1,2 с',
    ]);
    const offers = screen.getByRole('row', { name: /offers\.xml/ });
    expect(cells(offers).slice(1)).toEqual([
      '',
      'offers.xml (Предложения)',
      'обновлено 3 записи, снова в наличии 2 товара',
      '0,8 с',
    ]);
    expect(screen.queryByText(/идёт загрузка/)).toBeNull();
    expect(read).toBe(3);
  }, 30_000);
});
