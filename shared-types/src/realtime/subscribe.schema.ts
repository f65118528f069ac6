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

/** The first problem of a rejected payload, as the ack's message (it names the field). */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'subscription is invalid';
}
