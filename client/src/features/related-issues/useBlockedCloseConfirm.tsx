import { useState, type ReactNode } from 'react';
import { DISCUSSION_TEXTS, noteablePaths } from '@tandem/shared-types';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useOpenBlockersCount } from './useRelatedIssues';

/**
 * Closing an issue that open issues block asks first (issue-page spec): returns the state toggle
 * to call instead of the plain one, and the dialog to render.
 */
export function useBlockedCloseConfirm(
  projectPath: string,
  iid: number,
  issueId: number,
  /** The page's blocked_by_count, used until the related list is loaded (then the live list counts). */
  pageCount: number,
  toggle: (event: 'CLOSE' | 'REOPEN') => void,
): { requestToggle(event: 'CLOSE' | 'REOPEN'): void; dialog: ReactNode } {
  const blockers = useOpenBlockersCount(projectPath, iid, noteablePaths(projectPath, iid, issueId).relatedIssues) ?? pageCount;
  const [asking, setAsking] = useState(false);
  return {
    requestToggle(event) {
      if (event === 'CLOSE' && blockers > 0) setAsking(true);
      else toggle(event);
    },
    dialog: (
      <ConfirmDialog
        open={asking}
        title="Close issue?"
        message={DISCUSSION_TEXTS.blockedCloseConfirm(blockers)}
        confirmLabel="Yes, close issue"
        onConfirm={() => {
          setAsking(false);
          toggle('CLOSE');
        }}
        onOpenChange={setAsking}
      />
    ),
  };
}
