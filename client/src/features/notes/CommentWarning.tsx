import { EyeOff, Lock } from 'lucide-react';
import { NOTE_FORM_TEXTS } from '@tandem/shared-types';

/** The warning box above the form for a confidential and/or locked issue (or a confidential epic). */
export function CommentWarning({ confidential, locked, noteableType = 'Issue' }: { confidential: boolean; locked: boolean; noteableType?: 'Issue' | 'Epic' | 'MergeRequest' }) {
  if (!confidential && !locked) return null;
  const noun = noteableType === 'Epic' ? 'epic' : noteableType === 'MergeRequest' ? 'merge request' : 'issue';
  const text = confidential && locked ? NOTE_FORM_TEXTS.confidentialLockedWarning(noun) : confidential ? NOTE_FORM_TEXTS.confidentialWarning(noun) : NOTE_FORM_TEXTS.lockedWarning(noun);
  return (
    <div className="comment-warning" data-testid="comment-warning">
      {confidential && <EyeOff size={14} aria-hidden="true" />}
      {locked && <Lock size={14} aria-hidden="true" />}
      <span>{text}</span>
    </div>
  );
}
