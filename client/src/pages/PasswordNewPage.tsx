import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate } from 'react-router';
import { PASSWORD_RESET_TEXTS, SIGN_IN_PATH } from '@tandem/shared-types';
import { PasswordResetRequestForm } from '../features/password-reset/PasswordResetRequestForm';
import { currentUserAtom } from '../features/session/sessionAtoms';

/** /users/password/new: "Forgot your password?" (Devise's page; a signed-in user has no use for it). */
export function PasswordNewPage() {
  const user = useAtomValue(currentUserAtom);
  useEffect(() => {
    document.title = `${PASSWORD_RESET_TEXTS.requestTitle} · Tandem`;
  }, []);
  if (user) return <Navigate to="/" replace />;
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">{PASSWORD_RESET_TEXTS.requestTitle}</h1>
        <PasswordResetRequestForm />
        <p className="auth-card__foot">
          <a href={SIGN_IN_PATH}>{PASSWORD_RESET_TEXTS.backToSignIn}</a>
        </p>
      </div>
    </main>
  );
}
