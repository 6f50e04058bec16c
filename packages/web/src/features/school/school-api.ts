// The school's calls (spec §7): courses, enrolment, /my-courses, the diploma documents; PDFs come back as files.
import { APP_HEADER, APP_HEADER_VALUE, CSRF_HEADER } from '@efir/domain/http-contract';
import type {
  ContractForm,
  CourseAnswer,
  CoursesAnswer,
  DiplomaAnswer,
  DiplomaTemplate,
  EnrolAnswer,
} from '@efir/domain/school-schemas';
import { type HttpClient, HttpError, readCsrfCookie, type UploadOptions } from '../../lib/http-client.ts';

export function fetchCourses(api: HttpClient): Promise<CoursesAnswer> {
  return api.get<CoursesAnswer>('/api/v1/courses', { suppressErrors: true });
}

export function fetchCourse(api: HttpClient, slug: string): Promise<CourseAnswer> {
  return api.get<CourseAnswer>(`/api/v1/courses/${encodeURIComponent(slug)}`, { suppressErrors: true });
}

export function enrolInCourse(api: HttpClient, courseId: number): Promise<EnrolAnswer> {
  return api.post<EnrolAnswer>('/v1/user/course', { body: { course_id: courseId } });
}

export function saveContract(api: HttpClient, form: ContractForm): Promise<DiplomaAnswer> {
  return api.put<DiplomaAnswer>('/v1/user/diplom/contract', { body: form });
}

export function uploadDocument(
  api: HttpClient,
  type: string,
  file: File,
  options: UploadOptions,
): Promise<DiplomaAnswer> {
  const form = new FormData();
  // The type goes first: the server reads it together with the file.
  form.append('type', type);
  form.append('file', file, file.name);
  return api.upload<DiplomaAnswer>('/v1/user/diplom/document', form, options);
}

export function removeDocument(api: HttpClient, id: number): Promise<DiplomaAnswer> {
  return api.delete<DiplomaAnswer>(`/v1/user/diplom/document/${id}`);
}

export function submitDocuments(api: HttpClient): Promise<DiplomaAnswer> {
  return api.put<DiplomaAnswer>('/v1/user/diplom/document');
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

export function downloadTemplate(api: HttpClient, type: DiplomaTemplate, name: string): Promise<void> {
  return downloadFile(api, 'POST', '/v1/user/diplom/document_tmp', `${name}.pdf`, { type });
}
