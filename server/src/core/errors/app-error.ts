import { ERRORS, SPAM_TEXTS, type ErrorCode } from '@tandem/shared-types';

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

  /** A whole REST body instead of {"message": ...} (the captcha answer); GraphQL error extensions alike. */
  responseBody?(): Record<string, unknown>;
}

/**
 * The spam check flagged the write (nothing was written): REST answers 409 with GitLab's
 * `needs_captcha_response`, `spam_log_id` and `captcha_site_key`; GraphQL the same in the
 * error's extensions. The client solves the challenge and sends the same request again.
 */
export class NeedsCaptchaError extends AppError {
  constructor(
    readonly spamLogId: number,
    readonly captchaSiteKey: string,
    readonly entity: string,
  ) {
    super('SPAM_NEEDS_CAPTCHA', SPAM_TEXTS.recognizedAsSpam(entity));
  }

  override responseBody(): Record<string, unknown> {
    return { message: { error: this.message }, needs_captcha_response: true, spam_log_id: this.spamLogId, captcha_site_key: this.captchaSiteKey };
  }
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
