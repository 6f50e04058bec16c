// The aromatherapy school: courses, who is enrolled on them, and the documents a diploma course needs
// (contract data and scans are personal data: only their owner and moderators ever read them).
import type {
  ContractData,
  CourseFormat,
  CourseModuleWire,
  CourseOutcome,
  DiplomaDocumentType,
  DiplomaSetState,
} from '@efir/domain/school-schemas';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const ENROLMENT_STATES = ['awaiting_payment', 'active'] as const;

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    /** The page's address, /seminar_po_aromatherapy/<slug>.html. */
    url: text('url').notNull().unique(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Rich text, sanitised when stored. */
    html: text('html').notNull().default(''),
    format: text('format', {
      enum: ['online', 'moscow'] as const satisfies readonly CourseFormat[],
    }).notNull(),
    place: text('place').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    schedule: text('schedule').notNull(),
    /** Academic hours. */
    hours: integer('hours').notNull(),
    /** Whole roubles; 0 is a free course. */
    price: integer('price').notNull(),
    teacherId: integer('teacher_id'),
    programme: jsonb('programme').$type<CourseModuleWire[]>().notNull(),
    outcome: text('outcome', {
      enum: ['certificate', 'diploma'] as const satisfies readonly CourseOutcome[],
    }).notNull(),
    materials: jsonb('materials').$type<Array<{ name: string; url: string }>>().notNull().default([]),
    seatsTotal: integer('seats_total').notNull(),
    /** Taken by a conditional update only, so it never goes below zero under concurrent enrolment. */
    seatsLeft: integer('seats_left').notNull(),
    pos: integer('pos').notNull().default(0),
    /** The last change of the row (a trigger sets it, migration 0025): the sitemap's lastmod. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('courses_seats_left_not_negative', sql`${table.seatsLeft} >= 0`),
    check('courses_price_not_negative', sql`${table.price} >= 0`),
  ],
);

export const courseEnrolments = pgTable(
  'course_enrolments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    courseId: integer('course_id').notNull(),
    /** The order that pays for the seat; null for a free course. */
    orderId: integer('order_id'),
    state: text('state', { enum: ENROLMENT_STATES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('course_enrolments_user_course_idx').on(table.userId, table.courseId),
    index('course_enrolments_order_idx').on(table.orderId),
  ],
);

/** One contract form per student (the diploma documents are per student, whichever diploma course). */
export const diplomaContracts = pgTable('diploma_contracts', {
  userId: integer('user_id').primaryKey(),
  data: jsonb('data').$type<ContractData>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The student's set of documents and where its review stands. */
export const diplomaSets = pgTable('diploma_sets', {
  userId: integer('user_id').primaryKey(),
  state: text('state', {
    enum: ['draft', 'submitted', 'returned', 'accepted'] as const satisfies readonly DiplomaSetState[],
  })
    .notNull()
    .default('draft'),
  comment: text('comment').notNull().default(''),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  reviewerId: integer('reviewer_id'),
});

/** Uploaded scans; the file lives outside any public folder under `storedName`. */
export const diplomaDocuments = pgTable(
  'diploma_documents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    type: text('type').$type<DiplomaDocumentType>().notNull(),
    /** The name the student gave the file, tidied; shown back and used in Content-Disposition. */
    originalName: text('original_name').notNull(),
    storedName: text('stored_name').notNull().unique(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('diploma_documents_user_idx').on(table.userId, table.createdAt)],
);
