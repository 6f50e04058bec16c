// /registration: name, surname, e-mail, phone (+7), password with show/hide, consent to the personal-data terms.
import { PASSWORD_MIN, registrationSchema } from '@efir/domain/auth-schemas';
import { formatRussianPhone, normalizeRussianPhone } from '@efir/domain/phone';
import { LEGAL_PAGE_URLS, LOGIN_URL } from '@efir/domain/routes';
import { useState } from 'react';
import { useLocation } from 'react-router';
import {
  CheckboxField,
  FORM_ERROR,
  FormError,
  PasswordField,
  SubmitButton,
  TextField,
  useEarlyInput,
  useForm,
} from '../../components/ui/form.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import { Link } from '../../lib/router/link.tsx';
import { register } from '../../lib/session-start.ts';
import { AuthFrame } from './auth-page.tsx';
import { withFrom } from './login-page.tsx';

const FIELDS = ['name', 'fam', 'email', 'tel', 'password', 'agree'] as const;
const PERSONAL_DATA_URL = LEGAL_PAGE_URLS[0];
const OFFER_URL = LEGAL_PAGE_URLS[2];

/** Shows a phone the way we write it (+7 (900) 123-45-67) once it is a whole Russian number. */
export function tidyPhone(value: string): string {
  const normalized = normalizeRussianPhone(value);
  return normalized ? formatRussianPhone(normalized) : value;
}

export function RegistrationPage() {
  const { api, store } = useAppContext();
  const { search } = useLocation();
  const [values, setValues] = useState({
    name: '',
    fam: '',
    email: '',
    tel: '',
    password: '',
    agree: false,
  });
  const form = useForm({
    schema: registrationSchema,
    fields: FIELDS,
    send: (data) => register(api, store, data),
    onSuccess: (user) =>
      store.getState().showNotice({
        type: 'success',
        title: 'Добро пожаловать!',
        text: `${user.name}, личный кабинет готов. Персональная скидка начнёт расти с первого заказа.`,
      }),
  });
  useEarlyInput(form.formRef, setValues);
  const change = (name: keyof typeof values, value: string | boolean) => {
    setValues((current) => ({ ...current, [name]: value }));
    form.clearError(name);
  };

  return (
    <AuthFrame
      title="Регистрация"
      lead="Создайте личный кабинет: в нём будут ваши заказы, избранное и персональная скидка."
      footer={
        <p>
          Уже есть кабинет? <Link to={withFrom(LOGIN_URL, search)}>Войдите</Link>
        </p>
      }
    >
      <form
        ref={form.formRef}
        className="form"
        noValidate
        aria-label="Регистрация"
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(values);
        }}
      >
        <FormError message={form.errors[FORM_ERROR]} />
        <div className="form__row">
          <TextField
            label="Имя"
            name="name"
            autoComplete="given-name"
            required
            value={values.name}
            error={form.errors.name}
            onChange={(event) => change('name', event.target.value)}
          />
          <TextField
            label="Фамилия"
            name="fam"
            autoComplete="family-name"
            value={values.fam}
            error={form.errors.fam}
            onChange={(event) => change('fam', event.target.value)}
          />
        </div>
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={values.email}
          error={form.errors.email}
          hint="На него придёт подтверждение заказа"
          onChange={(event) => change('email', event.target.value)}
        />
        <TextField
          label="Телефон"
          name="tel"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="+7 (900) 123-45-67"
          value={values.tel}
          error={form.errors.tel}
          hint="Чтобы курьер мог связаться с вами"
          onChange={(event) => change('tel', event.target.value)}
          onBlur={(event) => setValues((current) => ({ ...current, tel: tidyPhone(event.target.value) }))}
        />
        <PasswordField
          label="Пароль"
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          value={values.password}
          error={form.errors.password}
          hint={`Не короче ${PASSWORD_MIN} символов`}
          onChange={(event) => change('password', event.target.value)}
        />
        <CheckboxField
          name="agree"
          required
          checked={values.agree}
          error={form.errors.agree}
          onChange={(event) => change('agree', event.target.checked)}
        >
          Я соглашаюсь на обработку персональных данных по{' '}
          <a href={PERSONAL_DATA_URL} target="_blank" rel="noopener">
            соглашению
          </a>{' '}
          и принимаю условия{' '}
          <a href={OFFER_URL} target="_blank" rel="noopener">
            публичной оферты
          </a>
        </CheckboxField>
        <SubmitButton sending={form.sending} sendingText="Создаём кабинет…" className="form__submit">
          Зарегистрироваться
        </SubmitButton>
      </form>
    </AuthFrame>
  );
}
