// Long on purpose: the form's fields share the label, hint and error wiring with useForm; each field is short.
// Form pieces: labelled fields with their hint and error, a password field with show/hide, a checkbox, a switch,
// and `useForm`, which keeps the values, binds each field (`form.field(name)`: value, onChange, its error, disabled
// while sending), checks the shared zod schema, sends, shows server field errors and focuses the first one.
import type { z } from '@efir/domain/zod-ru';
import {
  type ChangeEvent,
  type Dispatch,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  type SetStateAction,
  type TextareaHTMLAttributes,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { describeFailure } from '../../lib/failure-message.ts';
import {
  checkForm,
  type FieldErrors,
  FORM_ERROR,
  focusFirstError,
  placeErrors,
  readServerFieldErrors,
} from '../../lib/forms.ts';

type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

export interface UseFormOptions<S extends z.ZodType, R, V extends object> {
  /** The fields' starting values; `form.values` holds them as typed, and a failed send keeps them. */
  initial?: V;
  /** Or values kept elsewhere (the checkout's draft): read from there, each change written through `change`. */
  source?: { values: V; change<K extends keyof V & string>(name: K, value: V[K]): void };
  /** Every bound field is disabled (a form that can no longer change), not only while sending. */
  locked?: boolean;
  schema: S;
  /** Names of the fields the form shows; server errors for other names go above the form. */
  fields: readonly string[];
  send(data: z.output<S>): Promise<R>;
  onSuccess?(result: R, data: z.output<S>): void;
  /** Turns a failure that is not a field error into the form's message; by default `describeFailure`. */
  describeError?(error: unknown): string | null;
}

export function useForm<S extends z.ZodType, R, V extends object = Record<never, never>>(
  options: UseFormOptions<S, R, V>,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const [ownValues, setValues] = useState<V>(() => options.initial ?? ({} as V));
  const values = options.source?.values ?? ownValues;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const errorsRef = useRef(errors);
  errorsRef.current = errors;

  // After the render that shows the messages, so the focused field already carries aria-invalid and its message.
  useEffect(() => {
    if (focusRequest > 0) focusFirstError(formRef.current, errorsRef.current);
  }, [focusRequest]);

  const fail = useCallback((next: FieldErrors) => {
    setErrors(next);
    setFocusRequest((count) => count + 1);
  }, []);

  const submit = useCallback(
    async (values: unknown): Promise<boolean> => {
      const { schema, fields, send, onSuccess, describeError } = optionsRef.current;
      const checked = checkForm(schema, values);
      if (!checked.ok) {
        fail(placeErrors(checked.errors, fields));
        return false;
      }
      setErrors({});
      setSending(true);
      try {
        const result = await send(checked.data);
        setSending(false);
        onSuccess?.(result, checked.data);
        return true;
      } catch (error) {
        setSending(false);
        const fieldErrors = readServerFieldErrors(error);
        if (fieldErrors) fail(placeErrors(fieldErrors, fields));
        else {
          const message = describeError ? describeError(error) : describeFailure(error);
          fail(message ? { [FORM_ERROR]: message } : {});
        }
        return false;
      }
    },
    [fail],
  );

  const clearError = useCallback((name: string) => {
    setErrors((current) => {
      if (!(name in current) && !(FORM_ERROR in current)) return current;
      const { [name]: _field, [FORM_ERROR]: _form, ...rest } = current;
      return rest;
    });
  }, []);

  /** A field changed by hand: its value is kept and its message (and the form's) goes. */
  const setValue = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      const { source } = optionsRef.current;
      if (source) source.change(name, value);
      else setValues((current) => ({ ...current, [name]: value }));
      clearError(name);
    },
    [clearError],
  );

  /** The props binding a text field (TextField, TextAreaField, PasswordField) to the value named `name`. */
  const field = (name: KeysOf<V, string>) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    disabled: sending || options.locked === true,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(name, event.target.value as V[typeof name]),
  });

  /** The props binding a CheckboxField to the value named `name`. */
  const checkbox = (name: KeysOf<V, boolean>) => ({
    name,
    checked: values[name] as boolean,
    error: errors[name],
    disabled: sending || options.locked === true,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValue(name, event.target.checked as V[typeof name]),
  });

  /** The form's onSubmit: checks and sends the kept values. */
  const onSubmit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    void submit(values);
  };

  return {
    formRef,
    values,
    setValues,
    setValue,
    field,
    checkbox,
    onSubmit,
    errors,
    sending,
    submit,
    clearError,
    setErrors: fail,
  };
}

/**
 * Keeps what the visitor typed (or the browser autofilled) into the server's form before the page's code started:
 * hydration leaves the text in the field but not in the form's state, and the form's next render would write the
 * empty state over it. Once, as the form mounts, the fields' current values become the state.
 */
export function useEarlyInput<V extends Record<string, string | boolean>>(
  formRef: RefObject<HTMLFormElement | null>,
  setValues: Dispatch<SetStateAction<V>>,
): void {
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    setValues((current) => {
      const typed: Partial<Record<keyof V, string | boolean>> = {};
      for (const name of Object.keys(current) as Array<keyof V & string>) {
        const field = form.elements.namedItem(name);
        if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
        const value =
          typeof current[name] === 'boolean' && field instanceof HTMLInputElement
            ? field.checked
            : field.value;
        if (value !== current[name]) typed[name] = value;
      }
      return Object.keys(typed).length > 0 ? { ...current, ...typed } : current;
    });
  }, [formRef, setValues]);
}

function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const list = ids.filter(Boolean);
  return list.length > 0 ? list.join(' ') : undefined;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>;

export interface TextFieldProps extends InputProps {
  label: ReactNode;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Extra control beside the label (e.g. «Забыли пароль?»). */
  aside?: ReactNode;
  /** Content after the input inside its frame (e.g. the show-password button). */
  addon?: ReactNode;
}

export function TextField({
  label,
  name,
  error,
  hint,
  aside,
  addon,
  className,
  required,
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={['field', error ? 'field--error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <div className="field__top">
        <label htmlFor={id} className="field__label">
          {label}
          {required && (
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </label>
        {aside}
      </div>
      <div className={addon ? 'field__frame field__frame--addon' : 'field__frame'}>
        <input
          id={id}
          name={name}
          className="field__input"
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hintId, errorId)}
          {...input}
        />
        {addon}
      </div>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export function PasswordField(props: Omit<TextFieldProps, 'type' | 'addon'>) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      addon={
        <button
          type="button"
          className="field__toggle"
          aria-pressed={shown}
          aria-label={shown ? 'Скрыть пароль' : 'Показать пароль'}
          title={shown ? 'Скрыть пароль' : 'Показать пароль'}
          onClick={() => setShown((value) => !value)}
        >
          <EyeIcon crossed={shown} />
        </button>
      }
    />
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'> {
  label: ReactNode;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
}

export function TextAreaField({
  label,
  name,
  error,
  hint,
  className,
  required,
  ...area
}: TextAreaFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={['field', error ? 'field--error' : '', className ?? ''].filter(Boolean).join(' ')}>
      <div className="field__top">
        <label htmlFor={id} className="field__label">
          {label}
          {required && (
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </label>
      </div>
      <textarea
        id={id}
        name={name}
        className="field__input field__input--area"
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId)}
        {...area}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export interface CheckboxFieldProps extends Omit<InputProps, 'type' | 'children'> {
  name: string;
  error?: string | undefined;
  children: ReactNode;
}

export function CheckboxField({ name, error, children, className, ...input }: CheckboxFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div
      className={['field field--check', error ? 'field--error' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
    >
      <div className="check">
        <input
          id={id}
          name={name}
          type="checkbox"
          className="check__box"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          {...input}
        />
        <label htmlFor={id} className="check__label">
          {children}
        </label>
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** An on/off setting that applies at once. */
export function Switch({
  checked,
  onChange,
  label,
  description,
  disabled,
}: {
  checked: boolean;
  onChange(next: boolean): void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="switch-row">
      <div className="switch-row__text">
        <span id={`${id}-label`} className="switch-row__label">
          {label}
        </span>
        {description && (
          <span id={`${id}-description`} className="switch-row__description">
            {description}
          </span>
        )}
      </div>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="switch__knob" aria-hidden="true" />
      </button>
    </div>
  );
}

/** The message about the whole form; focusable so `focusFirstError` can bring it to the reader. */
export function FormError({ message }: { message?: string | undefined }) {
  if (!message) return null;
  return (
    <div className="form-error" role="alert" tabIndex={-1} data-form-error="">
      {message}
    </div>
  );
}

export function SubmitButton({
  sending,
  children,
  sendingText,
  className,
  disabled,
}: {
  sending: boolean;
  children: ReactNode;
  sendingText?: ReactNode;
  className?: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      className={['button', className ?? ''].filter(Boolean).join(' ')}
      disabled={sending || disabled}
      aria-busy={sending || undefined}
    >
      {sending ? (sendingText ?? 'Отправляем…') : children}
    </button>
  );
}

export { FORM_ERROR };
