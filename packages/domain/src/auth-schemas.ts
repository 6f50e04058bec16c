// Forms of registration, login and password changes: the same zod schemas check the browser form and the server.
import { normalizeRussianPhone } from './phone.ts';
import { z } from './zod-ru.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailField = z
  .string({ error: 'Введите e-mail' })
  .trim()
  .min(1, 'Введите e-mail')
  .max(254, 'Слишком длинный адрес')
  .pipe(z.email('Проверьте e-mail: в адресе ошибка'))
  .transform((value) => value.toLowerCase());

export const passwordField = z
  .string({ error: 'Введите пароль' })
  .min(PASSWORD_MIN, `Пароль — не короче ${PASSWORD_MIN} символов`)
  .max(PASSWORD_MAX, `Пароль — не длиннее ${PASSWORD_MAX} символов`);

export const nameField = z
  .string({ error: 'Введите имя' })
  .trim()
  .min(1, 'Введите имя')
  .max(60, 'Имя — не длиннее 60 символов')
  .regex(/^[\p{L}\s'’.-]+$/u, 'Имя может содержать только буквы, пробел и дефис');

export const phoneField = z
  .string()
  .trim()
  .max(30, 'Проверьте номер телефона')
  .transform((value, context) => {
    if (value === '') return '';
    const phone = normalizeRussianPhone(value);
    if (!phone) {
      context.addIssue({ code: 'custom', message: 'Укажите российский номер: +7 и 10 цифр' });
      return z.NEVER;
    }
    return phone;
  });

export const loginSchema = z.strictObject({
  email: emailField,
  password: z
    .string({ error: 'Введите пароль' })
    .min(1, 'Введите пароль')
    .max(PASSWORD_MAX, 'Неверный пароль'),
  remember: z.boolean().default(false),
});

export const registrationSchema = z
  .strictObject({
    name: nameField,
    fam: z.string().trim().max(60, 'Фамилия — не длиннее 60 символов').default(''),
    email: emailField,
    tel: phoneField.default(''),
    password: passwordField,
    password_confirmation: z.string().optional(),
    agree: z.literal(true, { error: 'Нужно согласие на обработку персональных данных' }),
    remember: z.boolean().default(true),
  })
  .refine(
    (form) => form.password_confirmation === undefined || form.password === form.password_confirmation,
    {
      message: 'Пароли не совпадают',
      path: ['password_confirmation'],
    },
  );

export const forgotPasswordSchema = z.union([
  z.strictObject({ email: emailField }),
  z
    .strictObject({
      token: z.string().min(10).max(200),
      password: passwordField,
      password_confirmation: z.string().optional(),
    })
    .refine(
      (form) => form.password_confirmation === undefined || form.password === form.password_confirmation,
      {
        message: 'Пароли не совпадают',
        path: ['password_confirmation'],
      },
    ),
]);

export const changePasswordSchema = z
  .strictObject({
    current_password: z.string().min(1, 'Введите текущий пароль').max(PASSWORD_MAX),
    password: passwordField,
    password_confirmation: z.string().optional(),
  })
  .refine(
    (form) => form.password_confirmation === undefined || form.password === form.password_confirmation,
    {
      message: 'Пароли не совпадают',
      path: ['password_confirmation'],
    },
  );

export const changeEmailSchema = z.union([
  z.strictObject({ email: emailField, password: z.string().min(1, 'Введите пароль').max(PASSWORD_MAX) }),
  z.strictObject({ token: z.string().min(10).max(200) }),
]);

// Answers (docs/decisions/031); login and registration answer with account-schemas' sessionAnswerSchema.

/** GET /registration asked for JSON: what the registration form needs. */
export const registrationFormAnswerSchema = z.object({
  fields: z.array(z.string()),
  required: z.array(z.string()),
  password: z.object({ min: z.int(), max: z.int() }),
  /** Addresses of the documents the «agree» box refers to. */
  agreement: z.object({ personal_data: z.string(), offer: z.string() }),
});

/** POST /refresh: a new access token (the refresh cookie is rotated beside it). */
export const refreshAnswerSchema = z.object({ access_token: z.string(), expires_in: z.int() });
