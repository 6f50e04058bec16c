// What went wrong with a multipart upload, in words for the form's file field: the one reading of
// @fastify/multipart's and busboy's errors for every upload (avatar, diploma scan, product picture).

export interface UploadMessages {
  /** The file is over the size limit. */
  tooLarge: string;
  /** More than one file, unknown parts, or a part that is not what the field takes. */
  wrongKind: string;
  /** The body is not a form with a file at all (no multipart boundary). */
  notAFile: string;
}

/** busboy's words for a body that ends before its last part does (they changed between majors). */
const CUT_SHORT = /^Unexpected end of (?:form|multipart data)$/;

/** The field's message for an upload error, or null when the error is not the upload's (a bug: it stays a 500). */
export function describeUploadError(error: unknown, messages: UploadMessages): string | null {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return messages.tooLarge;
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return messages.wrongKind;
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return 'Файл загрузился не полностью';
    default: {
      const message = (error as Error | undefined)?.message ?? '';
      if (message === 'Multipart: Boundary not found') return messages.notAFile;
      return CUT_SHORT.test(message) ? 'Файл загрузился не полностью' : null;
    }
  }
}
