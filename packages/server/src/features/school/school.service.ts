// Long on purpose: one service (createSchoolService) whose enrolment, payment and diploma steps share its deps.
// The school's rules: course views, enrolment (a seat taken once, an order paid through the shop's card payments,
// free courses at once), /my-courses, and the diploma documents (contract data, PDFs, scans, review).
// Contract data and scans are personal data (152-FZ): they reach only their owner and moderators, never the log.

import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  COURSE_FORMATS,
  COURSE_OUTCOMES,
  type ContractData,
  type CourseWire,
  DIPLOMA_DOCUMENT_LIMIT,
  DIPLOMA_DOCUMENT_TYPES,
  DIPLOMA_SET_STATES,
  type DiplomaDocumentType,
  type DiplomaDocumentWire,
  type DiplomaTemplate,
  type DiplomaWire,
  ENROLMENT_STATUSES,
  type EnrolAnswer,
  type EnrolmentStatus,
  type MyCourseWire,
  REQUIRED_DIPLOMA_DOCUMENTS,
} from '@efir/domain/school-schemas';
import type { ShopRequisites } from '@efir/domain/shop-settings';
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit } from '../../back-office/audit.ts';
import type { Database } from '../../db/client.ts';
import { AppError, conflict, invalidData, notFound } from '../../lib/app-error.ts';
import { findUserById, type UserRow } from '../account/account.service.ts';
import {
  CARD_ONLINE,
  findOrderById,
  insertOrder,
  insertOrderLines,
  type OrderRow,
  orderNumber,
} from '../orders/orders.service.ts';
import { COURSE_LINE_PRODUCT_ID } from '../orders/orders.table.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { PaymentProviderError } from '../payments/yookassa.client.ts';
import { renderAnnexPdf, renderContractPdf, renderTemplatePdf } from './school.pdf.ts';
import {
  activateEnrolment,
  type CourseRow,
  countDocuments,
  type DiplomaDocumentRow,
  type DiplomaSetRow,
  deleteDocument,
  type EnrolmentRow,
  findContract,
  findCourseById,
  findCourseByUrl,
  findDocument,
  findEnrolment,
  findOwnEnrolment,
  findSet,
  findTeachers,
  insertDocument,
  insertEnrolment,
  linkEnrolmentOrder,
  listCourses,
  listDocuments,
  listEnrolments,
  listSetsInState,
  lockExistingSet,
  lockSet,
  saveContract,
  type TeacherRow,
  takeSeat,
  updateSet,
} from './school.repo.ts';

/** Order lines of a course seat carry no product: 0 never matches a product, so no stock is ever returned. */

/** What the bytes are, not what the name or the declared type say. */
const FILE_SIGNATURES: Array<{ mime: string; ext: string; bytes: number[] }> = [
  { mime: 'application/pdf', ext: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { mime: 'image/jpeg', ext: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', ext: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

export function detectDocumentFormat(content: Buffer): { mime: string; ext: string } | null {
  const found = FILE_SIGNATURES.find((signature) =>
    signature.bytes.every((byte, index) => content[index] === byte),
  );
  return found ? { mime: found.mime, ext: found.ext } : null;
}

/** A name safe to show and to put into Content-Disposition: no paths, no control characters, ≤ 120 characters. */
export function tidyFileName(name: string | undefined, ext: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}\p{Cf}"<>|:*?]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\.[^.]*$/, '')
    .slice(0, 100);
  return `${base || 'документ'}.${ext}`;
}

export function contractNumber(enrolmentId: number): string {
  return `ШЭ-${String(enrolmentId).padStart(6, '0')}`;
}

class Refused extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
  }
}

/** Runs `work` in a transaction; an AppError thrown inside rolls it back and reaches the caller as is. */
async function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      try {
        return await work(tx as unknown as Database);
      } catch (error) {
        if (error instanceof AppError) throw new Refused(error);
        throw error;
      }
    });
  } catch (error) {
    if (error instanceof Refused) throw error.appError;
    throw error;
  }
}

export interface SchoolServiceDeps {
  db: Database;
  payments: PaymentsService;
  log: FastifyBaseLogger;
  /** PUBLIC_URL without the trailing slash: where the buyer returns after paying. */
  origin: string;
  /** Where scans are kept: outside any folder the shop serves. */
  storageDir: string;
  /** The shop's requisites in force for the contract and the applications (decision 060). */
  requisites?: () => ShopRequisites;
}

export type SchoolService = ReturnType<typeof createSchoolService>;

export function createSchoolService(deps: SchoolServiceDeps) {
  const { db, payments } = deps;

  function toCourseWire(course: CourseRow, teacher: TeacherRow | undefined): CourseWire {
    return {
      id: course.id,
      url: course.url,
      title: course.title,
      summary: course.summary,
      html: course.html,
      format: course.format,
      format_name: COURSE_FORMATS[course.format],
      place: course.place,
      starts_at: course.startsAt.toISOString(),
      ends_at: course.endsAt.toISOString(),
      schedule: course.schedule,
      hours: course.hours,
      price: course.price,
      outcome: course.outcome,
      outcome_name: COURSE_OUTCOMES[course.outcome],
      seats_total: course.seatsTotal,
      seats_left: course.seatsLeft,
      teacher: teacher
        ? {
            name: teacher.name,
            position: teacher.position,
            url: teacher.url,
            photo: teacher.photo ?? null,
          }
        : null,
      programme: course.programme,
    };
  }

  async function toCourseWires(rows: CourseRow[]): Promise<CourseWire[]> {
    const teachers = await findTeachers(db, [
      ...new Set(rows.map((row) => row.teacherId).filter((id): id is number => id !== null)),
    ]);
    return rows.map((row) => toCourseWire(row, row.teacherId ? teachers.get(row.teacherId) : undefined));
  }

  function orderSummary(order: OrderRow) {
    return {
      id: order.id,
      number: orderNumber(order.id),
      total: order.total,
      payment_state: order.paymentState,
    };
  }

  /** The latest enrolment on a course that ends with a diploma; the documents belong to it. */
  async function findDiplomaEnrolment(userId: number) {
    const rows = await listEnrolments(db, userId);
    return rows.find((row) => row.course.outcome === 'diploma') ?? null;
  }

  async function requireDiplomaEnrolment(userId: number) {
    const found = await findDiplomaEnrolment(userId);
    if (!found) {
      throw conflict('Документы нужны только для курсов с дипломом', {
        course: ['Запишитесь на программу профессиональной переподготовки, чтобы оформить договор'],
      });
    }
    return found;
  }

  function isEditable(set: DiplomaSetRow | undefined): boolean {
    return !set || set.state === 'draft' || set.state === 'returned';
  }

  function lockedError(set: DiplomaSetRow): AppError {
    return conflict(
      set.state === 'accepted'
        ? 'Документы уже приняты — изменить их нельзя'
        : 'Документы на проверке — изменить их нельзя',
      { documents: ['Если нужно что-то исправить, напишите нам: мы вернём документы на доработку'] },
    );
  }

  function toDocumentWire(row: DiplomaDocumentRow): DiplomaDocumentWire {
    return {
      id: row.id,
      type: row.type,
      type_name: DIPLOMA_DOCUMENT_TYPES[row.type]?.name ?? row.type,
      name: row.originalName,
      size: row.size,
      mime: row.mime,
      created_at: row.createdAt.toISOString(),
    };
  }

  function missingDocuments(documents: DiplomaDocumentRow[]): DiplomaDocumentType[] {
    const present = new Set(documents.map((row) => row.type));
    return REQUIRED_DIPLOMA_DOCUMENTS.filter((type) => !present.has(type));
  }

  async function diplomaView(userId: number): Promise<DiplomaWire> {
    const [set, contract, documents] = await Promise.all([
      findSet(db, userId),
      findContract(db, userId),
      listDocuments(db, userId),
    ]);
    const state = set?.state ?? 'draft';
    return {
      state,
      state_name: DIPLOMA_SET_STATES[state],
      comment: set?.comment ?? '',
      submitted_at: set?.submittedAt?.toISOString() ?? null,
      reviewed_at: set?.reviewedAt?.toISOString() ?? null,
      contract: contract?.data ?? null,
      documents: documents.map(toDocumentWire),
      missing: missingDocuments(documents),
      editable: isEditable(set),
    };
  }

  function filePath(row: Pick<DiplomaDocumentRow, 'userId' | 'storedName'>): string {
    return path.join(deps.storageDir, String(row.userId), row.storedName);
  }

  /** Starts (or reuses) the card payment of a course order: a `service` item in the 54-FZ receipt. */
  async function startCoursePayment(order: OrderRow, course: CourseRow): Promise<string | null> {
    try {
      const payment = await payments.startPayment({
        orderId: order.id,
        amount: order.total,
        description: `Курс «${course.title}», заказ ${orderNumber(order.id)}`,
        receipt: {
          email: order.email,
          phone: order.tel || null,
          service: true,
          lines: [{ name: `Обучение: ${course.title}`, quantity: 1, price: order.total }],
          total: order.total,
        },
        returnUrl: `${deps.origin}/yookassa?order=${order.id}`,
      });
      return payment.status === 'succeeded' ? null : payment.confirmationUrl;
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        deps.log.warn(
          { code: error.code, status: error.status },
          'payment provider refused a course payment',
        );
        throw new AppError(503, 'Платёжный сервис временно недоступен', {
          title: 'Попробуйте оплатить через минуту',
        });
      }
      throw error;
    }
  }

  /** A paid order turns its enrolment active; the payment is asked about at the provider while pending. */
  async function settle(
    enrolment: EnrolmentRow,
  ): Promise<{ enrolment: EnrolmentRow; order: OrderRow | null }> {
    if (enrolment.orderId === null) return { enrolment, order: null };
    let order = await findOrderById(db, enrolment.orderId);
    if (order && enrolment.state === 'awaiting_payment' && order.paymentState !== 'paid') {
      // Best effort: applies a payment the notification has not brought yet (through the orders feature).
      await payments.getOrderPayment(order.id, { refresh: true }).catch(() => null);
      order = await findOrderById(db, enrolment.orderId);
    }
    if (order?.paymentState === 'paid' && enrolment.state === 'awaiting_payment') {
      await activateEnrolment(db, enrolment.id);
      return { enrolment: { ...enrolment, state: 'active', activatedAt: new Date() }, order };
    }
    return { enrolment, order: order ?? null };
  }

  function statusOf(enrolment: EnrolmentRow, course: CourseRow, now: Date): EnrolmentStatus {
    if (enrolment.state === 'awaiting_payment') return 'awaiting_payment';
    if (course.startsAt.getTime() > now.getTime()) return 'upcoming';
    return course.endsAt.getTime() < now.getTime() ? 'completed' : 'active';
  }

  return {
    async listCourses(): Promise<CourseWire[]> {
      return toCourseWires(await listCourses(db));
    },

    async getCourse(url: string): Promise<CourseWire> {
      const course = await findCourseByUrl(db, url);
      if (!course) throw notFound('Курс не найден');
      const [wire] = await toCourseWires([course]);
      return wire!;
    },

    /** POST /v1/user/course: a free course (or a paid order) enrols at once; otherwise the payment starts. */
    async enrol(user: UserRow, courseId: number): Promise<Omit<EnrolAnswer, 'user'>> {
      const course = await findCourseById(db, courseId);
      if (!course) throw invalidData({ course_id: ['Такого курса нет'] });
      let enrolment = await findEnrolment(db, user.id, course.id);
      if (!enrolment) {
        if (course.startsAt.getTime() < Date.now()) {
          throw conflict('Запись на курс закрыта', {
            course_id: ['Занятия уже начались — выберите курс с ближайшей датой старта'],
          });
        }
        const created = await inTransaction(db, async (tx) => {
          const row = await insertEnrolment(tx, {
            userId: user.id,
            courseId: course.id,
            state: course.price === 0 ? 'active' : 'awaiting_payment',
            activatedAt: course.price === 0 ? new Date() : null,
          });
          // Enrolled a moment ago by a parallel request: no second seat.
          if (!row) return null;
          if (!(await takeSeat(tx, course.id))) {
            throw conflict('Мест на курсе не осталось', {
              course_id: ['Все места заняты — выберите другой поток или курс'],
            });
          }
          if (course.price === 0) return row;
          const order = await insertOrder(tx, {
            idempotencyKey: randomUUID(),
            userId: user.id,
            guestKey: randomUUID(),
            status: 'new',
            paymentState: 'awaiting',
            name: user.name,
            fam: user.fam,
            email: user.email,
            tel: user.tel,
            delivery: { kind: 'course', course_id: course.id },
            deliveryName: 'Обучение в школе ароматерапии, без доставки',
            deliveryPrice: 0,
            sposobOplat: CARD_ONLINE,
            subtotal: course.price,
            discount: 0,
            goodsTotal: course.price,
            total: course.price,
          });
          await insertOrderLines(tx, [
            {
              orderId: order!.id,
              productId: COURSE_LINE_PRODUCT_ID,
              name: `Курс «${course.title}»`,
              volume: '',
              url: course.url,
              quantity: 1,
              cena: course.price,
              price: course.price,
              sum: course.price,
            },
          ]);
          return linkEnrolmentOrder(tx, row.id, order!.id);
        });
        enrolment = created ?? (await findEnrolment(db, user.id, course.id));
        if (!enrolment) throw new Error('enrolment vanished right after it was made');
      }
      const settled = await settle(enrolment);
      if (settled.enrolment.state === 'active' || !settled.order) {
        return {
          status: 'enrolled',
          errors: null,
          order: settled.order ? { ...orderSummary(settled.order), confirmation_url: null } : null,
        };
      }
      const confirmationUrl = await startCoursePayment(settled.order, course);
      if (confirmationUrl === null) {
        // The provider says it is paid already: the orders feature has marked the order, enrol now.
        const again = await settle(enrolment);
        if (again.enrolment.state === 'active') {
          return {
            status: 'enrolled',
            errors: null,
            order: again.order ? { ...orderSummary(again.order), confirmation_url: null } : null,
          };
        }
      }
      return {
        status: 'payment',
        errors: null,
        order: { ...orderSummary(settled.order), confirmation_url: confirmationUrl },
      };
    },

    /** GET /v1/my-courses. */
    async myCourses(user: UserRow): Promise<{ items: MyCourseWire[]; diploma: DiplomaWire | null }> {
      const rows = await listEnrolments(db, user.id);
      const wires = await toCourseWires(rows.map((row) => row.course));
      const now = new Date();
      const items: MyCourseWire[] = [];
      for (const [index, row] of rows.entries()) {
        const { enrolment, order } = await settle(row.enrolment);
        const status = statusOf(enrolment, row.course, now);
        items.push({
          id: enrolment.id,
          status,
          status_name: ENROLMENT_STATUSES[status],
          enrolled_at: enrolment.createdAt.toISOString(),
          order: order ? orderSummary(order) : null,
          course: wires[index]!,
          materials: status === 'awaiting_payment' ? [] : row.course.materials,
        });
      }
      const hasDiploma = rows.some((row) => row.course.outcome === 'diploma');
      return { items, diploma: hasDiploma ? await diplomaView(user.id) : null };
    },

    async saveContract(user: UserRow, data: ContractData): Promise<DiplomaWire> {
      await requireDiplomaEnrolment(user.id);
      await inTransaction(db, async (tx) => {
        const set = await lockSet(tx, user.id);
        if (!isEditable(set)) throw lockedError(set);
        await saveContract(tx, user.id, data);
      });
      return diplomaView(user.id);
    },

    async contractPdf(user: UserRow): Promise<Buffer> {
      const { enrolment, course } = await requireDiplomaEnrolment(user.id);
      const contract = await findContract(db, user.id);
      if (!contract) {
        throw conflict('Сначала заполните данные для договора', {
          contract: ['Заполните и сохраните данные для договора'],
        });
      }
      return renderContractPdf(contract.data, {
        number: contractNumber(enrolment.id),
        date: enrolment.createdAt,
        course,
        requisites: deps.requisites?.(),
      });
    },

    async templatePdf(user: UserRow, type: DiplomaTemplate): Promise<Buffer> {
      const found = await findDiplomaEnrolment(user.id);
      return renderTemplatePdf(type, found?.course ?? null, deps.requisites?.());
    },

    async annexPdf(user: UserRow, enrolmentId: number): Promise<Buffer> {
      const enrolment = await findOwnEnrolment(db, user.id, enrolmentId);
      if (!enrolment) throw notFound('Запись на курс не найдена');
      const course = await findCourseById(db, enrolment.courseId);
      if (!course) throw notFound('Курс не найден');
      const teachers = await findTeachers(db, course.teacherId ? [course.teacherId] : []);
      return renderAnnexPdf({
        number: contractNumber(enrolment.id),
        course,
        teacher: course.teacherId ? (teachers.get(course.teacherId)?.name ?? null) : null,
      });
    },

    async uploadDocument(
      user: UserRow,
      type: DiplomaDocumentType,
      content: Buffer,
      fileName: string | undefined,
    ): Promise<DiplomaWire> {
      await requireDiplomaEnrolment(user.id);
      const format = detectDocumentFormat(content);
      if (!format) throw invalidData({ file: ['Загрузите скан в формате PDF, JPEG или PNG'] });
      const storedName = `${randomBytes(16).toString('hex')}.${format.ext}`;
      const dir = path.join(deps.storageDir, String(user.id));
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const target = path.join(dir, storedName);
      await writeFile(target, content, { mode: 0o600 });
      try {
        await inTransaction(db, async (tx) => {
          const set = await lockSet(tx, user.id);
          if (!isEditable(set)) throw lockedError(set);
          if ((await countDocuments(tx, user.id)) >= DIPLOMA_DOCUMENT_LIMIT) {
            throw conflict('Слишком много файлов', {
              file: [`Можно загрузить не больше ${DIPLOMA_DOCUMENT_LIMIT} файлов — удалите лишние`],
            });
          }
          await insertDocument(tx, {
            userId: user.id,
            type,
            originalName: tidyFileName(fileName, format.ext),
            storedName,
            mime: format.mime,
            size: content.length,
          });
        });
      } catch (error) {
        await rm(target, { force: true });
        throw error;
      }
      return diplomaView(user.id);
    },

    async removeDocument(user: UserRow, id: number): Promise<DiplomaWire> {
      const row = await findDocument(db, id);
      if (!row || row.userId !== user.id) throw notFound('Документ не найден');
      await inTransaction(db, async (tx) => {
        const set = await lockSet(tx, user.id);
        if (!isEditable(set)) throw lockedError(set);
        await deleteDocument(tx, row.id);
      });
      await rm(filePath(row), { force: true });
      return diplomaView(user.id);
    },

    /** The file of a document, for its owner (or, with 'moderator', for the back office). */
    async openDocument(id: number, ownerId: number | 'moderator') {
      const row = await findDocument(db, id);
      if (!row || (ownerId !== 'moderator' && row.userId !== ownerId)) throw notFound('Документ не найден');
      try {
        await access(filePath(row));
      } catch {
        deps.log.error({ documentId: row.id }, 'diploma document file is missing');
        throw notFound('Файл документа не найден');
      }
      return { row, stream: createReadStream(filePath(row)) };
    },

    async submit(user: UserRow): Promise<DiplomaWire> {
      await requireDiplomaEnrolment(user.id);
      await inTransaction(db, async (tx) => {
        const set = await lockSet(tx, user.id);
        if (!isEditable(set)) throw lockedError(set);
        const errors: Record<string, string[]> = {};
        if (!(await findContract(tx, user.id)))
          errors.contract = ['Заполните и сохраните данные для договора'];
        const missing = missingDocuments(await listDocuments(tx, user.id));
        if (missing.length > 0) {
          errors.documents = [
            `Не хватает: ${missing.map((type) => DIPLOMA_DOCUMENT_TYPES[type].name.toLowerCase()).join('; ')}`,
          ];
        }
        if (Object.keys(errors).length > 0) throw invalidData(errors);
        await updateSet(tx, user.id, { state: 'submitted', submittedAt: new Date(), comment: '' });
      });
      return diplomaView(user.id);
    },

    diplomaView,

    /** Back office: sets waiting for review (or in another state), with what a moderator checks. */
    async listSetsForReview(state: DiplomaSetRow['state']) {
      const sets = await listSetsInState(db, state);
      return Promise.all(
        sets.map(async (set) => {
          const [student, view, diplomaEnrolment] = await Promise.all([
            findUserById(db, set.userId),
            diplomaView(set.userId),
            findDiplomaEnrolment(set.userId),
          ]);
          return {
            user_id: set.userId,
            student: student
              ? {
                  id: student.id,
                  name: student.name,
                  fam: student.fam,
                  email: student.email,
                  tel: student.tel,
                }
              : null,
            course: diplomaEnrolment
              ? { id: diplomaEnrolment.course.id, title: diplomaEnrolment.course.title }
              : null,
            ...view,
          };
        }),
      );
    },

    /** Back office: accept or return a submitted set; the audit entry is written in the same transaction. */
    async reviewSet(
      moderatorId: number,
      userId: number,
      decision: 'accept' | 'return',
      comment: string,
    ): Promise<DiplomaWire> {
      await inTransaction(db, async (tx) => {
        const set = await lockExistingSet(tx, userId);
        if (!set) throw notFound('Документы не найдены');
        if (set.state !== 'submitted') {
          throw conflict('Эти документы сейчас не ждут проверки', {
            decision: [`Состояние: ${DIPLOMA_SET_STATES[set.state].toLowerCase()}`],
          });
        }
        const state = decision === 'accept' ? 'accepted' : 'returned';
        await updateSet(tx, userId, { state, comment, reviewedAt: new Date(), reviewerId: moderatorId });
        await writeAudit(tx, {
          userId: moderatorId,
          action: decision === 'accept' ? 'diploma.accept' : 'diploma.return',
          entity: 'diploma',
          entityId: userId,
          before: { state: set.state, comment: set.comment },
          after: { state, comment },
        });
      });
      return diplomaView(userId);
    },
  };
}
