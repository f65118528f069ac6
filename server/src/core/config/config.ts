import path from 'node:path';
import { z } from 'zod';
import { EMAIL_CONFIRMATION_SETTINGS } from '@tandem/shared-types';
import { throttleRuleEnv } from '../throttle/throttle-rule';
import { currentRequestBaseUrl } from './request-base-url';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /**
   * Connections the kernel holds for the node before it accepts them (listen(2)'s backlog; Linux
   * caps it at net.core.somaxconn). Node's 511 overflows when thousands of sockets reconnect at
   * once after a restart, and every SYN dropped then waits out TCP's 1, 2, 4, 8 s retransmission.
   */
  LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65535).default(8192),
  /**
   * How long an idle keep-alive connection stays open (http.Server#keepAliveTimeout), announced in
   * `Keep-Alive: timeout=N`. Node's 5 s is shorter than the idle time of most clients' pools (a
   * Node agent without a timeout ignores the announcement; load balancers keep 60 s): a client
   * that reuses a connection as the node closes it gets ECONNRESET. Keep it above any proxy's
   * upstream idle timeout.
   */
  HTTP_KEEP_ALIVE_SECONDS: z.coerce.number().int().min(1).max(3600).default(65),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Attachments (POST {project}/uploads); default DATA_DIR/uploads. */
  UPLOADS_DIR: z.string().min(1).optional(),
  /** Bare git repositories of projects (modules/repository); default DATA_DIR/repositories. */
  REPOSITORIES_DIR: z.string().min(1).optional(),
  /** The largest push (its pack) git over HTTP accepts, in MiB (git's receive.maxInputSize); 0 = no limit. */
  GIT_MAX_PUSH_SIZE_MB: z.coerce.number().min(0).max(1_000_000).default(100),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Connections per node to DATABASE_URL's server (not PGlite). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool.default('true'),
  /** With SEED_DEMO: the demo merge requests and their branches too (most of a seeded boot's time). */
  SEED_DEMO_MERGE_REQUESTS: bool.default('true'),
  /**
   * The first administrator (GitLab's GITLAB_ROOT_PASSWORD / GITLAB_ROOT_EMAIL): with a password
   * set, a boot that finds no administrator creates TANDEM_ROOT_USERNAME with it (README, deployment).
   */
  TANDEM_ROOT_PASSWORD: z.string().min(8, 'is too short (minimum is 8 characters)').max(128).optional(),
  TANDEM_ROOT_EMAIL: z.string().regex(/^[^@\s]+@[^@\s]+$/, 'must be an email address').default('admin@example.com'),
  TANDEM_ROOT_USERNAME: z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,254}$/, 'letters, digits, _ . and - only').default('root'),
  RUN_MIGRATIONS: bool.default('true'),
  SESSION_TTL_HOURS: z.coerce.number().int().positive().default(24 * 14),
  OAUTH_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(7200),
  EVENT_RETENTION_HOURS: z.coerce.number().positive().default(24 * 7),
  POLL_INTERVAL_MULTIPLIER: z.coerce.number().min(0).default(1),
  TRUST_PROXY: bool.default('false'),
  /**
   * The token title PUT answered ahead of Express (core/http/fast-route.ts). false sends it
   * through Express and Nest like every other request (same answers, about twice the CPU).
   */
  FAST_ROUTES: bool.default('true'),
  CLIENT_DIST: z.string().optional(),
  NODE_NAME: z.string().optional(),
  // Request limits, COUNT/SECONDS or 0 (README, configuration); defaults: Devise lockable, Rack Attack, notes_create
  THROTTLE_FAILED_SIGN_IN_PER_USER: throttleRuleEnv('10/600'),
  THROTTLE_FAILED_SIGN_IN_PER_IP: throttleRuleEnv('30/180'),
  THROTTLE_API_WRITES_PER_USER: throttleRuleEnv('6000/60'),
  /** Error-tracking events accepted per client key (Sentry's per-key rate limit): past it 429 with Retry-After. */
  THROTTLE_ERROR_EVENTS_PER_KEY: throttleRuleEnv('6000/60'),
  /** Error-tracking events older than this are pruned (the newest event of each error is always kept). */
  /** Connections per node that error ingest writes on: its own pool beside DATABASE_POOL_SIZE, so it never takes issue writes' (not PGlite). */
  ERROR_INGEST_CONNECTIONS: z.coerce.number().int().min(1).max(8).default(1),
  ERROR_EVENT_RETENTION_DAYS: z.coerce.number().positive().default(90),
  THROTTLE_NOTES_PER_USER: throttleRuleEnv('300/60'),
  /** "Forgot your password?" requests per address asked for (known or not) and per client address. */
  THROTTLE_PASSWORD_RESET_PER_EMAIL: throttleRuleEnv('5/3600'),
  THROTTLE_PASSWORD_RESET_PER_IP: throttleRuleEnv('20/3600'),
  /** How long a mailed password-reset link works (Devise's reset_password_within; its default, 6 h). */
  PASSWORD_RESET_TTL_HOURS: z.coerce.number().positive().max(24 * 30).default(6),
  // Sign-ups and confirmation resends per client address; GitLab's protected-paths default (10 per minute)
  THROTTLE_SIGN_UP_PER_IP: throttleRuleEnv('10/60'),
  /** GitLab's email_confirmation_setting: off | soft | hard (README, configuration). */
  EMAIL_CONFIRMATION: z.enum(EMAIL_CONFIRMATION_SETTINGS).default('off'),
  METRICS_ALLOWED_IPS: z.string().default('127.0.0.0/8,::1/128'),
  /** Outgoing mail (invitations): smtp:// or smtps:// URL; without it mail goes to the outbox table (/-/outbox). */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('Tandem <tandem@localhost>'),
  /** Mail SMTP refused is retried after this many seconds, doubling each time (at most 1 h apart). */
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().positive().default(60),
  /** Tries (the first send included) before a message is marked failed in the outbox. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /** Every node looks for due background jobs (core/jobs) this often; 0: only when this node wrote one. */
  JOBS_POLL_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** After a commit that wrote jobs, this node runs them this much later (its response goes out first). */
  JOBS_KICK_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(25),
  /** /-/outbox lists sent mail to anyone (dev and test); otherwise admins only. Default: on unless NODE_ENV=production. */
  OUTBOX_PUBLIC: bool.optional(),
  /**
   * The spam check on issue create/update and comments (modules/spam/spam-rules.ts): a write
   * whose text has a listed word, more than SPAM_MAX_LINKS links, or (from an account younger
   * than SPAM_NEW_ACCOUNT_DAYS) more than SPAM_NEW_ACCOUNT_MAX_LINKS links needs a captcha.
   */
  SPAM_CHECK: bool.default('true'),
  SPAM_WORDS: z.string().default('casino bonus,free money,viagra,crypto giveaway,payday loan'),
  SPAM_MAX_LINKS: z.coerce.number().int().min(0).default(20),
  SPAM_NEW_ACCOUNT_DAYS: z.coerce.number().min(0).default(3),
  SPAM_NEW_ACCOUNT_MAX_LINKS: z.coerce.number().int().min(0).default(8),
  /** How long a captcha challenge may be solved and sent (seconds). */
  CAPTCHA_TTL_SECONDS: z.coerce.number().int().positive().default(600),
  /** The public name of this server's captcha, answered as captcha_site_key. */
  CAPTCHA_SITE_KEY: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and - only').default('tandem-altcha'),
  /** Incident metric images (the Metrics tab and .../metric_images): on unless set to false. */
  METRIC_IMAGES: bool.default('true'),
  /**
   * Incoming mail (GitLab's incoming_email.address): an address with `%{key}` in it, e.g.
   * incoming+%{key}@example.com. Set, the issue sidebar shows each user their "Issue email",
   * and mail delivered to it becomes their comment (POST /api/v4/internal/mail_room/incoming_email).
   */
  INCOMING_EMAIL_ADDRESS: z
    .string()
    .refine((v) => v.includes('%{key}') && /^[^@\s]+@[^@\s]+$/.test(v), 'must be an email address with %{key} in it (incoming+%{key}@example.com)')
    .optional(),
  /** The shared secret mail_room signs its requests with (header Gitlab-Mailroom-Api-Request, a JWT HS256). */
  INCOMING_EMAIL_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Feature flags that are on, comma-separated (GitLab's names: cveIdRequestButton). */
  FEATURE_FLAGS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((f) => f.trim()).filter(Boolean)),
  /** The security-advisory project (full path) where CVE ID requests are opened as confidential issues. */
  CVE_REQUEST_PROJECT: z.string().regex(/^[\w.-]+(\/[\w.-]+)+$/, 'must be a project full path (group/project)').optional(),
});

export type AppConfig = z.infer<typeof schema> & {
  /**
   * Base of every absolute URL Tandem returns: PUBLIC_URL when set; otherwise the scheme and host
   * the current request came in on (request-base-url.ts), and http://localhost:PORT outside one.
   */
  readonly publicUrl: string;
  dataDir: string;
  uploadsDir: string;
  repositoriesDir: string;
  clientDist: string;
  nodeName: string;
};

/** Validates the environment once at boot; a bad value stops the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v !== '') cleaned[k] = v;
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const configured = c.PUBLIC_URL?.replace(/\/$/, '');
  const fallback = `http://localhost:${c.PORT}`;
  const config = {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    uploadsDir: path.resolve(c.UPLOADS_DIR ?? path.join(c.DATA_DIR, 'uploads')),
    repositoriesDir: path.resolve(c.REPOSITORIES_DIR ?? path.join(c.DATA_DIR, 'repositories')),
    clientDist: path.resolve(c.CLIENT_DIST ?? path.join(__dirname, '../../../../client/dist')),
    nodeName: c.NODE_NAME ?? `node-${process.pid}`,
  };
  // A getter: read once per URL built, so it follows the request (enumerable, so spreads copy its value)
  Object.defineProperty(config, 'publicUrl', {
    enumerable: true,
    get: () => configured ?? currentRequestBaseUrl() ?? fallback,
  });
  return config as AppConfig;
}

export class ConfigError extends Error {}

export const APP_CONFIG = Symbol('APP_CONFIG');
