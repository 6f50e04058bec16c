// Files the user downloads or uploads (the school's PDFs, a diploma's scans, the back office's copies of them): the
// shop's client reads JSON only, so a file comes through a plain fetch with the same headers.
import { APP_HEADER, APP_HEADER_VALUE, CSRF_HEADER } from '@efir/domain/http-contract';
import { type HttpClient, HttpError, readCsrfCookie } from './http-client.ts';

/** «1,2 МБ», «350 КБ». */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    return `${(bytes / 1024 / 1024).toLocaleString('ru-RU', { maximumFractionDigits: 1 })}\u00a0МБ`;
  }
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('ru-RU')}\u00a0КБ`;
}

/** The name from Content-Disposition (filename* first), or the fallback. */
export function readFileName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      // A broken encoding falls through to the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/**
 * A PDF or a scan for the logged-in user, as a file. The shop's client reads JSON only, so this is a plain fetch
 * with the same headers; an expired token is renewed through the client (a cheap GET /v1/user) and the call repeated.
 */
export async function fetchFile(
  api: HttpClient,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ blob: Blob; name: string | null }> {
  for (let attempt = 0; ; attempt++) {
    const headers: Record<string, string> = { [APP_HEADER]: APP_HEADER_VALUE };
    const token = api.tokenStore.get();
    if (token) headers.Authorization = `Bearer ${token}`;
    const csrf = readCsrfCookie();
    if (csrf) headers[CSRF_HEADER] = csrf;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(path, {
        method,
        headers,
        credentials: 'include',
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch {
      throw new HttpError({ status: 0, error: 'Network Error' }, `${method} ${path}: network error`);
    }
    if (response.ok) {
      return {
        blob: await response.blob(),
        name: readFileName(response.headers.get('content-disposition'), ''),
      };
    }
    const answer = (await response.json().catch(() => ({}))) as {
      message?: string;
      errors?: Record<string, string[]>;
      error?: string;
    };
    if ((response.status === 401 || response.status === 419) && attempt === 0) {
      // The client renews the token (or the CSRF cookie) on its own call; then this one is repeated.
      await api.get('/v1/user', { suppressErrors: true }).catch(() => undefined);
      continue;
    }
    throw new HttpError(
      { status: response.status, ...answer },
      `${method} ${path}: ${response.status} ${answer.message ?? ''}`.trim(),
    );
  }
}

/** Hands a file to the browser as a download. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export async function downloadFile(
  api: HttpClient,
  method: 'GET' | 'POST',
  path: string,
  fallbackName: string,
  body?: unknown,
): Promise<void> {
  const { blob, name } = await fetchFile(api, method, path, body);
  saveFile(blob, name || fallbackName);
}
