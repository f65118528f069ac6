import { requestJson } from '../../shared/api/http';

/** Ends the session (the CSRF header is required) and reloads as a visitor. */
export async function signOut(): Promise<void> {
  await requestJson('/users/sign_out', { method: 'POST' }).catch(() => null);
  window.location.assign('/users/sign_in');
}

/** The sign-in URL that brings the user back here afterwards. */
export function signInHref(returnTo: string = window.location.pathname + window.location.search): string {
  return returnTo && returnTo !== '/' && !returnTo.startsWith('/users/sign_in') ? `/users/sign_in?redirect=${encodeURIComponent(returnTo)}` : '/users/sign_in';
}
