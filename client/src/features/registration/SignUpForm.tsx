import { useId, useState } from 'react';
import { SIGN_UP_TEXTS, formFieldErrors, signUpSchema, type SignUpResponse } from '@tandem/shared-types';
import { requestJson } from '../../shared/api/http';
import { Alert } from '../../shared/ui/Alert';
import { FormField } from '../../shared/ui/FormField';

type Field = 'username' | 'name' | 'email' | 'password';
const FIELDS: Array<{ key: Field; label: string; type: string; autoComplete: string }> = [
  { key: 'name', label: SIGN_UP_TEXTS.name, type: 'text', autoComplete: 'name' },
  { key: 'username', label: SIGN_UP_TEXTS.username, type: 'text', autoComplete: 'username' },
  { key: 'email', label: SIGN_UP_TEXTS.email, type: 'email', autoComplete: 'email' },
  { key: 'password', label: SIGN_UP_TEXTS.password, type: 'password', autoComplete: 'new-password' },
];

/**
 * The registration form: the same schema as the server (shared-types signUpSchema) checks it
 * before sending; the server's field errors (a taken username or email) show under their field.
 * With an invite token the invitation is accepted; the page then opens the project joined.
 * Under EMAIL_CONFIRMATION=hard no session is made: `onMustConfirm` gets the address to confirm.
 */
export function SignUpForm({ inviteToken, email: invitedEmail = '', onMustConfirm }: { inviteToken?: string; email?: string; onMustConfirm: (email: string) => void }) {
  const [values, setValues] = useState<Record<Field, string>>({ username: '', name: '', email: invitedEmail, password: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = useId();

  async function submit() {
    const body = { ...values, ...(inviteToken ? { invite_token: inviteToken } : {}) };
    const parsed = signUpSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(formFieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const res = await requestJson<Partial<SignUpResponse> & { message?: Record<string, string[]> | string }>('/users', { method: 'POST', body });
      if (res.ok && res.data.email_confirmation === 'hard') {
        onMustConfirm(res.data.user?.email ?? values.email);
        return;
      }
      if (res.ok) {
        // Full load: the next page needs the new session's embedded data
        // (soft confirmation: every page then asks to confirm the address)
        window.location.assign(res.data.joined ? `/${res.data.joined}/-/issues` : '/');
        return;
      }
      if (res.data?.message && typeof res.data.message === 'object') setErrors(res.data.message);
      else setFailure(typeof res.data?.message === 'string' ? res.data.message : 'Registration failed.');
    } catch {
      setFailure('Could not reach the server. Check your connection and try again.');
    }
    setBusy(false);
  }

  return (
    <form
      className="auth-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div aria-live="assertive">{failure && <Alert variant="danger">{failure}</Alert>}</div>
      {FIELDS.map((f) => (
        <FormField
          key={f.key}
          id={`${base}-${f.key}`}
          label={f.label}
          errors={errors[f.key]}
          hint={f.key === 'password' ? SIGN_UP_TEXTS.passwordHint : undefined}
          name={f.key}
          type={f.type}
          autoComplete={f.autoComplete}
          value={values[f.key]}
          onChange={(value) => setValues((v) => ({ ...v, [f.key]: value }))}
        />
      ))}
      <button type="submit" className="btn btn--confirm btn--block" disabled={busy}>
        {SIGN_UP_TEXTS.submit}
      </button>
    </form>
  );
}
