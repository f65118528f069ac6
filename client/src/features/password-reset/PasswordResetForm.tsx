import { useId, useState } from 'react';
import { ERRORS, PASSWORD_RESET_PATHS, PASSWORD_RESET_TEXTS, SIGN_IN_PATH, formFieldErrors, passwordResetSchema } from '@tandem/shared-types';
import { errorText, requestJson } from '../../shared/api/http';
import { Alert } from '../../shared/ui/Alert';
import { FormField } from '../../shared/ui/FormField';
import { setFlashNotice } from '../session/flashNotice';

type Field = 'password' | 'password_confirmation';
const FIELDS: Array<{ key: Field; label: string; errorLabel: string }> = [
  { key: 'password', label: PASSWORD_RESET_TEXTS.newPassword, errorLabel: 'Password' },
  { key: 'password_confirmation', label: PASSWORD_RESET_TEXTS.confirmPassword, errorLabel: 'Password confirmation' },
];

/**
 * The page the mailed link opens: the new password twice, checked with the server's schema
 * first. A used, replaced or expired link is named with a way to ask for a new one; success
 * goes to sign-in with Devise's notice.
 */
export function PasswordResetForm({ token }: { token: string }) {
  const [values, setValues] = useState<Record<Field, string>>({ password: '', password_confirmation: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = useId();

  async function submit() {
    const body = { reset_password_token: token, ...values };
    const parsed = passwordResetSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(formFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const res = await requestJson<{ message?: unknown }>(PASSWORD_RESET_PATHS.api, { method: 'PUT', body });
      if (res.ok) {
        setFlashNotice('passwordChanged');
        window.location.assign(SIGN_IN_PATH);
        return;
      }
      const message = res.data?.message;
      if (message && typeof message === 'object') setErrors(message as Record<string, string[]>);
      else setFailure(errorText(res.data, ERRORS.BAD_REQUEST.message));
    } catch {
      setFailure('Could not reach the server. Check your connection and try again.');
    }
    setBusy(false);
  }

  const tokenErrors = errors.reset_password_token;
  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div aria-live="assertive">
        {failure && <Alert variant="danger">{failure}</Alert>}
        {tokenErrors && (
          <Alert variant="danger" testId="reset-token-error">
            Reset password token {tokenErrors.join(', ')}. <a href={PASSWORD_RESET_PATHS.request}>{PASSWORD_RESET_TEXTS.forgotLink}</a>
          </Alert>
        )}
      </div>
      {FIELDS.map((f) => (
        <FormField
          key={f.key}
          id={`${base}-${f.key}`}
          label={f.label}
          errorLabel={f.errorLabel}
          errors={errors[f.key]}
          name={f.key}
          type="password"
          autoComplete="new-password"
          autoFocus={f.key === 'password'}
          value={values[f.key]}
          onChange={(value) => setValues((v) => ({ ...v, [f.key]: value }))}
        />
      ))}
      <button type="submit" className="btn btn--confirm btn--block" disabled={busy}>
        {PASSWORD_RESET_TEXTS.editSubmit}
      </button>
    </form>
  );
}
