// /my-personal: photo, name, surname, phone, birthday, e-mail change (with confirmation by letter) and password.

import { birthdaySchema, getMoscowToday, personalSchema } from '@efir/domain/account-schemas';
import type { UserChangedAnswer } from '@efir/domain/account-wire';
import { changeEmailSchema, changePasswordSchema, PASSWORD_MIN } from '@efir/domain/auth-schemas';
import { formatDateLong } from '@efir/domain/dates';
import { maskRussianPhoneInput } from '@efir/domain/phone';
import { useState } from 'react';
import { AccountHeading, AccountSection } from '../../components/shop/account-ui.tsx';
import {
  FORM_ERROR,
  FormError,
  PasswordField,
  SubmitButton,
  TextField,
  useForm,
} from '../../components/ui/form.tsx';
import { PhoneField } from '../../components/ui/phone-field.tsx';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import type { SessionUser } from '../../lib/app-state.ts';
import { endSession } from '../../lib/session.ts';
import { AvatarEditor } from './avatar-editor.tsx';
import { useApplyUser, useSuccess } from './personal-hooks.ts';

const [emailRequestSchema] = changeEmailSchema.options;

function PersonalForm({ user }: { user: SessionUser }) {
  const { api } = useAppContext();
  const applyUser = useApplyUser();
  const success = useSuccess();
  const form = useForm({
    initial: { name: user.name, fam: user.fam, tel: maskRussianPhoneInput(user.tel) },
    schema: personalSchema,
    fields: ['name', 'fam', 'tel'],
    send: (data) => api.put<UserChangedAnswer>(`/v1/user/${user.id}`, { body: data }),
    onSuccess: (answer) => {
      applyUser(answer);
      success('Данные сохранены');
    },
  });
  return (
    <AccountSection title="Имя и телефон" id="personal-title">
      <form
        ref={form.formRef}
        className="form"
        noValidate
        aria-labelledby="personal-title"
        onSubmit={form.onSubmit}
      >
        <FormError message={form.errors[FORM_ERROR]} />
        <div className="form__row">
          <TextField label="Имя" autoComplete="given-name" required {...form.field('name')} />
          <TextField label="Фамилия" autoComplete="family-name" {...form.field('fam')} />
        </div>
        <PhoneField
          label="Телефон"
          {...form.field('tel')}
          onValueChange={(tel) => form.setValue('tel', tel)}
        />
        <SubmitButton sending={form.sending} sendingText="Сохраняем…">
          Сохранить
        </SubmitButton>
      </form>
    </AccountSection>
  );
}

function BirthdayForm({ user }: { user: SessionUser }) {
  const { api } = useAppContext();
  const applyUser = useApplyUser();
  const success = useSuccess();
  const form = useForm({
    initial: { birthday: user.birthday ?? '' },
    schema: birthdaySchema,
    fields: ['birthday'],
    send: (data) => api.post<UserChangedAnswer>(`/v1/user/${user.id}/birthday`, { body: data }),
    onSuccess: (answer, data) => {
      applyUser(answer);
      success('Дата рождения сохранена', formatDateLong(data.birthday));
    },
  });
  return (
    <AccountSection title="День рождения" id="birthday-title">
      <form
        ref={form.formRef}
        className="form form--inline"
        noValidate
        aria-labelledby="birthday-title"
        onSubmit={form.onSubmit}
      >
        <FormError message={form.errors[FORM_ERROR]} />
        <TextField
          label="Дата рождения"
          type="date"
          max={getMoscowToday()}
          min="1900-01-01"
          {...form.field('birthday')}
          hint={user.birthday ? `Сейчас указано: ${formatDateLong(user.birthday)}` : 'Пока не указана'}
        />
        <SubmitButton
          sending={form.sending}
          sendingText="Сохраняем…"
          disabled={form.values.birthday === (user.birthday ?? '')}
        >
          Сохранить
        </SubmitButton>
      </form>
    </AccountSection>
  );
}

function EmailForm({ user }: { user: SessionUser }) {
  const { api } = useAppContext();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initial: { email: '', password: '' },
    schema: emailRequestSchema,
    fields: ['email', 'password'],
    send: (data) => api.post<{ message?: string }>('/v1/user/email', { body: data }),
    onSuccess: (_answer, data) => {
      setSentTo(data.email);
      form.setValues({ email: '', password: '' });
    },
  });
  return (
    <AccountSection title="E-mail" id="email-title">
      <p className="account-card__text">
        Сейчас: <strong>{user.email}</strong>
      </p>
      {sentTo ? (
        <div className="notice-inline" role="status">
          <p>
            Мы отправили письмо на <strong>{sentTo}</strong>. Откройте ссылку из него, чтобы подтвердить новый
            адрес. До подтверждения вход — по-прежнему через {user.email}.
          </p>
          <button type="button" className="link-button" onClick={() => setSentTo(null)}>
            Указать другой адрес
          </button>
        </div>
      ) : (
        <form
          ref={form.formRef}
          className="form"
          noValidate
          aria-labelledby="email-title"
          onSubmit={form.onSubmit}
        >
          <FormError message={form.errors[FORM_ERROR]} />
          <div className="form__row">
            <TextField
              label="Новый e-mail"
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
              hint="Для подтверждения, что это вы"
            />
          </div>
          <SubmitButton sending={form.sending} sendingText="Отправляем…">
            Изменить e-mail
          </SubmitButton>
        </form>
      )}
    </AccountSection>
  );
}

function PasswordForm({ user }: { user: SessionUser }) {
  const { api, store } = useAppContext();
  const form = useForm({
    initial: { current_password: '', password: '' },
    schema: changePasswordSchema,
    fields: ['current_password', 'password'],
    send: (data) => api.put<unknown>(`/v1/user/${user.id}/pwd`, { body: data }),
    onSuccess: () => {
      // The server has ended every session, this one included; the account guard then asks for the new password.
      store.getState().showNotice({
        type: 'success',
        title: 'Пароль изменён',
        text: 'Войдите с новым паролем — на других устройствах тоже.',
      });
      endSession(api, store);
    },
  });
  return (
    <AccountSection title="Пароль" id="password-title">
      <form
        ref={form.formRef}
        className="form"
        noValidate
        aria-labelledby="password-title"
        onSubmit={form.onSubmit}
      >
        <FormError message={form.errors[FORM_ERROR]} />
        <div className="form__row">
          <PasswordField
            label="Текущий пароль"
            autoComplete="current-password"
            required
            {...form.field('current_password')}
          />
          <PasswordField
            label="Новый пароль"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            {...form.field('password')}
            hint={`Не короче ${PASSWORD_MIN} символов`}
          />
        </div>
        <p className="muted small">После смены пароля нужно будет войти заново на всех устройствах.</p>
        <SubmitButton sending={form.sending} sendingText="Меняем…">
          Сменить пароль
        </SubmitButton>
      </form>
    </AccountSection>
  );
}

export function PersonalPage() {
  const user = useAppState((state) => state.user);
  if (!user) return null;
  return (
    <div className="account-page">
      <AccountHeading title="Личные данные" lead="Так мы будем обращаться к вам и связываться по заказам." />
      <AvatarEditor user={user} />
      <PersonalForm user={user} />
      <BirthdayForm user={user} />
      <EmailForm user={user} />
      <PasswordForm user={user} />
    </div>
  );
}
