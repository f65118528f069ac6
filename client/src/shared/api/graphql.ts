import { CAPTCHA_HEADERS, needsCaptcha } from '@tandem/shared-types';
import { solveCaptcha } from '../captcha/captchaRequests';
import { requestJson } from './http';

export class GraphqlError extends Error {}

type Answer = { data?: unknown; errors?: Array<{ message: string; extensions?: unknown }> };

/**
 * One GraphQL operation against /api/graphql; transport and top-level errors reject. A mutation
 * the spam check flags (needs_captcha_response in the error's extensions) is sent again, the
 * same, with the solved captcha in GitLab's X-GitLab-Captcha-Response / X-GitLab-Spam-Log-Id headers.
 */
export async function graphqlRequest<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const run = (headers?: Record<string, string>) => requestJson<Answer>('/api/graphql', { method: 'POST', body: { query, variables }, headers, captchaRetry: false });
  let res = await run();
  const flagged = res.data?.errors?.map((e) => e.extensions).find(needsCaptcha);
  if (flagged) {
    const answer = await solveCaptcha(flagged);
    if (answer) res = await run({ [CAPTCHA_HEADERS.response]: answer.captcha_response, [CAPTCHA_HEADERS.spamLogId]: String(answer.spam_log_id) });
  }
  if (res.data?.errors?.length) throw new GraphqlError(res.data.errors.map((e) => e.message).join('. '));
  if (!res.ok || !res.data?.data) throw new GraphqlError(`HTTP ${res.status}`);
  return res.data.data as T;
}
