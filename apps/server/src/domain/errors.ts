import type { ErrorCode } from '@radar/shared';

/** A failure the API answers with its own code (spec §8) and HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly data?: unknown,
    message?: string,
  ) {
    super(message ?? code);
    this.name = 'AppError';
  }
}

export const notFound = (data?: unknown) => new AppError('NOT_FOUND', 404, data);
export const unauthorized = () => new AppError('UNAUTHORIZED', 401);
