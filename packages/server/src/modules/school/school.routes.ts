// HTTP routes of the school (spec §7): the public course list and pages, POST /v1/user/course, GET /v1/my-courses,
// the /v1/user/diplom/* calls, and the back-office section for moderators (registerSchoolAdminRoutes).
import path from 'node:path';
import { idField } from '@efir/domain/account-schemas';
import {
  COURSE_SLUG_PATTERN,
  COURSE_URL_PREFIX,
  contractSchema,
  courseAnswerSchema,
  coursesAnswerSchema,
  DIPLOMA_DOCUMENT_MAX_BYTES,
  DIPLOMA_TEMPLATES,
  diplomaChangedAnswerSchema,
  diplomaSetsAnswerSchema,
  documentTemplateSchema,
  documentTypeField,
  type EnrolAnswer,
  enrolAnswerSchema,
  enrolSchema,
  type MyCoursesAnswer,
  myCoursesAnswerSchema,
} from '@efir/domain/school-schemas';
import { z } from '@efir/domain/zod-ru';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moderatorId } from '../../back-office/admin.routes.ts';
import type { Config } from '../../config.ts';
import { invalidData } from '../../lib/app-error.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { describeUploadError } from '../../lib/upload-errors.ts';
import type { Authenticator } from '../../plugins/auth.ts';
import type { SchoolService } from './school.service.ts';
import { contractNumber } from './school-files.ts';

type User = Awaited<ReturnType<Authenticator['requireUser']>>;

export interface SchoolRoutesDeps {
  school: SchoolService;
  authenticator: Authenticator;
  /** The course enrolment flow (flows/course-enrolment.ts), handed in by the composition root. */
  enrolment: {
    enrol(user: User, courseId: number): Promise<EnrolAnswer>;
    myCourses(user: User): Promise<MyCoursesAnswer>;
  };
}

/** Scans are kept here: a sibling of the images folder, never served by the static handler. */
export function diplomaStorageDir(config: Pick<Config, 'DATA_DIR' | 'imagesDir'>): string {
  const dir = path.resolve(config.DATA_DIR, 'private', 'diploma-documents');
  // An IMAGES_DIR at or above DATA_DIR would put the scans under /images/: refuse to start rather than leak them.
  const relative = path.relative(config.imagesDir, dir);
  if (!relative.startsWith('..') && !path.isAbsolute(relative)) {
    throw new Error('IMAGES_DIR must not contain DATA_DIR/private: passport scans would become public');
  }
  return dir;
}

function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer) {
  return reply
    .type('application/pdf')
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

const idParams = z.strictObject({ id: idField });

/** Fastify's multipart failures, as field errors the upload form can show. */
const DIPLOMA_UPLOAD_MESSAGES = {
  tooLarge: `Файл больше ${DIPLOMA_DOCUMENT_MAX_BYTES / 1024 / 1024} МБ — сожмите скан или сохраните его в меньшем разрешении`,
  wrongKind: 'Прикрепите один файл в формате PDF, JPEG или PNG',
  notAFile: 'Прикрепите скан как файл формы',
};

export function registerSchoolRoutes(app: FastifyInstance, deps: SchoolRoutesDeps): void {
  const { authenticator, school, enrolment } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/v1/courses', { schema: { response: { 200: coursesAnswerSchema } } }, async () => ({
    items: await school.listCourses(),
  }));

  routes.get(
    '/api/v1/courses/:slug',
    {
      schema: {
        params: z.strictObject({ slug: z.string().max(120).regex(COURSE_SLUG_PATTERN) }),
        response: { 200: courseAnswerSchema },
      },
    },
    async (request) => ({ course: await school.getCourse(`${COURSE_URL_PREFIX}${request.params.slug}`) }),
  );

  // The student's own data: never stored by caches.
  app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'private, no-store');
      return payload;
    });
    const own = scope.withTypeProvider<ZodTypeProvider>();

    own.post(
      '/v1/user/course',
      { schema: { body: enrolSchema, response: { 200: enrolAnswerSchema } } },
      async (request) => {
        const user = await authenticator.requireUser(request);
        return enrolment.enrol(user, request.body.course_id);
      },
    );

    own.get('/v1/my-courses', { schema: { response: { 200: myCoursesAnswerSchema } } }, async (request) =>
      enrolment.myCourses(await authenticator.requireUser(request)),
    );

    own.put(
      '/v1/user/diplom/contract',
      { schema: { body: contractSchema, response: { 200: diplomaChangedAnswerSchema } } },
      async (request) => {
        const user = await authenticator.requireUser(request);
        const diploma = await school.saveContract(user, request.body);
        return { status: 'ok' as const, message: 'Данные для договора сохранены', diploma };
      },
    );

    own.get('/v1/user/diplom/contract', async (request, reply) => {
      const user = await authenticator.requireUser(request);
      const pdf = await school.contractPdf(user);
      return sendPdf(reply, 'Договор об обучении.pdf', pdf);
    });

    own.post(
      '/v1/user/diplom/document_tmp',
      { schema: { body: documentTemplateSchema } },
      async (request, reply) => {
        const user = await authenticator.requireUser(request);
        const pdf = await school.templatePdf(user, request.body.type);
        return sendPdf(reply, `${DIPLOMA_TEMPLATES[request.body.type]}.pdf`, pdf);
      },
    );

    own.get('/v1/user/diplom/annex/:id', { schema: { params: idParams } }, async (request, reply) => {
      const user = await authenticator.requireUser(request);
      const pdf = await school.annexPdf(user, request.params.id);
      return sendPdf(reply, `Приложение 1 к договору ${contractNumber(request.params.id)}.pdf`, pdf);
    });

    own.get('/v1/user/diplom/document/:id', { schema: { params: idParams } }, async (request, reply) => {
      const user = await authenticator.requireUser(request);
      const { row, stream } = await school.openDocument(request.params.id, user.id);
      return reply
        .type(row.mime)
        .header('content-disposition', contentDisposition(row.originalName))
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    });

    own.delete(
      '/v1/user/diplom/document/:id',
      { schema: { params: idParams, response: { 200: diplomaChangedAnswerSchema } } },
      async (request) => {
        const user = await authenticator.requireUser(request);
        const diploma = await school.removeDocument(user, request.params.id);
        return { status: 'ok' as const, message: 'Документ удалён', diploma };
      },
    );

    // Submitting takes no fields; an empty or absent body is fine.
    own.put(
      '/v1/user/diplom/document',
      { schema: { body: z.strictObject({}).nullish(), response: { 200: diplomaChangedAnswerSchema } } },
      async (request) => {
        const user = await authenticator.requireUser(request);
        const diploma = await school.submit(user);
        return { status: 'ok' as const, message: 'Документы отправлены на проверку', diploma };
      },
    );

    // Only this route reads multipart: the plugin lives in a scope of its own.
    await scope.register(async (uploads) => {
      await uploads.register(multipart, {
        limits: {
          fileSize: DIPLOMA_DOCUMENT_MAX_BYTES,
          files: 1,
          fields: 3,
          fieldSize: 100,
          parts: 4,
          headerPairs: 50,
        },
      });
      uploads
        .withTypeProvider<ZodTypeProvider>()
        .post(
          '/v1/user/diplom/document',
          { schema: { response: { 200: diplomaChangedAnswerSchema } } },
          async (request) => {
            // The caller is checked before a byte of the upload is read.
            const user = await authenticator.requireUser(request);
            let content: Buffer;
            let fileName: string | undefined;
            let type: unknown;
            try {
              const file = await request.file();
              if (!file) throw invalidData({ file: ['Выберите файл'] });
              // Fields sent before the file arrive with it; the client sends `type` first.
              const field = file.fields.type;
              type = field && !Array.isArray(field) && field.type === 'field' ? field.value : undefined;
              fileName = file.filename;
              content = await file.toBuffer();
            } catch (error) {
              const message = describeUploadError(error, DIPLOMA_UPLOAD_MESSAGES);
              if (message) throw invalidData({ file: [message] });
              throw error;
            }
            const parsedType = documentTypeField.safeParse(type);
            if (!parsedType.success) throw invalidData({ type: ['Выберите, что это за документ'] });
            if (content.length === 0) throw invalidData({ file: ['Файл пустой'] });
            const diploma = await school.uploadDocument(user, parsedType.data, content, fileName);
            return { status: 'ok' as const, message: 'Документ загружен', diploma };
          },
        );
    });
  });
}

const reviewBody = z.strictObject({
  decision: z.enum(['accept', 'return'], { error: 'Выберите решение' }),
  comment: z.string().trim().max(1000, 'Комментарий — не длиннее 1000 символов').default(''),
});

/**
 * The moderators' side of the diploma documents, for the `sections` of registerAdminRoutes (paths relative to
 * /api/v1/admin; the scope already lets moderators only in).
 */
export function registerSchoolAdminRoutes(scope: FastifyInstance, school: SchoolService): void {
  const routes = scope.withTypeProvider<ZodTypeProvider>();

  // Personal data: no cache keeps these answers (set per route, the admin scope is shared with other sections).
  routes.get(
    '/diploma/sets',
    {
      schema: {
        querystring: z.strictObject({
          state: z.enum(['submitted', 'returned', 'accepted']).default('submitted'),
        }),
        response: { 200: diplomaSetsAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { items: await school.listSetsForReview(request.query.state) };
    },
  );

  routes.get('/diploma/documents/:id', { schema: { params: idParams } }, async (request, reply) => {
    const { row, stream } = await school.openDocument(request.params.id, 'moderator');
    return reply
      .type(row.mime)
      .header('content-disposition', contentDisposition(row.originalName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(stream);
  });

  routes.put(
    '/diploma/sets/:id',
    { schema: { params: idParams, body: reviewBody, response: { 200: diplomaChangedAnswerSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      if (request.body.decision === 'return' && request.body.comment === '') {
        throw invalidData({ comment: ['Напишите студенту, что исправить'] });
      }
      const diploma = await school.reviewSet(
        moderatorId(request),
        request.params.id,
        request.body.decision,
        request.body.comment,
      );
      return {
        status: 'ok' as const,
        message: request.body.decision === 'accept' ? 'Документы приняты' : 'Документы возвращены',
        diploma,
      };
    },
  );
}
