import { useAtomValue } from 'jotai';
import { LOCK_TEXTS } from '@tandem/shared-types';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { setIssueLocked } from './issueFlagsApi';
import { useIssueFlagToggle } from './useIssueFlagToggle';
import { LockBlock } from './LockBlock';

interface LockWidgetProps {
  issueKey: string;
  projectPath: string;
  iid: number;
  /** May lock the discussion (spec: is_editable / can_update). */
  editable: boolean;
}

/** The issue's lock block (LockBlock), saved through issueSetLocked. */
export function LockWidget({ issueKey, projectPath, iid, editable }: LockWidgetProps) {
  const locked = useAtomValue(issueAtomFamily(issueKey))!.discussion_locked;
  const { apply, busy, error, clearError } = useIssueFlagToggle(issueKey, 'discussion_locked', (value) => setIssueLocked(projectPath, iid, value), LOCK_TEXTS.failed('issue'));
  return <LockBlock locked={locked} noun="issue" editable={editable} testIds={{ block: 'sidebar-lock', status: 'lock-status', form: 'lock-form' }} busy={busy} error={error} clearError={clearError} apply={apply} />;
}
