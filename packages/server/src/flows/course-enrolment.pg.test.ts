// The course enrolment flow under real concurrency (PostgreSQL, whose many connections let the requests overlap;
// the PostgreSQL run alone includes *.pg.test.ts). The seat (school), the enrolment (school) and the course's order
// (orders) are written in one transaction by the flow (decision 061): a student who gets no seat leaves no order
// behind, and a double click makes one enrolment and one order.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders } from '../features/orders/orders.table.ts';
import { courseEnrolments, courses } from '../modules/school/school.table.ts';
import { courseUrl } from '../seed/school.seed.ts';
import { signInAs } from '../test/moderator.ts';
import type { TestAgent } from '../test/test-agent.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let shop: TestApp;
let paidCourse: typeof courses.$inferSelect;

beforeAll(async () => {
  shop = await createTestApp();
  const [row] = await shop.database.db
    .select()
    .from(courses)
    .where(eq(courses.url, courseUrl('aromaterapiya-s-nulya')));
  if (!row || row.price === 0) throw new Error('the demo school has no paid course');
  paidCourse = row;
});

afterAll(() => shop.close());

const enrol = (agent: TestAgent, courseId: number) =>
  agent.request({ method: 'POST', url: '/v1/user/course', payload: { course_id: courseId } });

async function ordersOf(userIds: number[]) {
  return shop.database.db
    .select({ id: orders.id, userId: orders.userId, total: orders.total, lineUrl: orderLines.url })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(inArray(orders.userId, userIds), eq(orderLines.url, paidCourse.url)));
}

describe('course enrolment under concurrency (PostgreSQL)', () => {
  it('30 students on 5 paid seats: 5 enrolments with their 5 orders, the 25 refused leave neither', async () => {
    await shop.database.db.update(courses).set({ seatsLeft: 5 }).where(eq(courses.id, paidCourse.id));
    const ids = Array.from({ length: 30 }, (_, index) => 810_001 + index);
    const students = await Promise.all(ids.map((id) => signInAs(shop.app, shop.database.db, id)));

    const answers = await Promise.all(students.map((student) => enrol(student, paidCourse.id)));

    const accepted = answers.filter((response) => response.statusCode === 200);
    expect(accepted).toHaveLength(5);
    expect(answers.filter((response) => response.statusCode === 409)).toHaveLength(25);
    for (const response of accepted) {
      expect(response.json()).toMatchObject({ status: 'payment', order: { total: paidCourse.price } });
    }
    const written = await ordersOf(ids);
    expect(written).toHaveLength(5);
    const enrolled = await shop.database.db
      .select({ userId: courseEnrolments.userId, orderId: courseEnrolments.orderId })
      .from(courseEnrolments)
      .where(and(inArray(courseEnrolments.userId, ids), eq(courseEnrolments.courseId, paidCourse.id)));
    expect(enrolled.map((row) => row.orderId).sort()).toEqual(written.map((row) => row.id).sort());
    expect(written.every((row) => row.total === paidCourse.price)).toBe(true);
    const [after] = await shop.database.db
      .select({ seatsLeft: courses.seatsLeft })
      .from(courses)
      .where(eq(courses.id, paidCourse.id));
    expect(after!.seatsLeft).toBe(0);
  });

  it('a double click makes one enrolment, one seat and one order', async () => {
    await shop.database.db.update(courses).set({ seatsLeft: 3 }).where(eq(courses.id, paidCourse.id));
    const student = await signInAs(shop.app, shop.database.db, 820_001);

    const answers = await Promise.all([enrol(student, paidCourse.id), enrol(student, paidCourse.id)]);

    expect(answers.map((response) => response.statusCode)).toEqual([200, 200]);
    const numbers = answers.map((response) => response.json().order.number);
    expect(numbers[0]).toBe(numbers[1]);
    expect(await ordersOf([820_001])).toHaveLength(1);
    const [after] = await shop.database.db
      .select({ seatsLeft: courses.seatsLeft })
      .from(courses)
      .where(eq(courses.id, paidCourse.id));
    expect(after!.seatsLeft).toBe(2);
  });
});
