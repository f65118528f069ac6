import { useState } from 'react';
import { Mail } from 'lucide-react';
import { DISCUSSION_LIMITS, NOTE_FORM_TEXTS } from '@tandem/shared-types';

/**
 * Above a public comment (spec §2): the email participants the comment will be mailed to, the
 * first three named, then 'and N more' (a button that names them all). Nothing when there are none.
 */
export function EmailParticipantsWarning({ emails }: { emails: readonly string[] }) {
  const [all, setAll] = useState(false);
  if (!emails.length) return null;
  const shownCount = all ? emails.length : Math.min(emails.length, DISCUSSION_LIMITS.emailParticipantsShown);
  const more = emails.length - shownCount;
  const text = NOTE_FORM_TEXTS.emailParticipantsWarning(emails.slice(0, shownCount), more);
  // 'and N more' is the button that names them all
  const moreText = NOTE_FORM_TEXTS.emailParticipantsMore(more);
  const at = more > 0 ? text.indexOf(moreText) : -1;
  return (
    <div className="comment-warning" data-testid="email-participants-warning">
      <Mail size={14} aria-hidden="true" />
      {at >= 0 ? (
        <span>
          {text.slice(0, at)}
          <button type="button" className="link-button" onClick={() => setAll(true)}>
            {moreText}
          </button>
          {text.slice(at + moreText.length)}
        </span>
      ) : (
        <span>{text}</span>
      )}
    </div>
  );
}
