// The school module's public face (decisions 051, 061): what the rest of the server may use of it. Nothing else
// in this folder is imported from outside it (schema.ts, the seed and test helpers read its *.table.ts).

export {
  activateEnrolment,
  type CourseRow,
  type EnrolmentRow,
  findCourseById,
  findEnrolment,
  insertEnrolment,
  linkEnrolmentOrder,
  listEnrolments,
  takeSeat,
} from './school.repo.ts';
export { diplomaStorageDir, registerSchoolAdminRoutes, registerSchoolRoutes } from './school.routes.ts';
export {
  createSchoolService,
  enrolmentStatus,
  type SchoolService,
} from './school.service.ts';
export { courses } from './school.table.ts';
