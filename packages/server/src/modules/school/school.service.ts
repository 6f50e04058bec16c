// The school's rules: course views and the diploma documents (contract data, PDFs, scans, review). Enrolment,
// which takes a seat here and writes an order paid through the shop's card payments, is the course enrolment
// flow (flows/course-enrolment.ts); it uses the steps this module's face gives (decision 061).
// Contract data and scans are personal data (152-FZ): they reach only their owner and moderators, never the log.
import { randomBytes } from 'node:crypto';
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
  type DiplomaSetsAnswer,
  type DiplomaTemplate,
  type DiplomaWire,
  type EnrolmentStatus,
  REQUIRED_DIPLOMA_DOCUMENTS,
} from '@efir/domain/school-schemas';
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit } from '../../back-office/audit.ts';
import type { Database } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type AppError, conflict, invalidData, notFound } from '../../lib/app-error.ts';
import { renderAnnexPdf, renderContractPdf, renderTemplatePdf } from './school.pdf.ts';
import {
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
  findOwnEnrolment,
  findSet,
  insertDocument,
  listCourses,
  listDocuments,
  listEnrolments,
  listSetsInState,
  lockExistingSet,
  lockSet,
  saveContract,
  type TeacherRow,
  updateSet,
} from './school.repo.ts';
import { contractNumber, detectDocumentFormat, tidyFileName } from './school-files.ts';

/** Who the school serves: it needs only the id (the account is not the school's). */
export interface Student {
  id: number;
}

/** A student as the moderators see them next to their documents. */
export type StudentCard = NonNullable<DiplomaSetsAnswer['items'][number]['student']>;

export interface SchoolServiceDeps {
  db: Database;
  log: FastifyBaseLogger;
  /** Where scans are kept: outside any folder the shop serves. */
  storageDir: string;
  /** The teachers of courses are the content's authors: the composition root hands their lookup in. */
  findTeachers(ids: number[]): Promise<Map<number, TeacherRow>>;
  /** The account's card of a student, for the moderators' review list. */
  findStudent(userId: number): Promise<StudentCard | null>;
}

/** Where an enrolment stands for its student today. */
export function enrolmentStatus(enrolment: EnrolmentRow, course: CourseRow, now: Date): EnrolmentStatus {
  if (enrolment.state === 'awaiting_payment') return 'awaiting_payment';
  if (course.startsAt.getTime() > now.getTime()) return 'upcoming';
  return course.endsAt.getTime() < now.getTime() ? 'completed' : 'active';
}

export type SchoolService = ReturnType<typeof createSchoolService>;

export function createSchoolService(deps: SchoolServiceDeps) {
  const { db, findTeachers } = deps;

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
    const teachers = await findTeachers([
      ...new Set(rows.map((row) => row.teacherId).filter((id): id is number => id !== null)),
    ]);
    return rows.map((row) => toCourseWire(row, row.teacherId ? teachers.get(row.teacherId) : undefined));
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

    toCourseWires,

    /** The diploma block of /my-courses: only a student on a course that ends with a diploma has one. */
    async diplomaOf(student: Student, rows: Array<{ course: CourseRow }>): Promise<DiplomaWire | null> {
      const hasDiploma = rows.some((row) => row.course.outcome === 'diploma');
      return hasDiploma ? diplomaView(student.id) : null;
    },

    async saveContract(user: Student, data: ContractData): Promise<DiplomaWire> {
      await requireDiplomaEnrolment(user.id);
      await inTransaction(db, async (tx) => {
        const set = await lockSet(tx, user.id);
        if (!isEditable(set)) throw lockedError(set);
        await saveContract(tx, user.id, data);
      });
      return diplomaView(user.id);
    },

    async contractPdf(user: Student): Promise<Buffer> {
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
      });
    },

    async templatePdf(user: Student, type: DiplomaTemplate): Promise<Buffer> {
      const found = await findDiplomaEnrolment(user.id);
      return renderTemplatePdf(type, found?.course ?? null);
    },

    async annexPdf(user: Student, enrolmentId: number): Promise<Buffer> {
      const enrolment = await findOwnEnrolment(db, user.id, enrolmentId);
      if (!enrolment) throw notFound('Запись на курс не найдена');
      const course = await findCourseById(db, enrolment.courseId);
      if (!course) throw notFound('Курс не найден');
      const teachers = await findTeachers(course.teacherId ? [course.teacherId] : []);
      return renderAnnexPdf({
        number: contractNumber(enrolment.id),
        course,
        teacher: course.teacherId ? (teachers.get(course.teacherId)?.name ?? null) : null,
      });
    },

    async uploadDocument(
      user: Student,
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

    async removeDocument(user: Student, id: number): Promise<DiplomaWire> {
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

    async submit(user: Student): Promise<DiplomaWire> {
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
            deps.findStudent(set.userId),
            diplomaView(set.userId),
            findDiplomaEnrolment(set.userId),
          ]);
          return {
            user_id: set.userId,
            student,
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
