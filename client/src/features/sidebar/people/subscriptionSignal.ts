import type { SubscriptionSignal } from '@tandem/shared-types';
import type { appStore } from '../../../shared/store';
import { issueKey, updateIssueAtom } from '../../issue/issueAtoms';

/**
 * The user channel's `issue.subscription` (the same user changed notifications in another tab):
 * the issue's `subscribed` follows when this tab holds that issue. Idempotent.
 */
export function applySubscriptionSignal(store: typeof appStore, signal: SubscriptionSignal): void {
  updateIssueAtom(store, issueKey(signal.project_path, signal.iid), (issue) => (issue.subscribed === signal.subscribed ? issue : { ...issue, subscribed: signal.subscribed }));
}
