import { z } from 'zod';
import { VALIDATION } from './errors';
import { PASSWORD_MAX_LENGTH } from './schemas/sign-in.schema';
import { PASSWORD_MIN_LENGTH } from './registration';

/**
 * "Forgot your password?" as Devise's recoverable module (GitLab's): the request page, the
 * mail with a single-use link, the page that sets the new password. The texts are Devise's.
 */
export const PASSWORD_RESET_PATHS = {
  /** The page with the email field (GET). */
  request: '/users/password/new',
  /** The page the mailed link opens, with `?reset_password_token=`. */
  edit: '/users/password/edit',
  /** POST asks for the mail, PUT sets the new password. */
  api: '/users/password',
} as const;

export const PASSWORD_RESET_TEXTS = {
  forgotLink: 'Forgot your password?',
  requestTitle: 'Reset your password',
  requestIntro: "Enter your email address and we'll send you a link to reset your password.",
  email: 'Email',
  requestSubmit: 'Reset password',
  /** The answer to every request, whether or not the address belongs to an account (Devise's paranoid text). */
  requestSent: 'If your email address exists in our database, you will receive a password recovery link at your email address in a few minutes.',
  backToSignIn: 'Return to sign in',
  editTitle: 'Change your password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  editSubmit: 'Change your password',
  /** The sign-in page's notice after a reset. */
  changed: 'Your password has been changed successfully.',
  /** The edit page opened without a token. */
  noToken: "You can't access this page without coming from a password reset email. If you do come from a password reset email, please make sure you used the full URL provided.",
  mailSubject: 'Reset password instructions',
  tokenInvalid: 'is invalid',
  tokenExpired: 'has expired, please request a new one',
  confirmationMismatch: "doesn't match Password",
  tooShort: `is too short (minimum is ${PASSWORD_MIN_LENGTH} characters)`,
} as const;

/** The mail's text: the link, how long it works, and what to do when the request was not yours. */
export function passwordResetMailText(name: string, link: string, validHours: number): string {
  return [
    `Hello, ${name}!`,
    '',
    'Someone, hopefully you, has requested to reset the password for your Tandem account.',
    'If you did not perform this request, you can safely ignore this email; your password stays as it is.',
    '',
    'Otherwise, open the link below to choose a new password:',
    '',
    link,
    '',
    `The link works once, for ${validHours === 1 ? '1 hour' : `${validHours} hours`}; a newer request replaces it.`,
  ].join('\n');
}

/** POST /users/password: the address to send the link to (`user[email]` is accepted as GitLab's form sends it). */
export const passwordResetRequestSchema = z
  .object({
    email: z.string().optional(),
    user: z.object({ email: z.string().optional() }).optional(),
  })
  .transform((b) => ({ email: (b.email ?? b.user?.email ?? '').trim() }))
  .pipe(z.object({ email: z.string().min(1, VALIDATION.required).max(255, VALIDATION.tooLong(255)) }));

export type PasswordResetRequestInput = z.output<typeof passwordResetRequestSchema>;

/** PUT /users/password: the mailed token and the new password twice, checked like the sign-up form's. */
export const passwordResetSchema = z
  .object({
    reset_password_token: z.string({ required_error: VALIDATION.required }).min(1, VALIDATION.required).max(255, VALIDATION.tooLong(255)),
    password: z
      .string({ required_error: VALIDATION.required })
      .min(1, VALIDATION.required)
      .min(PASSWORD_MIN_LENGTH, PASSWORD_RESET_TEXTS.tooShort)
      .max(PASSWORD_MAX_LENGTH, VALIDATION.tooLong(PASSWORD_MAX_LENGTH)),
    password_confirmation: z.string({ required_error: VALIDATION.required }).max(PASSWORD_MAX_LENGTH, VALIDATION.tooLong(PASSWORD_MAX_LENGTH)),
  })
  .superRefine((b, ctx) => {
    if (b.password !== b.password_confirmation) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['password_confirmation'], message: PASSWORD_RESET_TEXTS.confirmationMismatch });
  });

export type PasswordResetInput = z.output<typeof passwordResetSchema>;
