// @vitest-environment happy-dom
// The form binder (useForm's form.field / form.checkbox) on the promo form: every bound field is disabled while the
// request is on its way; the server's 422 message lands under its own field (aria-invalid, aria-describedby) and
// nowhere else; what was typed stays; typing again takes the message away; the shared schema's own messages land the
// same way without a request.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type Answer, fieldError, held, invalid, renderPage, SIGNED_IN } from '../../../test/dom-shop.tsx';
import { PromoEditPage } from './promo-form.tsx';

afterEach(cleanup);

function openNewPromo(routes: Record<string, Promise<Answer>> = {}) {
  const view = renderPage(<PromoEditPage />, {
    url: '/admin/promo/new',
    bootstrap: { user: SIGNED_IN },
    routes,
  });
  return {
    ...view,
    code: screen.getByLabelText(/^Код/),
    percent: screen.getByLabelText(/^Скидка, %/),
    description: screen.getByLabelText(/^Описание/),
    active: screen.getByLabelText('Промокод включён'),
  };
}

describe('the form binder on the promo form', () => {
  it('disables the fields while sending, puts the 422 message under its field and keeps the input', async () => {
    const answer = held<Answer>();
    const { code, percent, description, active, calls } = openNewPromo({
      'POST /api/v1/admin/promo': answer.promise,
    });
    const user = userEvent.setup();
    await user.type(code, 'ЛЕТО25');
    await user.type(percent, '25');
    await user.type(description, 'Летняя распродажа');
    await user.click(active);
    await user.click(screen.getByRole('button', { name: 'Создать промокод' }));

    await waitFor(() => expect(code).toHaveProperty('disabled', true));
    for (const field of [percent, description, active]) expect(field).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Сохраняем…' })).toHaveProperty('disabled', true);
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      code: 'ЛЕТО25',
      percent: 25,
      description: 'Летняя распродажа',
      active: false,
    });

    answer.release(invalid({ code: ['Такой промокод уже есть'] }));
    await waitFor(() => expect(fieldError(code)).toBe('Такой промокод уже есть'));
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(fieldError(percent)).toBe('');
    expect(percent.getAttribute('aria-invalid')).toBeNull();
    expect(fieldError(description)).toBe('');
    // The input stays as typed, and the fields are open again.
    expect(code).toHaveProperty('value', 'ЛЕТО25');
    expect(percent).toHaveProperty('value', '25');
    expect(description).toHaveProperty('value', 'Летняя распродажа');
    expect(active).toHaveProperty('checked', false);
    expect(code).toHaveProperty('disabled', false);
    expect(document.activeElement).toBe(code);

    await user.type(code, '!');
    expect(fieldError(code)).toBe('');
    expect(code.getAttribute('aria-invalid')).toBeNull();
  });

  it('puts the shared schema’s message under its field without asking the server', async () => {
    const { code, percent, calls } = openNewPromo();
    const user = userEvent.setup();
    await user.type(code, 'ОСЕНЬ');
    await user.type(percent, '250');
    await user.click(screen.getByRole('button', { name: 'Создать промокод' }));

    await waitFor(() => expect(fieldError(percent)).toBe('Процент — от 0 до 100'));
    expect(fieldError(code)).toBe('');
    expect(percent).toHaveProperty('value', '250');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
