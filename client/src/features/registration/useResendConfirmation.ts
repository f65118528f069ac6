import { useState } from 'react';
import { CONFIRMATION_TEXTS } from '@tandem/shared-types';
import { errorText, requestJson } from '../../shared/api/http';

/** POST /users/confirmation: the server answers the same for any address; its message (or error) is shown. */
export function useResendConfirmation() {
  const [state, setState] = useState<{ busy: boolean; sent: string | null; error: string | null }>({ busy: false, sent: null, error: null });
  async function resend(email: string) {
    setState({ busy: true, sent: null, error: null });
    try {
      const res = await requestJson<{ message?: unknown }>('/users/confirmation', { method: 'POST', body: { email } });
      if (res.ok) setState({ busy: false, sent: typeof res.data?.message === 'string' ? res.data.message : CONFIRMATION_TEXTS.sendParanoid, error: null });
      else setState({ busy: false, sent: null, error: errorText(res.data, 'The email could not be sent.') });
    } catch {
      setState({ busy: false, sent: null, error: 'Could not reach the server. Check your connection and try again.' });
    }
  }
  return { ...state, resend };
}
