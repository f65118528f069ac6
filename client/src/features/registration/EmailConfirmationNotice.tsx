import { useAtomValue } from 'jotai';
import { CONFIRMATION_TEXTS } from '@tandem/shared-types';
import { Alert } from '../../shared/ui/Alert';
import { emailConfirmationAtom } from './emailConfirmationAtom';
import { useResendConfirmation } from './useResendConfirmation';

/** EMAIL_CONFIRMATION=soft: the reminder on every page until the address is confirmed, with the end of the grace period and a resend. */
export function EmailConfirmationNotice() {
  const notice = useAtomValue(emailConfirmationAtom);
  const { busy, sent, error, resend } = useResendConfirmation();
  if (!notice) return null;
  const until = new Date(notice.access_until).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Alert variant="warning" testId="email-confirmation-notice">
      {CONFIRMATION_TEXTS.softNotice(notice.email)} {CONFIRMATION_TEXTS.softDeadline(until)} {CONFIRMATION_TEXTS.didNotReceive}{' '}
      {sent ? (
        <span role="status">{sent}</span>
      ) : (
        <button type="button" className="link-button" disabled={busy} onClick={() => void resend(notice.email)}>
          {CONFIRMATION_TEXTS.resend}
        </button>
      )}
      {error && <span className="field-error"> {error}</span>}
    </Alert>
  );
}
