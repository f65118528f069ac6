import { useId, useState } from 'react';
import { ERRORS, PASSWORD_RESET_PATHS, PASSWORD_RESET_TEXTS, SIGN_IN_PATH } from '@tandem/shared-types';
import { errorText, requestJson } from '../../shared/api/http';
import { Alert } from '../../shared/ui/Alert';
import { setFlashNotice } from '../session/flashNotice';

/**
 * "Forgot your password?": the address to mail the link to. The server answers the same for any
 * address, so the form does too: back to sign-in with Devise's notice.
 */
export function PasswordResetRequestForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      const res = await requestJson(PASSWORD_RESET_PATHS.api, { method: 'POST', body: { email: email.trim() } });
      if (res.ok) {
        setFlashNotice('passwordResetSent');
        window.location.assign(SIGN_IN_PATH);
        return;
      }
      setError(errorText(res.data, ERRORS.BAD_REQUEST.message));
    } catch {
      setError('Could not reach the server. Check your connection and try again.');
    }
    setBusy(false);
  }

  return (
    <form
      className="auth-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="auth-form__intro">{PASSWORD_RESET_TEXTS.requestIntro}</p>
      <div aria-live="assertive">{error && <Alert variant="danger">{error}</Alert>}</div>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {PASSWORD_RESET_TEXTS.email}
        </label>
        <input id={id} className="input" name="email" type="email" autoComplete="email" autoFocus required value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <button type="submit" className="btn btn--confirm btn--block" disabled={busy || !email.trim()}>
        {PASSWORD_RESET_TEXTS.requestSubmit}
      </button>
    </form>
  );
}
