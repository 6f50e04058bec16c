// POST /api/v1/admin/content/images: a picture for the text or the cover of an article, recipe or page (issue 39
// point 7). Converted as a product's photo is (WebP widths, a JPEG fallback) into content/uploads/; the answer names
// the file the cover field takes and the address the text's <img> shows. Audited: who put which picture on the site.
import { contentImageAnswerSchema } from '@efir/domain/content-admin-schemas';
import { PRODUCT_IMAGE_MAX_BYTES } from '@efir/domain/product-admin-schemas';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { moderatorId } from '../../back-office/admin.routes.ts';
import { writeAudit } from '../../back-office/audit.ts';
import type { Database } from '../../db/client.ts';
import { invalidData } from '../../lib/app-error.ts';
import { describeUploadError } from '../../lib/upload-errors.ts';
import { storeUploadedImage } from '../../lib/uploaded-image.ts';

const CONTENT_UPLOADS = 'content/uploads';

const MESSAGES = {
  tooLarge: `Файл больше ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} МБ — выберите поменьше`,
  wrongKind: 'Прикрепите одну картинку в формате JPEG, PNG или WebP',
  notAFile: 'Прикрепите картинку как файл формы',
};

export function registerContentImageUpload(
  scope: FastifyInstance,
  deps: { db: Database; config: { imagesDir: string } },
): void {
  // Multipart in a scope of its own (the moderator guard of the admin scope still runs first).
  scope.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: PRODUCT_IMAGE_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
    });
    uploads
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/content/images',
        { schema: { response: { 200: contentImageAnswerSchema } } },
        async (request) => {
          let upload: Buffer;
          try {
            const file = await request.file();
            if (!file) throw invalidData({ image: ['Выберите картинку'] });
            upload = await file.toBuffer();
          } catch (error) {
            const message = describeUploadError(error, MESSAGES);
            if (message) throw invalidData({ image: [message] });
            throw error;
          }
          const image = await storeUploadedImage(deps.config.imagesDir, CONTENT_UPLOADS, '', upload);
          await writeAudit(deps.db, {
            userId: moderatorId(request),
            action: 'content.image',
            entity: 'image',
            entityId: image.basename,
            after: { filename: image.filename },
          });
          return { status: 'ok' as const, image, src: `/images/${image.basename}.webp` };
        },
      );
  });
}
