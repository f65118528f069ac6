import { SIGN_IN_PATH, signInPath } from '@tandem/shared-types';
import { requestJson } from '../../shared/api/http';

/** Ends the session (the CSRF header is required) and reloads as a visitor. */
export async function signOut(): Promise<void> {
  await requestJson('/users/sign_out', { method: 'POST' }).catch(() => null);
  window.location.assign(SIGN_IN_PATH);
}

/** The sign-in URL that brings the user back here afterwards. */
export function signInHref(returnTo: string = window.location.pathname + window.location.search): string {
  return signInPath(returnTo);
}
