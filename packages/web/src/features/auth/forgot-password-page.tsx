// /forgot-password: asks for the e-mail and always answers the same neutral way (nobody learns who is registered);
// with ?token= from the letter it sets the new password.
import { forgotPasswordSchema, PASSWORD_MIN } from '@efir/domain/auth-schemas';
import { LOGIN_URL } from '@efir/domain/routes';
import { useState } from 'react';
import { useLocation } from 'react-router';
import {
  FORM_ERROR,
  FormError,
  PasswordField,
  SubmitButton,
  TextField,
  useForm,
} from '../../components/ui/form.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import { Link } from '../../lib/router/link.tsx';
import { useNavigate } from '../../lib/router/router-view.tsx';
import { AuthFrame } from './auth-page.tsx';

const [requestLinkSchema, newPasswordSchema] = forgotPasswordSchema.options;

export const NEUTRAL_ANSWER =
  'Если такой адрес зарегистрирован, мы отправили на него письмо со ссылкой для смены пароля. Ссылка действует ограниченное время; письмо может попасть в «Спам».';

function RequestLinkForm() {
  const { api } = useAppContext();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initial: { email: '' },
    schema: requestLinkSchema,
    fields: ['email'],
    send: (data) => api.put('/v1/user/forgot-password', { body: data }),
    onSuccess: (_result, data) => setSentTo(data.email),
  });

  if (sentTo !== null) {
    return (
      <div className="auth__done" role="status">
        <p className="auth__done-title">Проверьте почту</p>
        <p>{NEUTRAL_ANSWER}</p>
        <p>
          <button type="button" className="link-button" onClick={() => setSentTo(null)}>
            Указать другой адрес
          </button>
        </p>
      </div>
    );
  }

  return (
    <form
      ref={form.formRef}
      className="form"
      noValidate
      aria-label="Восстановление пароля"
      onSubmit={form.onSubmit}
    >
      <FormError message={form.errors[FORM_ERROR]} />
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...form.field('email')}
      />
      <SubmitButton sending={form.sending} sendingText="Отправляем…" className="form__submit">
        Прислать ссылку
      </SubmitButton>
    </form>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { api, store } = useAppContext();
  const navigate = useNavigate();
  const form = useForm({
    initial: { password: '' },
    schema: newPasswordSchema,
    fields: ['token', 'password'],
    send: (data) => api.put('/v1/user/forgot-password', { body: data }),
    onSuccess: () => {
      store.getState().showNotice({
        type: 'success',
        title: 'Пароль изменён',
        text: 'Войдите с новым паролем.',
      });
      navigate(LOGIN_URL, { replace: true });
    },
  });
  // The server's words for a spent link are ours too; a mangled link gets the same plain answer, not zod's.
  const tokenProblem = form.errors.token ? 'Ссылка устарела или уже использована.' : form.errors[FORM_ERROR];

  return (
    <form
      ref={form.formRef}
      className="form"
      noValidate
      aria-label="Новый пароль"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit({ token, ...form.values });
      }}
    >
      {tokenProblem && (
        <div className="form-error" role="alert" tabIndex={-1} data-form-error="">
          {tokenProblem} {form.errors.token && <Link to="/forgot-password">Запросить новую ссылку</Link>}
        </div>
      )}
      <PasswordField
        label="Новый пароль"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        {...form.field('password')}
        hint={`Не короче ${PASSWORD_MIN} символов`}
      />
      <SubmitButton sending={form.sending} sendingText="Сохраняем…" className="form__submit">
        Сохранить пароль
      </SubmitButton>
    </form>
  );
}

export function ForgotPasswordPage() {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token');
  return token ? (
    <AuthFrame title="Новый пароль" lead="Придумайте новый пароль для входа в личный кабинет.">
      <NewPasswordForm token={token} />
    </AuthFrame>
  ) : (
    <AuthFrame
      title="Восстановление пароля"
      lead="Укажите e-mail, с которым вы регистрировались, — пришлём ссылку для смены пароля."
      footer={
        <p>
          Вспомнили пароль? <Link to={LOGIN_URL}>Войти</Link>
        </p>
      }
    >
      <RequestLinkForm />
    </AuthFrame>
  );
}
