import { useId, useState } from 'react';
import { CONFIRMATION_TEXTS, SIGN_UP_TEXTS } from '@tandem/shared-types';
import { Alert } from '../../shared/ui/Alert';
import { useResendConfirmation } from './useResendConfirmation';

/** GitLab's "Resend confirmation instructions" form: an address, then the same answer whatever it is. */
export function ResendConfirmationForm({ email: initial = '' }: { email?: string }) {
  const [email, setEmail] = useState(initial);
  const { busy, sent, error, resend } = useResendConfirmation();
  const id = useId();
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void resend(email.trim());
      }}
    >
      <div aria-live="polite">
        {sent && <Alert variant="info">{sent}</Alert>}
        {error && <Alert variant="danger">{error}</Alert>}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {SIGN_UP_TEXTS.email}
        </label>
        <input id={id} className="input" name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <button type="submit" className="btn btn--confirm btn--block" disabled={busy || !email.trim()}>
        {CONFIRMATION_TEXTS.resend}
      </button>
    </form>
  );
}
