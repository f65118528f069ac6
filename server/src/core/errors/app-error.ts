import { ERRORS, type ErrorCode } from '@tandem/shared-types';

/** Modules throw by catalogue code; the filters map it to REST and GraphQL answers. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    /** Overrides the catalogue text (e.g. a field-keyed validation object). */
    readonly body?: unknown,
  ) {
    super(typeof body === 'string' ? body : ERRORS[code].message);
    this.status = ERRORS[code].status;
  }

  /** Extra response headers (e.g. Retry-After on a 429); none by default. */
  headers?(): Record<string, string>;
}

/** 400 with GitLab's validation shape: {"message": {"title": ["can't be blank"]}}. */
export class ValidationError extends AppError {
  constructor(readonly fields: Record<string, string[]>) {
    super('VALIDATION', fields);
    this.message = Object.entries(fields)
      .map(([f, msgs]) => `${f} ${msgs.join(', ')}`)
      .join('; ');
  }
}

export const fail = (code: ErrorCode, body?: unknown): never => {
  throw new AppError(code, body);
};
