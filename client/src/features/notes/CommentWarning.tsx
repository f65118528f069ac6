import { EyeOff, Lock } from 'lucide-react';
import { NOTE_FORM_TEXTS } from '@tandem/shared-types';

/** The warning box above the form for a confidential and/or locked issue. */
export function CommentWarning({ confidential, locked }: { confidential: boolean; locked: boolean }) {
  if (!confidential && !locked) return null;
  const text = confidential && locked ? NOTE_FORM_TEXTS.confidentialLockedWarning('issue') : confidential ? NOTE_FORM_TEXTS.confidentialWarning('issue') : NOTE_FORM_TEXTS.lockedWarning('issue');
  return (
    <div className="comment-warning" data-testid="comment-warning">
      {confidential && <EyeOff size={14} aria-hidden="true" />}
      {locked && <Lock size={14} aria-hidden="true" />}
      <span>{text}</span>
    </div>
  );
}
