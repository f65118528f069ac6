import { z } from 'zod';
import { LIMITS } from './constants';
import { VALIDATION } from './errors';
import { PASSWORD_MAX_LENGTH } from './schemas/sign-in.schema';

/**
 * Sign-up (POST /users) and e-mail confirmation, in GitLab's rules and words: which usernames
 * may be taken, the form's schema, and the confirmation setting (GitLab's
 * email_confirmation_setting). The form and the server check with the same code.
 */

/**
 * GitLab's Gitlab::PathRegex::TOP_LEVEL_ROUTES: a user or group with one of these names would
 * have its profile URL (/{name}) masked by the route of the same name.
 */
export const GITLAB_TOP_LEVEL_ROUTES = [
  '-', '.well-known', '404.html', '422.html', '500.html', '502.html', '503.html', 'admin', 'api',
  'apple-touch-icon.png', 'assets', 'dashboard', 'deploy.html', 'explore', 'favicon.ico', 'favicon.png',
  'files', 'groups', 'health_check', 'help', 'import', 'jwt', 'login', 'oauth', 'profile', 'projects',
  'public', 'robots.txt', 's', 'search', 'sitemap', 'sitemap.xml', 'sitemap.xml.gz', 'slash-command-logo.png',
  'snippets', 'unsubscribes', 'uploads', 'users', 'v2',
] as const;

/**
 * Tandem's own first path segments that GitLab's list lacks: the Socket.IO endpoint and the
 * client's icon and document (client/src/App.tsx and server routes are otherwise covered above:
 * /users, /-, /dashboard, /admin, /help, /groups, /api, /oauth, /assets).
 */
export const TANDEM_TOP_LEVEL_ROUTES = ['socket.io', 'favicon.svg', 'index.html'] as const;

/** GitLab's internal users (Users::Internal: the ghost user and the bots); nobody may register as one. */
export const SYSTEM_USERNAMES = ['ghost', 'support-bot', 'alert-bot', 'visual-review-bot', 'security-bot', 'automation-bot', 'migration-bot', 'admin-bot'] as const;

/**
 * GitLab refuses usernames ending in a file extension Rails serves a format for
 * (Mime::EXTENSION_LOOKUP): /{user}.json would be read as a format, not a profile.
 */
export const RESERVED_USERNAME_EXTENSIONS = [
  'html', 'htm', 'xhtml', 'text', 'txt', 'js', 'css', 'ics', 'csv', 'vcf', 'vtt', 'png', 'jpeg', 'jpg', 'jpe', 'pjpeg',
  'gif', 'bmp', 'tiff', 'tif', 'svg', 'mpeg', 'mp3', 'ogg', 'oga', 'm4a', 'webm', 'mp4', 'otf', 'ttf', 'woff', 'woff2',
  'xml', 'rss', 'atom', 'yaml', 'json', 'pdf', 'zip', 'gzip', 'gz', 'ico', 'patch', 'diff',
] as const;

const RESERVED = new Set<string>([...GITLAB_TOP_LEVEL_ROUTES, ...TANDEM_TOP_LEVEL_ROUTES, ...SYSTEM_USERNAMES]);

/** A top-level route or a system user's name, in any case ("API", "Ghost"). */
export function isReservedUsername(username: string): boolean {
  return RESERVED.has(username.trim().toLowerCase());
}

/**
 * GitLab's namespace path format for a username: letters, digits, '_', '-' and '.'; starting
 * with a letter, digit or '_'; not ending in '.', '.git' or '.atom'.
 */
export const USERNAME_PATTERN = /^[a-zA-Z0-9_](?:[a-zA-Z0-9_.-]*[a-zA-Z0-9_-])?$/;

export const SIGN_UP_TEXTS = {
  title: 'Register for Tandem',
  username: 'Username',
  name: 'Full name',
  email: 'Email',
  password: 'Password',
  passwordHint: `Minimum length is ${8} characters.`,
  submit: 'Register',
  haveAccount: 'Already have an account?',
  signIn: 'Sign in',
  /** Field messages; the form prefixes the field's label ("Username has already been taken"). */
  usernameTaken: 'has already been taken',
  emailTaken: 'has already been taken',
  usernameReserved: 'is a reserved name',
  usernameFormat: "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-' or end in '.', '.git' or '.atom'.",
  usernameExtension: 'ending with a reserved file extension is not allowed.',
} as const;

/** The first problem with a username's form (null: none); uniqueness is the server's to check. */
export function usernameProblem(username: string): string | null {
  const u = username.trim();
  const lower = u.toLowerCase();
  if (!USERNAME_PATTERN.test(u) || lower.endsWith('.git') || lower.endsWith('.atom')) return SIGN_UP_TEXTS.usernameFormat;
  if (isReservedUsername(u)) return SIGN_UP_TEXTS.usernameReserved;
  const dot = lower.lastIndexOf('.');
  if (dot > 0 && (RESERVED_USERNAME_EXTENSIONS as readonly string[]).includes(lower.slice(dot + 1))) return SIGN_UP_TEXTS.usernameExtension;
  return null;
}

export const PASSWORD_MIN_LENGTH = 8;

/** POST /users (the sign-up form): the same checks in the form and on the server. */
export const signUpSchema = z.object({
  username: z
    .string({ required_error: VALIDATION.required })
    .trim()
    .min(1, VALIDATION.required)
    .max(LIMITS.usernameMaxLength, VALIDATION.tooLong(LIMITS.usernameMaxLength))
    .superRefine((u, ctx) => {
      const problem = usernameProblem(u);
      if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    }),
  name: z.string({ required_error: VALIDATION.required }).trim().min(1, VALIDATION.required).max(255, VALIDATION.tooLong(255)),
  email: z.string({ required_error: VALIDATION.required }).trim().min(1, VALIDATION.required).max(255, VALIDATION.tooLong(255)).email('is invalid'),
  password: z
    .string({ required_error: VALIDATION.required })
    .min(PASSWORD_MIN_LENGTH, `is too short (minimum is ${PASSWORD_MIN_LENGTH} characters)`)
    .max(PASSWORD_MAX_LENGTH, VALIDATION.tooLong(PASSWORD_MAX_LENGTH)),
  /** The invitation link's token, when the user came from one. */
  invite_token: z.string().max(64).optional(),
});
export type SignUpInput = z.output<typeof signUpSchema>;

/** Field errors of a zod failure, GitLab's {field: [messages]} shape. */
export function formFieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? 'base');
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/**
 * GitLab's email_confirmation_setting: off (accounts are confirmed at sign-up), soft (a new
 * account may sign in for a grace period, then must confirm), hard (no sign-in, no token,
 * until the address is confirmed). Set by EMAIL_CONFIRMATION (README, configuration).
 */
export const EMAIL_CONFIRMATION_SETTINGS = ['off', 'soft', 'hard'] as const;
export type EmailConfirmationSetting = (typeof EMAIL_CONFIRMATION_SETTINGS)[number];

export const EMAIL_CONFIRMATION = {
  /** Soft: how long after sign-up an unconfirmed account may be used (GitLab's allow_unconfirmed_access_for). */
  softGraceDays: 3,
  /** How long a confirmation link works (GitLab's confirm_within: one day). */
  tokenLifetimeHours: 24,
  /** The mailed link: GET {base}/users/confirmation?confirmation_token={token}. */
  linkPath: '/users/confirmation',
  /** The landing page: the outcome of a link, and the resend form (GitLab's /users/confirmation/new). */
  pagePath: '/users/confirmation/new',
} as const;

/** The outcome of a confirmation link, shown on the landing page (`?status=`). */
export const CONFIRMATION_OUTCOMES = ['confirmed', 'invalid', 'expired'] as const;
export type ConfirmationOutcome = (typeof CONFIRMATION_OUTCOMES)[number];

/** Devise's and GitLab's words for confirmation (config/locales/devise.en.yml). */
export const CONFIRMATION_TEXTS = {
  /** Sign-in (form and /oauth/token) of an account that must confirm first. */
  unconfirmed: 'You have to confirm your email address before continuing.',
  confirmed: 'Your email address has been successfully confirmed.',
  invalidToken: 'Confirmation token is invalid',
  expiredToken: `Email needs to be confirmed within ${EMAIL_CONFIRMATION.tokenLifetimeHours / 24} day, please request a new one`,
  /** The answer to a resend, whether or not the address belongs to an unconfirmed account. */
  sendParanoid: 'If your email address exists in our database, you will receive an email with instructions for how to confirm your email address in a few minutes.',
  almostThereTitle: 'Almost there...',
  almostThere: (email: string) => `Please check your email (${email}) to confirm your account.`,
  /** Soft: the notice every page shows until the address is confirmed. */
  softNotice: (email: string) => `Please check your email (${email}) to verify that you own this address.`,
  softDeadline: (date: string) => `Without confirming, you can use Tandem until ${date}.`,
  didNotReceive: "Didn't receive it?",
  resend: 'Resend confirmation email',
  resendTitle: 'Resend confirmation instructions',
  continue: 'Continue',
  mailSubject: 'Confirmation instructions',
  mailBody: (name: string, email: string, link: string) =>
    `Welcome, ${name}!\n\nYou can confirm your email (${email}) through the link below:\n\n${link}\n\n` +
    `The link works once and expires in ${EMAIL_CONFIRMATION.tokenLifetimeHours} hours. If you did not register for Tandem, ignore this email.\n`,
} as const;

/** POST /users/confirmation: send the link again. GitLab's form posts user[email]; a bare email works too. */
export const resendConfirmationSchema = z
  .object({
    email: z.string().trim().max(255, VALIDATION.tooLong(255)).optional(),
    user: z.object({ email: z.string().trim().max(255, VALIDATION.tooLong(255)).optional() }).optional(),
  })
  .transform((v) => ({ email: v.email ?? v.user?.email ?? '' }))
  .pipe(z.object({ email: z.string().min(1, VALIDATION.required).email('is invalid') }));

/** The answer of POST /users: the session (none while confirmation is required) and where to go. */
export interface SignUpResponse {
  user: import('./api').CurrentUser;
  /** null when no session was made (hard confirmation: sign in after confirming). */
  csrf_token: string | null;
  /** The project the invitation joined, when the sign-up came from one. */
  joined: string | null;
  email_confirmation: EmailConfirmationSetting;
}

/** PageData.emailConfirmation: the signed-in user has yet to confirm (soft), and until when they may. */
export interface EmailConfirmationNotice {
  email: string;
  access_until: string;
}
