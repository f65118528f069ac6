import { useEffect, useState } from 'react';
import { PASSWORD_RESET_PATHS, PASSWORD_RESET_TEXTS, SIGN_IN_PATH } from '@tandem/shared-types';
import { PasswordResetForm } from '../features/password-reset/PasswordResetForm';
import { Alert } from '../shared/ui/Alert';

/**
 * /users/password/edit?reset_password_token=...: the mailed link. The token is taken out of the
 * address bar at once (kept in memory), so it is not left in the history or shared with the page's URL.
 */
export function PasswordEditPage() {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('reset_password_token') ?? '');
  useEffect(() => {
    document.title = `${PASSWORD_RESET_TEXTS.editTitle} · Tandem`;
    if (window.location.search) window.history.replaceState(window.history.state, '', PASSWORD_RESET_PATHS.edit);
  }, []);
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">{PASSWORD_RESET_TEXTS.editTitle}</h1>
        {token ? (
          <PasswordResetForm token={token} />
        ) : (
          <Alert variant="danger">
            {PASSWORD_RESET_TEXTS.noToken} <a href={PASSWORD_RESET_PATHS.request}>{PASSWORD_RESET_TEXTS.forgotLink}</a>
          </Alert>
        )}
        <p className="auth-card__foot">
          <a href={SIGN_IN_PATH}>{PASSWORD_RESET_TEXTS.backToSignIn}</a>
        </p>
      </div>
    </main>
  );
}
