// @vitest-environment happy-dom
// Журнал изменений reads in words (decision 057): what happened, to what, when and who by name, and the changed
// fields «было → стало» — no action codes, no JSON, no «№ 1».
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage, SIGNED_IN } from '../../test/dom-shop.tsx';
import { AuditSection } from './audit-section.tsx';

afterEach(cleanup);

const ENTRY = {
  id: 3,
  user_id: 1,
  user_name: 'Ирина Котова',
  action_name: 'Изменён промокод',
  object_name: 'промокод «ЗИМА15»',
  changes: [
    { field: 'Скидка, %', before: '15', after: '10' },
    { field: 'Комментарий', before: null, after: 'на выходные' },
  ],
  action: 'promo.update',
  entity: 'promo',
  entity_id: '4',
  before: { percent: 15 },
  after: { percent: 10, comment: 'на выходные' },
  created_at: '2026-11-27T09:15:00.000Z',
};

describe('Журнал изменений', () => {
  it('says what happened in Russian, who did it by name and each change «было → стало»', async () => {
    renderPage(<AuditSection />, {
      url: '/admin/audit',
      bootstrap: { user: SIGNED_IN },
      routes: {
        'GET /api/v1/admin/audit': {
          status: 200,
          body: { entries: [ENTRY], total: 1, page: 1, pages: 1 },
        },
      },
    });
    const head = await screen.findByText('Изменён промокод');
    expect(head.closest('p')?.textContent).toBe('Изменён промокод: промокод «ЗИМА15»');
    expect(screen.getByText(/Ирина Котова/)).toBeTruthy();
    const changes = screen.getAllByRole('listitem').filter((item) => item.closest('.audit-entry__changes'));
    expect(changes.map((item) => item.textContent)).toEqual([
      'Скидка, %: 15 → 10',
      'Комментарий: на выходные',
    ]);
    const page = document.body.textContent ?? '';
    expect(page).not.toContain('promo.update');
    expect(page).not.toContain('№ 1');
    expect(page).not.toContain('{');
  });
});
