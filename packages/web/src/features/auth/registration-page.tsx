// /registration: name, surname, e-mail, phone (+7), password with show/hide, consent to the personal-data terms.
import { PASSWORD_MIN, registrationSchema } from '@efir/domain/auth-schemas';
import { LEGAL_PAGE_URLS, LOGIN_URL } from '@efir/domain/routes';
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
import { PhoneField } from '../../components/ui/phone-field.tsx';
import { useAppContext } from '../../lib/app-context.tsx';
import { Link } from '../../lib/router/link.tsx';
import { register } from '../../lib/session-start.ts';
import { AuthFrame } from './auth-page.tsx';
import { withFrom } from './login-page.tsx';

const FIELDS = ['name', 'fam', 'email', 'tel', 'password', 'agree'] as const;
const PERSONAL_DATA_URL = LEGAL_PAGE_URLS[0];
const OFFER_URL = LEGAL_PAGE_URLS[2];

export function RegistrationPage() {
  const { api, store } = useAppContext();
  const { search } = useLocation();
  const form = useForm({
    initial: {
      name: '',
      fam: '',
      email: '',
      tel: '',
      password: '',
      agree: false,
    },
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
  useEarlyInput(form.formRef, form.setValues);

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
      <form ref={form.formRef} className="form" noValidate aria-label="Регистрация" onSubmit={form.onSubmit}>
        <FormError message={form.errors[FORM_ERROR]} />
        <div className="form__row">
          <TextField label="Имя" autoComplete="given-name" required {...form.field('name')} />
          <TextField label="Фамилия" autoComplete="family-name" {...form.field('fam')} />
        </div>
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...form.field('email')}
          hint="На него придёт подтверждение заказа"
        />
        <PhoneField
          label="Телефон"
          {...form.field('tel')}
          onValueChange={(tel) => form.setValue('tel', tel)}
          hint="Чтобы курьер мог связаться с вами"
        />
        <PasswordField
          label="Пароль"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          {...form.field('password')}
          hint={`Не короче ${PASSWORD_MIN} символов`}
        />
        <CheckboxField required {...form.checkbox('agree')}>
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
