/**
 * The captcha retry flow (spec issue-page §7): a write the spam check flags is refused with
 * `needs_captcha_response`, the site key and the spam log id; the client shows the challenge
 * and sends the SAME request again with `captcha_response` and `spam_log_id` added (REST and
 * page bodies) or in the headers below (GraphQL, as GitLab's web client sends them).
 */
export interface NeedsCaptchaResponse {
  needs_captcha_response: true;
  spam_log_id: number;
  captcha_site_key: string;
  message?: unknown;
}

/** The two values a retry carries. */
export interface CaptchaAnswer {
  captcha_response: string;
  spam_log_id: number;
}

export const CAPTCHA_HEADERS = {
  response: 'X-GitLab-Captcha-Response',
  spamLogId: 'X-GitLab-Spam-Log-Id',
} as const;

/** The self-hosted challenge (ALTCHA proof of work) for one spam log, under the site key. */
export const captchaChallengePath = (siteKey: string, spamLogId: number) =>
  `/-/captcha/challenge?site_key=${encodeURIComponent(siteKey)}&spam_log_id=${spamLogId}`;

export const SPAM_TEXTS = {
  /** GitLab's SpamConstants text, with Tandem's own captcha instead of reCAPTCHA. */
  recognizedAsSpam: (entity: string) => `Your ${entity} has been recognized as spam. Please, change the content or solve the CAPTCHA to proceed.`,
  /** GraphQL's error message (GitLab's NeedsCaptchaResponseError). */
  graphqlNeedsCaptcha: 'Request denied. Solve CAPTCHA challenge and retry',
  captchaInvalid: 'The CAPTCHA was not solved, has expired or was already used. Solve a new one and try again.',
  modalTitle: 'Please solve the CAPTCHA',
  modalBody: 'We want to be sure it is you, please confirm you are not a robot.',
  modalSubmit: 'Submit',
  modalCancel: 'Cancel',
  challengeFailed: 'The CAPTCHA could not be loaded. Try again.',
} as const;

/** True for a 409/200 answer that asks for a captcha. */
export function needsCaptcha(body: unknown): body is NeedsCaptchaResponse {
  return typeof body === 'object' && body !== null && (body as { needs_captcha_response?: unknown }).needs_captcha_response === true && typeof (body as { spam_log_id?: unknown }).spam_log_id === 'number';
}
