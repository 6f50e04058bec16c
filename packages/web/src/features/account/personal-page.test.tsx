// @vitest-environment happy-dom
// The account's e-mail form in a DOM: the server's «wrong password» under the password (not the new e-mail), both
// fields kept, the button disabled while the request is on its way; the «address taken» answer under the e-mail.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../app/app-state.ts';
import { type Answer, fieldError, held, invalid, renderPage } from '../../test/dom-shop.tsx';
import { PersonalPage } from './personal-page.tsx';

afterEach(cleanup);

const USER: SessionUser = {
  id: 7,
  name: 'Анна',
  fam: 'Смирнова',
  email: 'anna@example.ru',
  tel: '+79001234567',
  avatar: { type: 'other', photo: null },
  skidka: 3,
  birthday: null,
  mailings: true,
  telegram: { linked: false },
  favProducts: [],
  favRecepts: [],
  favArticles: [],
  waitlist: [],
  addresses: [],
  pvz: [],
};

function openEmailForm(answer: Promise<Answer>) {
  const view = renderPage(<PersonalPage />, {
    url: '/my-personal',
    bootstrap: { user: USER },
    routes: { 'POST /v1/user/email': answer },
  });
  const form = within(screen.getByRole('form', { name: 'E-mail' }));
  return {
    ...view,
    email: form.getByLabelText(/^Новый e-mail/),
    password: form.getByLabelText(/^Пароль/),
    button: (name: string) => form.getByRole('button', { name }),
  };
}

describe('account e-mail form', () => {
  it('shows «wrong password» under the password, keeps both fields, and is disabled while sending', async () => {
    const answer = held<Answer>();
    const { email, password, button, calls } = openEmailForm(answer.promise);
    const user = userEvent.setup();
    await user.type(email, 'anna.new@example.ru');
    await user.type(password, 'not-my-password');
    await user.click(button('Изменить e-mail'));

    await waitFor(() => expect(button('Отправляем…')).toHaveProperty('disabled', true));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/v1/user/email',
        body: { email: 'anna.new@example.ru', password: 'not-my-password' },
      },
    ]);
    answer.release(invalid({ password: ['Неверный пароль'] }));

    await waitFor(() => expect(fieldError(password)).toBe('Неверный пароль'));
    expect(fieldError(email)).toBe('');
    expect(email).toHaveProperty('value', 'anna.new@example.ru');
    expect(password).toHaveProperty('value', 'not-my-password');
    expect(button('Изменить e-mail')).toHaveProperty('disabled', false);
  });

  it('shows «address taken» under the new e-mail', async () => {
    const { email, password, button } = openEmailForm(
      Promise.resolve(invalid({ email: ['Этот e-mail уже занят'] })),
    );
    const user = userEvent.setup();
    await user.type(email, 'olga@example.ru');
    await user.type(password, 'my-password-1');
    await user.click(button('Изменить e-mail'));

    await waitFor(() => expect(fieldError(email)).toBe('Этот e-mail уже занят'));
    expect(fieldError(password)).toBe('');
    expect(email).toHaveProperty('value', 'olga@example.ru');
  });
});
