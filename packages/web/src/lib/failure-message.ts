// The sentence a customer reads when a call failed: its own module, as the buttons on every product card need it
// and not the form checks of lib/forms.ts (those load with the pages that have forms).
import { HttpError } from './http-client.ts';

/** What to say when a call failed for a reason other than the data (the popup already told about 429 and 500). */
export function describeFailure(error: unknown): string {
  if (error instanceof HttpError) {
    const { status, message } = error.detail;
    // Business refusals (409, 503…) come with a sentence written for the customer.
    if (status !== 401 && message && /[а-яё]/i.test(message)) return message;
    if (status === 0) return 'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз.';
    if (status === 429) return 'Слишком много попыток. Подождите немного и попробуйте снова.';
    if (status === 401) return 'Сеанс завершён. Войдите снова, чтобы продолжить.';
    if (status === 403) return 'Это действие вам недоступно.';
    if (status === 413) return 'Файл слишком большой.';
    if (status === 415) return 'Этот формат файла не подходит.';
  }
  if (error instanceof Error && !(error instanceof HttpError) && /[а-яё]/i.test(error.message)) {
    return error.message;
  }
  return 'Не получилось. Попробуйте ещё раз чуть позже.';
}
