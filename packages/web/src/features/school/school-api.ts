// The school's calls (spec §7): courses, enrolment, /my-courses, the diploma documents; PDFs come back as files
// (lib/files.ts).
import type {
  ContractForm,
  CourseAnswer,
  CoursesAnswer,
  DiplomaAnswer,
  DiplomaTemplate,
  EnrolAnswer,
} from '@efir/domain/school-schemas';
import { downloadFile } from '../../lib/files.ts';
import type { HttpClient, UploadOptions } from '../../lib/http-client.ts';

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

export function downloadTemplate(api: HttpClient, type: DiplomaTemplate, name: string): Promise<void> {
  return downloadFile(api, 'POST', '/v1/user/diplom/document_tmp', `${name}.pdf`, { type });
}
