import { ISSUES_CHANNEL } from '@tandem/shared-types';

export interface ValidSubscribe {
  project_path: string;
  iid: number;
  after?: number;
}

const MAX_PATH = 1024;
const MAX_INT = 2_147_483_647;

function parseIid(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= MAX_INT ? n : null;
}

function base(raw: unknown): ValidSubscribe | string {
  if (!raw || typeof raw !== 'object') return 'subscription must be an object';
  const r = raw as Record<string, unknown>;
  if (r.channel !== ISSUES_CHANNEL) return `channel must be ${ISSUES_CHANNEL}`;
  if (typeof r.project_path !== 'string' || !r.project_path.trim() || r.project_path.length > MAX_PATH || r.project_path.includes('\u0000')) return 'project_path is invalid';
  const iid = parseIid(r.iid);
  if (iid === null) return 'iid is invalid';
  return { project_path: r.project_path.trim().replace(/^\/+|\/+$/g, ''), iid };
}

/** Validates a socket `subscribe` payload (socket input is validated like HTTP input). */
export function parseSubscribe(raw: unknown): { value: ValidSubscribe } | { error: string } {
  const b = base(raw);
  if (typeof b === 'string') return { error: b };
  const after = (raw as Record<string, unknown>).after;
  if (after !== undefined && after !== null) {
    if (typeof after !== 'number' || !Number.isInteger(after) || after < 0 || after > MAX_INT) return { error: 'after must be a non-negative integer' };
    b.after = after;
  }
  return { value: b };
}

export function parseUnsubscribe(raw: unknown): ValidSubscribe | null {
  const b = base(raw);
  return typeof b === 'string' ? null : b;
}

