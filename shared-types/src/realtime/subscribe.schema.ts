import { z } from 'zod';
import { EPICS_CHANNEL, ISSUES_CHANNEL, MERGE_REQUESTS_CHANNEL } from './protocol';

/** Postgres integer: iids and seqs never exceed it. */
const MAX_INT = 2_147_483_647;
const MAX_PATH = 1024;

/** Every issue of a field carries the one message that names it. */
const says = (message: string) => ({ errorMap: () => ({ message }) });

const PROJECT_PATH = 'project_path is invalid';
const IID = 'iid is invalid';
const AFTER = 'after must be a non-negative integer';

const channel = z.enum([ISSUES_CHANNEL, EPICS_CHANNEL, MERGE_REQUESTS_CHANNEL], says(`channel must be ${ISSUES_CHANNEL}, ${EPICS_CHANNEL} or ${MERGE_REQUESTS_CHANNEL}`));

export const projectPathSchema = z
  .string(says(PROJECT_PATH))
  .max(MAX_PATH, PROJECT_PATH)
  // Postgres text cannot hold NUL: bad input, not a server error
  .refine((p) => p.trim() !== '' && !p.includes('\u0000'), PROJECT_PATH)
  .transform((p) => p.trim().replace(/^\/+|\/+$/g, ''));

/** A number, or its decimal string (GitLab's ActionCable clients send either). */
export const iidSchema = z
  .union([z.number(says(IID)), z.string(says(IID)).regex(/^\d{1,10}$/, IID)], says(IID))
  .transform(Number)
  .pipe(z.number(says(IID)).int(IID).positive(IID).max(MAX_INT, IID));

const after = z
  .number(says(AFTER))
  .int(AFTER)
  .min(0, AFTER)
  .max(MAX_INT, AFTER)
  .nullish()
  .transform((v) => v ?? undefined);

const target = { channel, project_path: projectPathSchema, iid: iidSchema };

/** A socket `subscribe` payload (socket input is validated like HTTP input). */
export const subscribeRequestSchema = z.object({ ...target, after }, says('subscription must be an object'));

/** A socket `unsubscribe` payload. */
export const unsubscribeRequestSchema = z.object(target, says('subscription must be an object'));

export type ValidSubscribeRequest = z.output<typeof subscribeRequestSchema>;
export type ValidUnsubscribeRequest = z.output<typeof unsubscribeRequestSchema>;

const CHANNELS: ReadonlySet<unknown> = new Set([ISSUES_CHANNEL, EPICS_CHANNEL, MERGE_REQUESTS_CHANNEL]);
const IID_TEXT = /^\d{1,10}$/;
const EDGE_SLASHES = /^\/+|\/+$/g;

/**
 * What the schema makes of a plain, valid payload, without zod (a restart brings thousands of
 * subscribes at once, and zod's parse was about 3 % of the node's time); null for anything else,
 * which then goes to the schema for its answer and its message. It only ever accepts what the
 * schema accepts, as the schema outputs it (subscribe-schema.spec.ts compares them).
 */
function plainTarget(raw: unknown, withAfter: boolean): ValidSubscribeRequest | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const { channel, project_path: path, iid, after } = raw as Record<string, unknown>;
  if (!CHANNELS.has(channel) || typeof path !== 'string' || path.length > MAX_PATH || path.includes('\u0000')) return null;
  const trimmed = path.trim();
  if (trimmed === '') return null;
  const n = typeof iid === 'number' ? iid : typeof iid === 'string' && IID_TEXT.test(iid) ? Number(iid) : NaN;
  if (!Number.isInteger(n) || n <= 0 || n > MAX_INT) return null;
  const out: ValidSubscribeRequest = { channel: channel as ValidSubscribeRequest['channel'], project_path: trimmed.replace(EDGE_SLASHES, ''), iid: n };
  if (!withAfter) return out;
  if (after === undefined || after === null) return out;
  if (typeof after !== 'number' || !Number.isInteger(after) || after < 0 || after > MAX_INT) return null;
  return { ...out, after };
}

type Parsed<T> = { success: true; data: T } | { success: false; error: z.ZodError };

/** subscribeRequestSchema.safeParse, with plain valid payloads read without zod. */
export function parseSubscribeRequest(raw: unknown): Parsed<ValidSubscribeRequest> {
  const plain = plainTarget(raw, true);
  return plain ? { success: true, data: plain } : subscribeRequestSchema.safeParse(raw);
}

/** unsubscribeRequestSchema.safeParse, likewise. */
export function parseUnsubscribeRequest(raw: unknown): Parsed<ValidUnsubscribeRequest> {
  const plain = plainTarget(raw, false);
  return plain ? { success: true, data: plain } : unsubscribeRequestSchema.safeParse(raw);
}

/** The first problem of a rejected payload, as the ack's message (it names the field). */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'subscription is invalid';
}
