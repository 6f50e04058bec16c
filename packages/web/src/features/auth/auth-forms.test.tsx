// @vitest-environment happy-dom
// The login and registration forms in a DOM: the server's catalogue errors under the right field, what was typed
// kept after a refused submit, and the button disabled while the request is on its way (e2e covers the happy path).
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type Answer, fieldError, held, invalid, renderPage } from '../../test/dom-shop.tsx';
import { LoginPage } from './login-page.tsx';
import { RegistrationPage } from './registration-page.tsx';

afterEach(cleanup);

const TAKEN = 'Этот e-mail уже зарегистрирован. Войдите или восстановите пароль';
const WRONG = 'Неверный e-mail или пароль';

describe('login form', () => {
  it('shows a refused login under the e-mail, keeps what was typed, and is disabled while sending', async () => {
    const answer = held<Answer>();
    const { calls } = renderPage(<LoginPage />, {
      url: '/login',
      routes: { 'POST /v1/user/login': answer.promise },
    });
    const user = userEvent.setup();
    const email = screen.getByLabelText(/^E-mail/);
    const password = screen.getByLabelText(/^Пароль/);
    await user.type(email, 'anna@example.ru');
    await user.type(password, 'secret-password-1');
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    const sending = await screen.findByRole('button', { name: 'Входим…' });
    expect(sending).toHaveProperty('disabled', true);
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/v1/user/login',
        body: { email: 'anna@example.ru', password: 'secret-password-1', remember: true },
      },
    ]);

    answer.release(invalid({ email: [WRONG] }));
    await waitFor(() => expect(fieldError(email)).toBe(WRONG));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(fieldError(password)).toBe('');
    expect(email).toHaveProperty('value', 'anna@example.ru');
    expect(password).toHaveProperty('value', 'secret-password-1');
    expect(screen.getByRole('button', { name: 'Войти' })).toHaveProperty('disabled', false);
  });

  it('checks the fields before sending: nothing goes to the server while the e-mail is not one', async () => {
    const { calls } = renderPage(<LoginPage />, { url: '/login' });
    const user = userEvent.setup();
    const email = screen.getByLabelText(/^E-mail/);
    await user.type(email, 'anna-at-example');
    await user.type(screen.getByLabelText(/^Пароль/), 'secret-password-1');
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(fieldError(email)).not.toBe(''));
    expect(calls).toEqual([]);
    expect(email).toHaveProperty('value', 'anna-at-example');
  });
});

describe('registration form', () => {
  it('puts the server’s «e-mail taken» under the e-mail field and keeps every field', async () => {
    const answer = held<Answer>();
    renderPage(<RegistrationPage />, {
      url: '/registration',
      routes: { 'POST /v1/user': answer.promise },
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Имя/), 'Анна');
    await user.type(screen.getByLabelText(/^Фамилия/), 'Смирнова');
    const email = screen.getByLabelText(/^E-mail/);
    await user.type(email, 'anna@example.ru');
    const phone = screen.getByLabelText(/^Телефон/);
    await user.type(phone, '+79001234567');
    await user.type(screen.getByLabelText(/^Пароль/), 'secret-password-1');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));

    expect(await screen.findByRole('button', { name: 'Создаём кабинет…' })).toHaveProperty('disabled', true);
    answer.release(invalid({ email: [TAKEN] }));

    await waitFor(() => expect(fieldError(email)).toBe(TAKEN));
    expect(fieldError(phone)).toBe('');
    expect(screen.getByLabelText(/^Имя/)).toHaveProperty('value', 'Анна');
    expect(screen.getByLabelText(/^Фамилия/)).toHaveProperty('value', 'Смирнова');
    expect(email).toHaveProperty('value', 'anna@example.ru');
    expect(screen.getByLabelText(/^Пароль/)).toHaveProperty('value', 'secret-password-1');
    expect(screen.getByRole('checkbox')).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Зарегистрироваться' })).toHaveProperty('disabled', false);
  });
});
