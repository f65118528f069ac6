import { useAtomValue } from 'jotai';
import { CONFIRMATION_TEXTS } from '@tandem/shared-types';
import { DismissibleCallout } from '../../shared/callouts/DismissibleCallout';
import { emailConfirmationAtom } from './emailConfirmationAtom';
import { useResendConfirmation } from './useResendConfirmation';

/**
 * EMAIL_CONFIRMATION=soft: the reminder on every page until the address is confirmed, with the
 * end of the grace period and a resend. Closing it hides it for this browser session only (the
 * callout's session-only dismissal): the deadline still applies, so it comes back.
 */
export function EmailConfirmationNotice() {
  const notice = useAtomValue(emailConfirmationAtom);
  const { busy, sent, error, resend } = useResendConfirmation();
  if (!notice) return null;
  const until = new Date(notice.access_until).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <DismissibleCallout id="email_confirmation" sessionOnly variant="warning" testId="email-confirmation-notice">
      {CONFIRMATION_TEXTS.softNotice(notice.email)} {CONFIRMATION_TEXTS.softDeadline(until)} {CONFIRMATION_TEXTS.didNotReceive}{' '}
      {sent ? (
        <span role="status">{sent}</span>
      ) : (
        <button type="button" className="link-button" disabled={busy} onClick={() => void resend(notice.email)}>
          {CONFIRMATION_TEXTS.resend}
        </button>
      )}
      {error && <span className="field-error"> {error}</span>}
    </DismissibleCallout>
  );
}
