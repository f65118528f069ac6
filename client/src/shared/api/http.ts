import { CSRF_HEADER } from '@tandem/shared-types';
import { csrfTokenAtom } from '../../features/session/sessionAtoms';
import { appStore } from '../store';
import { withCaptchaRetry } from '../captcha/captchaRequests';

export interface JsonResponse<T> {
  status: number;
  ok: boolean;
  headers: Headers;
  data: T;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** false: a captcha answer is not retried here (GraphQL retries with headers itself). */
  captchaRetry?: boolean;
}

/**
 * fetch for the app's own JSON endpoints: same-origin cookies, the CSRF header on writes.
 * HTTP errors resolve (callers branch on status); only network failures reject.
 */
export async function requestJson<T>(url: string, opts: RequestOptions = {}): Promise<JsonResponse<T>> {
  const method = opts.method ?? 'GET';
  // A write the spam check flags is sent again, the same, with the solved captcha (captchaRequests.ts)
  const body = opts.body;
  if (opts.captchaRetry !== false && (method === 'POST' || method === 'PUT' || method === 'PATCH') && body !== null && typeof body === 'object' && !Array.isArray(body)) {
    return withCaptchaRetry((answer) => send<T>(url, method, { ...opts, body: answer ? { ...body, ...answer } : body }));
  }
  return send<T>(url, method, opts);
}

async function send<T>(url: string, method: NonNullable<RequestOptions['method']>, opts: RequestOptions): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const csrf = appStore.get(csrfTokenAtom);
  if (method !== 'GET' && csrf) headers[CSRF_HEADER] = csrf;
  const res = await fetch(url, {
    method,
    headers,
    credentials: 'same-origin',
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal,
  });
  const type = res.headers.get('content-type') ?? '';
  let data: unknown = null;
  if (type.includes('json')) data = await res.json().catch(() => null);
  return { status: res.status, ok: res.ok, headers: res.headers, data: data as T };
}

/** Turns any of the server's error bodies into one readable sentence. */
export function errorText(data: unknown, fallback: string): string {
  if (!data || typeof data !== 'object') return fallback;
  const d = data as { message?: unknown; errors?: unknown; error?: unknown; error_description?: unknown };
  if (Array.isArray(d.errors) && d.errors.length) return d.errors.map(String).join(' ');
  if (typeof d.message === 'string') return d.message;
  // GitLab's spam answer: {"message": {"error": "Your issue has been recognized as spam..."}}
  if (d.message && typeof d.message === 'object' && typeof (d.message as { error?: unknown }).error === 'string') return (d.message as { error: string }).error;
  if (d.message && typeof d.message === 'object') {
    return Object.entries(d.message as Record<string, unknown>)
      .map(([field, msgs]) => `${field.replace(/_/g, ' ')} ${Array.isArray(msgs) ? msgs.join(', ') : String(msgs)}`)
      .join('; ');
  }
  if (typeof d.error_description === 'string') return d.error_description;
  if (typeof d.error === 'string') return d.error;
  return fallback;
}

/** GitLab's :id path parameter: a numeric id or the URL-encoded full path. */
export const projectApiPath = (projectPath: string) => `/api/v4/projects/${encodeURIComponent(projectPath)}`;
