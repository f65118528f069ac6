import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router';
import { CONFIRMATION_OUTCOMES, CONFIRMATION_TEXTS, type ConfirmationOutcome } from '@tandem/shared-types';
import { Alert } from '../shared/ui/Alert';
import { currentUserAtom } from '../features/session/sessionAtoms';
import { ResendConfirmationForm } from '../features/registration/ResendConfirmationForm';

const OUTCOME_TEXT: Record<Exclude<ConfirmationOutcome, 'confirmed'>, string> = {
  invalid: CONFIRMATION_TEXTS.invalidToken,
  expired: CONFIRMATION_TEXTS.expiredToken,
};

/**
 * /users/confirmation/new: where a mailed confirmation link lands (`?status=` from the server's
 * redirect), and GitLab's form to send the link again.
 */
export function ConfirmationPage() {
  const [params] = useSearchParams();
  const user = useAtomValue(currentUserAtom);
  const raw = params.get('status');
  const status = (CONFIRMATION_OUTCOMES as readonly string[]).includes(raw ?? '') ? (raw as ConfirmationOutcome) : null;
  useEffect(() => {
    document.title = `${CONFIRMATION_TEXTS.resendTitle} · Tandem`;
  }, []);

  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        {status === 'confirmed' ? (
          <>
            <h1 className="auth-card__title">{CONFIRMATION_TEXTS.confirmed}</h1>
            <a className="btn btn--confirm btn--block" href={user ? '/' : '/users/sign_in'} data-testid="confirmed-continue">
              {user ? CONFIRMATION_TEXTS.continue : 'Sign in'}
            </a>
          </>
        ) : (
          <>
            <h1 className="auth-card__title">{CONFIRMATION_TEXTS.resendTitle}</h1>
            {status && <Alert variant="danger">{OUTCOME_TEXT[status]}</Alert>}
            <ResendConfirmationForm email={user?.email} />
          </>
        )}
        {!user && (
          <p className="auth-card__foot">
            <a href="/users/sign_in">Sign in</a> · <a href="/users/sign_up">Register now</a>
          </p>
        )}
      </div>
    </main>
  );
}
