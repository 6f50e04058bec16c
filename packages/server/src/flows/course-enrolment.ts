// The course enrolment flow (spec §7, decision 061): the only code that takes a seat in the school, writes the
// course's order and starts its card payment. The seat, the enrolment and the order are written in one
// transaction (a full course or a parallel request leaves none of them); the payment starts after it, and a paid
// order turns the enrolment active whenever the student looks (/my-courses) or enrols again.
import { randomUUID } from 'node:crypto';
import {
  ENROLMENT_STATUSES,
  type EnrolAnswer,
  type MyCoursesAnswer,
  type MyCourseWire,
} from '@efir/domain/school-schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { inTransaction } from '../db/transaction.ts';
import { getUserWire, type UserRow } from '../features/account/account.service.ts';
import {
  CARD_ONLINE,
  findOrderById,
  insertOrder,
  insertOrderLines,
  type OrderRow,
  orderNumber,
} from '../features/orders/orders.service.ts';
import { COURSE_LINE_PRODUCT_ID } from '../features/orders/orders.table.ts';
import type { PaymentsService } from '../features/payments/payments.service.ts';
import { PaymentProviderError } from '../features/payments/yookassa.client.ts';
import { AppError, conflict, invalidData } from '../lib/app-error.ts';
import {
  activateEnrolment,
  type CourseRow,
  type EnrolmentRow,
  enrolmentStatus,
  findCourseById,
  findEnrolment,
  insertEnrolment,
  linkEnrolmentOrder,
  listEnrolments,
  type SchoolService,
  takeSeat,
} from '../modules/school/index.ts';

export interface CourseEnrolmentDeps {
  db: Database;
  school: SchoolService;
  payments: PaymentsService;
  log: FastifyBaseLogger;
  /** PUBLIC_URL without the trailing slash: where the buyer returns after paying. */
  origin: string;
}

function orderSummary(order: OrderRow) {
  return {
    id: order.id,
    number: orderNumber(order.id),
    total: order.total,
    payment_state: order.paymentState,
  };
}

export function createCourseEnrolment(deps: CourseEnrolmentDeps) {
  const { db, school, payments } = deps;

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

  /** The seat, the enrolment and (for a paid course) its order, all or nothing; null when a parallel request won. */
  function takeSeatAndOrder(user: UserRow, course: CourseRow) {
    return inTransaction(db, async (tx) => {
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
  }

  async function enrolOnly(user: UserRow, courseId: number): Promise<Omit<EnrolAnswer, 'user'>> {
    const course = await findCourseById(db, courseId);
    if (!course) throw invalidData({ course_id: ['Такого курса нет'] });
    let enrolment = await findEnrolment(db, user.id, course.id);
    if (!enrolment) {
      if (course.startsAt.getTime() < Date.now()) {
        throw conflict('Запись на курс закрыта', {
          course_id: ['Занятия уже начались — выберите курс с ближайшей датой старта'],
        });
      }
      const created = await takeSeatAndOrder(user, course);
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
  }

  return {
    /** POST /v1/user/course: a free course (or a paid order) enrols at once; otherwise the payment starts. */
    async enrol(user: UserRow, courseId: number): Promise<EnrolAnswer> {
      const answer = await enrolOnly(user, courseId);
      return { ...answer, user: await getUserWire(db, user) };
    },

    /** GET /v1/my-courses: each enrolment with its order, settled against the payment first. */
    async myCourses(user: UserRow): Promise<MyCoursesAnswer> {
      const rows = await listEnrolments(db, user.id);
      const wires = await school.toCourseWires(rows.map((row) => row.course));
      const now = new Date();
      const items: MyCourseWire[] = [];
      for (const [index, row] of rows.entries()) {
        const { enrolment, order } = await settle(row.enrolment);
        const status = enrolmentStatus(enrolment, row.course, now);
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
      return { items, diploma: await school.diplomaOf(user, rows) };
    },
  };
}
