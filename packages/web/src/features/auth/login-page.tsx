// /login: e-mail, password, «Запомнить меня»; after login the guest-only guard sends the user to ?from= or the account.
import { loginSchema } from '@efir/domain/auth-schemas';
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
import { logIn } from '../../lib/session-start.ts';
import { AuthFrame } from './auth-page.tsx';

const FIELDS = ['email', 'password', 'remember'] as const;

/** Keeps ?from= on the links between the auth pages, so the visitor still lands where they were going. */
export function withFrom(path: string, search: string): string {
  const from = new URLSearchParams(search).get('from');
  return from ? `${path}?from=${encodeURIComponent(from)}` : path;
}

export function LoginPage() {
  const { api, store } = useAppContext();
  const { search } = useLocation();
  const form = useForm({
    initial: { email: '', password: '', remember: true },
    schema: loginSchema,
    fields: FIELDS,
    send: (data) => logIn(api, store, data),
    onSuccess: (user) =>
      store.getState().showNotice({
        type: 'success',
        title: 'Вы вошли',
        text: user.name ? `Здравствуйте, ${user.name}!` : 'С возвращением!',
      }),
  });
  useEarlyInput(form.formRef, form.setValues);

  return (
    <AuthFrame
      title="Вход в личный кабинет"
      lead="Заказы, избранное и ваша персональная скидка — всё в одном месте."
      footer={
        <p>
          Впервые у нас? <Link to={withFrom('/registration', search)}>Зарегистрируйтесь</Link> — это займёт
          минуту.
        </p>
      }
    >
      <form ref={form.formRef} className="form" noValidate aria-label="Вход" onSubmit={form.onSubmit}>
        <FormError message={form.errors[FORM_ERROR]} />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...form.field('email')}
        />
        <PasswordField
          label="Пароль"
          autoComplete="current-password"
          required
          {...form.field('password')}
          aside={
            <Link to="/forgot-password" className="field__aside">
              Забыли пароль?
            </Link>
          }
        />
        <CheckboxField {...form.checkbox('remember')}>Запомнить меня</CheckboxField>
        <SubmitButton sending={form.sending} sendingText="Входим…" className="form__submit">
          Войти
        </SubmitButton>
      </form>
    </AuthFrame>
  );
}
