import { useEffect, useId, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useSearchParams } from 'react-router';
import { CONFIRMATION_TEXTS, EMAIL_CONFIRMATION, ERRORS, PASSWORD_RESET_PATHS, PASSWORD_RESET_TEXTS, SIGN_IN_REDIRECT_PARAM, safeRedirect } from '@tandem/shared-types';
import { errorText, requestJson } from '../shared/api/http';
import { Alert } from '../shared/ui/Alert';
import { clearFlashNotice, peekFlashNotice } from '../features/session/flashNotice';
import { currentUserAtom } from '../features/session/sessionAtoms';

/** Username-or-email and password; the server sets the httpOnly session cookie. */
export function SignInPage() {
  const [params] = useSearchParams();
  const user = useAtomValue(currentUserAtom);
  // Resolved as the browser would and kept only on this origin (no open redirect; shared-types)
  const redirect = safeRedirect(params.get(SIGN_IN_REDIRECT_PARAM), window.location.origin);
  const [notice] = useState(peekFlashNotice);
  useEffect(clearFlashNotice, []);
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { login: useId(), password: useId() };

  if (user) return <Navigate to={redirect} replace />;

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      const res = await requestJson('/users/sign_in', { method: 'POST', body: { login: login.trim(), password } });
      if (res.ok) {
        // Full load: the next page needs server-embedded data for the new session
        window.location.assign(redirect);
        return;
      }
      setError(errorText(res.data, ERRORS.INVALID_CREDENTIALS.message));
    } catch {
      setError('Could not reach the server. Check your connection and try again.');
    }
    setBusy(false);
  }

  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <div className="auth-card__brand" aria-hidden="true">
          <svg width="40" height="40" viewBox="0 0 32 32">
            <rect width="32" height="32" rx="8" fill="var(--brand)" />
            <circle cx="12" cy="16" r="6" fill="none" stroke="#fff" strokeWidth="3" />
            <circle cx="20" cy="16" r="6" fill="none" stroke="#fff" strokeWidth="3" opacity=".75" />
          </svg>
        </div>
        <h1 className="auth-card__title">Sign in to Tandem</h1>
        <form
          className="auth-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {notice && !error && (
            <Alert variant="info" testId="sign-in-notice">
              {notice}
            </Alert>
          )}
          <div aria-live="assertive">
            {error && (
              <Alert variant="danger">
                {error}
                {error === CONFIRMATION_TEXTS.unconfirmed && (
                  <>
                    {' '}
                    <a href={EMAIL_CONFIRMATION.pagePath}>{CONFIRMATION_TEXTS.resend}</a>
                  </>
                )}
              </Alert>
            )}
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.login}>
              Username or primary email
            </label>
            <input id={ids.login} className="input" name="login" autoComplete="username" autoFocus required value={login} onChange={(e) => setLogin(e.target.value)} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={ids.password}>
              Password
            </label>
            <input
              id={ids.password}
              className="input"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <p className="field__hint auth-form__forgot">
              <a href={PASSWORD_RESET_PATHS.request}>{PASSWORD_RESET_TEXTS.forgotLink}</a>
            </p>
          </div>
          <button type="submit" className="btn btn--confirm btn--block" disabled={busy || !login.trim() || !password}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
        <p className="auth-card__foot">
          <a href="/dashboard/projects">Explore public projects</a> · <a href="/users/sign_up">Register now</a>
        </p>
      </div>
    </main>
  );
}
