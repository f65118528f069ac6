import type { Request } from 'express';
import type { Actor } from '../policy/policy';

export type AuthMethod = 'session' | 'personal_access_token' | 'oauth' | 'none';

/** What the auth middleware attaches to every request. */
export interface RequestAuth {
  actor: Actor | null;
  method: AuthMethod;
  sessionId: string | null;
  csrfToken: string | null;
}

export type AuthedRequest = Request & { auth: RequestAuth };

export function authOf(req: Request): RequestAuth {
  return (req as AuthedRequest).auth ?? { actor: null, method: 'none', sessionId: null, csrfToken: null };
}
