import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Bell, BellOff } from 'lucide-react';
import { PEOPLE_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { issueAtomFamily, updateIssueAtom } from '../../issue/issueAtoms';
import { currentUserAtom } from '../../session/sessionAtoms';
import { realtimeClient } from '../../../realtime/realtimeConnection';
import { SidebarBlock } from '../SidebarBlock';
import { applySubscriptionSignal } from '../people/subscriptionSignal';
import { setSubscription } from '../people/peopleApi';
import './peopleWidgets.css';

interface SubscriptionWidgetProps {
  issueKey: string;
  projectPath: string;
  iid: number;
}

interface SubscriptionToggleProps {
  subscribed: boolean;
  /** Saves the choice: the new state, or null when it was not saved (the block then says so). */
  save: (subscribed: boolean) => Promise<boolean | null>;
}

/**
 * The notifications block of an issue or a merge request: the signed-in user's own
 * subscription, as a switch. The caller owns the state and the save (an issue's atom and
 * issueSetSubscription, a merge request's page data and mergeRequestSetSubscription); shown only
 * to signed-in users.
 */
export function SubscriptionToggle({ subscribed, save }: SubscriptionToggleProps) {
  const me = useAtomValue(currentUserAtom);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!me) return null;

  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      if ((await save(!subscribed)) === null) setError(PEOPLE_TEXTS.subscriptionFailed);
    } catch {
      setError(PEOPLE_TEXTS.subscriptionFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SidebarBlock title={PEOPLE_TEXTS.notifications} icon={subscribed ? <Bell size={16} /> : <BellOff size={16} />} testId="sidebar-subscription">
      <label className="people-switch">
        <span>{subscribed ? PEOPLE_TEXTS.notificationsOn : PEOPLE_TEXTS.notificationsOff}</span>
        <button type="button" role="switch" aria-checked={subscribed} aria-label={PEOPLE_TEXTS.notifications} className="people-switch__button" disabled={busy} onClick={() => void toggle()}>
          <span className="people-switch__knob" aria-hidden="true" />
        </button>
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </SidebarBlock>
  );
}

/**
 * An issue's notifications block (issueSetSubscription). Per user, so it is not broadcast to the
 * issue's watchers; the user's own other tabs follow through the user channel (`issue.subscription`).
 */
export function SubscriptionWidget({ issueKey, projectPath, iid }: SubscriptionWidgetProps) {
  const subscribed = useAtomValue(issueAtomFamily(issueKey))!.subscribed;
  const signedIn = useAtomValue(currentUserAtom) !== null;
  useEffect(() => (signedIn ? realtimeClient().onSubscription((signal) => applySubscriptionSignal(appStore, signal)) : undefined), [signedIn]);
  const save = async (next: boolean) => {
    const res = await setSubscription(projectPath, iid, next);
    if (res.errors.length || res.subscribed === null) return null;
    const now = res.subscribed;
    updateIssueAtom(appStore, issueKey, (issue) => ({ ...issue, subscribed: now }));
    return now;
  };
  return <SubscriptionToggle subscribed={subscribed} save={save} />;
}
