import { useCallback, useState } from 'react';
import { DISCUSSION_LIMITS } from '@tandem/shared-types';

/** How a dismissal is kept (GitLab's UserCallout): 365 days unless for this session only; optionally under one project's path. */
export interface CalloutOptions {
  /** Dismissed until the browser session ends (a cookie without an expiry). */
  sessionOnly?: boolean;
  /** Kept for this project only ('group/project'): the cookie's path is the project's. */
  projectPath?: string;
}

const VALID_ID = /^[a-z0-9_]+$/;

/** The cookie that says a callout was dismissed (one per callout id). */
export const calloutCookieName = (id: string) => `callout_${id}_dismissed`;

function checkId(id: string): void {
  if (!VALID_ID.test(id)) throw new Error(`callout id '${id}' is not [a-z0-9_]+`);
}

/** Whether the callout is dismissed here (a project-scoped dismissal is only seen under that project's path). */
export function isCalloutDismissed(id: string): boolean {
  checkId(id);
  const name = calloutCookieName(id);
  return document.cookie.split('; ').some((c) => c === `${name}=true`);
}

/** Remembers the dismissal in a cookie: 365 days (spec), or the session; at `/`, or under the project's path. */
export function dismissCallout(id: string, { sessionOnly, projectPath }: CalloutOptions = {}): void {
  checkId(id);
  const path = projectPath ? `/${encodeURI(projectPath.replace(/^\/+|\/+$/g, ''))}` : '/';
  const maxAge = sessionOnly ? '' : `; max-age=${DISCUSSION_LIMITS.calloutDismissalDays * 24 * 60 * 60}`;
  document.cookie = `${calloutCookieName(id)}=true${maxAge}; path=${path}; samesite=lax`;
}

/** A callout's dismissed state and its dismiss action. */
export function useCalloutDismissal(id: string, options: CalloutOptions = {}): [boolean, () => void] {
  const [dismissed, setDismissed] = useState(() => isCalloutDismissed(id));
  const { sessionOnly, projectPath } = options;
  const dismiss = useCallback(() => {
    dismissCallout(id, { sessionOnly, projectPath });
    setDismissed(true);
  }, [id, sessionOnly, projectPath]);
  return [dismissed, dismiss];
}
