// One transaction whose refusals reach the caller as they were thrown: an AppError (a 409, a 422) raised inside
// rolls everything back and comes out unchanged, not wrapped by the driver. Shared by the school and the course
// enrolment flow (decision 061).
import { AppError } from '../lib/app-error.ts';
import type { Database } from './client.ts';

class Refused extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
  }
}

/** Runs `work` in a transaction; an AppError thrown inside rolls it back and reaches the caller as is. */
export async function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
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
