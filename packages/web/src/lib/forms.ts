// Form checks shared by every form: the shared zod schema first, then the server's field errors, one message a field.
import type { z } from '@efir/domain/zod-ru';
import { HttpError } from './http-client.ts';

/** One message per field name; '' holds a message about the whole form. */
export type FieldErrors = Record<string, string>;

export const FORM_ERROR = '';

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Runs the shared schema on the form's values; the first message of each field is kept. */
export function checkForm<S extends z.ZodType>(schema: S, values: unknown): Checked<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return { ok: false, errors };
}

/** The field errors of a 422 answer (spec §8 'bad/data'), or null for any other failure. */
export function readServerFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof HttpError) || error.detail.status !== 422) return null;
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.detail.errors ?? {})) {
    const first = Array.isArray(messages) ? messages[0] : undefined;
    if (typeof first === 'string' && first) errors[field] = first;
  }
  if (Object.keys(errors).length === 0) errors[FORM_ERROR] = 'Проверьте, пожалуйста, данные формы.';
  return errors;
}

/**
 * Field errors the form has no field for are shown above the form instead of being lost.
 * `fields` are the names the form renders.
 */
export function placeErrors(errors: FieldErrors, fields: readonly string[]): FieldErrors {
  const placed: FieldErrors = {};
  const stray: string[] = [];
  for (const [field, message] of Object.entries(errors)) {
    if (field === FORM_ERROR || fields.includes(field)) placed[field] = message;
    else stray.push(message);
  }
  if (stray.length > 0 && !placed[FORM_ERROR]) placed[FORM_ERROR] = stray.join(' ');
  return placed;
}

/** Focuses the first control (in page order) whose name has an error; the form-level message otherwise. */
export function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors): void {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (
      name &&
      name in errors &&
      name !== FORM_ERROR &&
      typeof (element as HTMLElement).focus === 'function'
    ) {
      (element as HTMLElement).focus();
      return;
    }
  }
  const summary = form.querySelector<HTMLElement>('[data-form-error]');
  summary?.focus();
}
