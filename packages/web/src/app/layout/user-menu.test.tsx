// @vitest-environment happy-dom
// The account menu leads a moderator to the back office — «Управление магазином» (decision 057) — and shows a
// customer no such link.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage, SIGNED_IN } from '../../test/dom-shop.tsx';
import { UserMenu } from './user-menu.tsx';

afterEach(cleanup);

async function openMenu(moderator: boolean) {
  const user = { ...SIGNED_IN, moderator };
  renderPage(<UserMenu user={user} />, { url: '/', bootstrap: { user } });
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Меню личного кабинета' }));
  return screen.getByRole('list');
}

describe('the account menu', () => {
  it('offers a moderator «Управление магазином», a link to /admin', async () => {
    const menu = await openMenu(true);
    const link = within(menu).getByRole('link', { name: 'Управление магазином' });
    expect(link.getAttribute('href')).toBe('/admin');
  });

  it('shows a customer no back office', async () => {
    const menu = await openMenu(false);
    expect(within(menu).queryByRole('link', { name: 'Управление магазином' })).toBeNull();
    expect(within(menu).getByRole('link', { name: 'Мои заказы' })).toBeTruthy();
  });
});
