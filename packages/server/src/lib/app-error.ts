// The one error type services throw; the error handler turns it into a Laravel-style body (spec §8).
import type { ErrorAnswer, FieldErrors } from '@efir/domain/error-wire';
import { MESSAGES, type TokenError } from '@efir/domain/http-contract';

export type { FieldErrors };

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Omit<ErrorAnswer, 'message'> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The response body: `message` plus whatever the case adds (errors, error, title, hydr). */
  toBody(): ErrorAnswer {
    return { message: this.message, ...this.extra };
  }
}

export function invalidData(errors: FieldErrors): AppError {
  return new AppError(422, MESSAGES.invalidData, { errors });
}

export function notFound(message: string = MESSAGES.notFound): AppError {
  return new AppError(404, message);
}

export function forbidden(): AppError {
  return new AppError(403, MESSAGES.forbidden);
}

export function unauthenticated(error: TokenError = 'UNAUTHENTICATED'): AppError {
  return new AppError(401, MESSAGES.unauthenticated, { error });
}

export function badRequest(title: string): AppError {
  return new AppError(400, MESSAGES.badRequest, { title });
}

export function conflict(message: string, errors?: FieldErrors): AppError {
  return new AppError(409, message, errors ? { errors } : {});
}
