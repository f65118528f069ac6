"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.APP_CONFIG = exports.ConfigError = void 0;
exports.loadConfig = loadConfig;
const node_path_1 = __importDefault(require("node:path"));
const zod_1 = require("zod");
const throttle_rule_1 = require("../throttle/throttle-rule");
const request_base_url_1 = require("./request-base-url");
const bool = zod_1.z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .transform((v) => v === 'true' || v === '1' || v === 'yes');
const schema = zod_1.z.object({
    NODE_ENV: zod_1.z.enum(['development', 'production', 'test']).default('production'),
    PORT: zod_1.z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: zod_1.z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: zod_1.z.string().url().optional(),
    DATA_DIR: zod_1.z.string().min(1).default('./data'),
    /** Attachments (POST {project}/uploads); default DATA_DIR/uploads. */
    UPLOADS_DIR: zod_1.z.string().min(1).optional(),
    DATABASE_URL: zod_1.z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    REDIS_URL: zod_1.z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
    LOG_LEVEL: zod_1.z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO: bool.default('true'),
    RUN_MIGRATIONS: bool.default('true'),
    SESSION_TTL_HOURS: zod_1.z.coerce.number().int().positive().default(24 * 14),
    OAUTH_TOKEN_TTL_SECONDS: zod_1.z.coerce.number().int().positive().default(7200),
    EVENT_RETENTION_HOURS: zod_1.z.coerce.number().positive().default(24 * 7),
    POLL_INTERVAL_MULTIPLIER: zod_1.z.coerce.number().min(0).default(1),
    TRUST_PROXY: bool.default('false'),
    CLIENT_DIST: zod_1.z.string().optional(),
    NODE_NAME: zod_1.z.string().optional(),
    // Request limits, COUNT/SECONDS or 0 (README, configuration); defaults: Devise lockable, Rack Attack, notes_create
    THROTTLE_FAILED_SIGN_IN_PER_USER: (0, throttle_rule_1.throttleRuleEnv)('10/600'),
    THROTTLE_FAILED_SIGN_IN_PER_IP: (0, throttle_rule_1.throttleRuleEnv)('30/180'),
    THROTTLE_API_WRITES_PER_USER: (0, throttle_rule_1.throttleRuleEnv)('6000/60'),
    THROTTLE_NOTES_PER_USER: (0, throttle_rule_1.throttleRuleEnv)('300/60'),
    METRICS_ALLOWED_IPS: zod_1.z.string().default('127.0.0.0/8,::1/128'),
    /** Outgoing mail (invitations): smtp:// or smtps:// URL; without it mail goes to the outbox table (/-/outbox). */
    SMTP_URL: zod_1.z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
    MAIL_FROM: zod_1.z.string().min(3).default('Tandem <tandem@localhost>'),
    /** /-/outbox lists sent mail to anyone (dev and test); otherwise admins only. Default: on unless NODE_ENV=production. */
    OUTBOX_PUBLIC: bool.optional(),
});
/** Validates the environment once at boot; a bad value stops the process with a clear message. */
function loadConfig(env = process.env) {
    const cleaned = {};
    for (const [k, v] of Object.entries(env))
        if (v !== undefined && v !== '')
            cleaned[k] = v;
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
        dataDir: node_path_1.default.resolve(c.DATA_DIR),
        uploadsDir: node_path_1.default.resolve(c.UPLOADS_DIR ?? node_path_1.default.join(c.DATA_DIR, 'uploads')),
        clientDist: node_path_1.default.resolve(c.CLIENT_DIST ?? node_path_1.default.join(__dirname, '../../../../client/dist')),
        nodeName: c.NODE_NAME ?? `node-${process.pid}`,
    };
    // A getter: read once per URL built, so it follows the request (enumerable, so spreads copy its value)
    Object.defineProperty(config, 'publicUrl', {
        enumerable: true,
        get: () => configured ?? (0, request_base_url_1.currentRequestBaseUrl)() ?? fallback,
    });
    return config;
}
class ConfigError extends Error {
}
exports.ConfigError = ConfigError;
exports.APP_CONFIG = Symbol('APP_CONFIG');
//# sourceMappingURL=config.js.map