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

/**
 * The notifications block: the signed-in user's own subscription to the issue, as a switch
 * (issueSetSubscription). Per user, so it is not broadcast to the issue's watchers; the user's own
 * other tabs follow through the user channel (`issue.subscription`). Shown only to signed-in users.
 */
export function SubscriptionWidget({ issueKey, projectPath, iid }: SubscriptionWidgetProps) {
  const subscribed = useAtomValue(issueAtomFamily(issueKey))!.subscribed;
  const me = useAtomValue(currentUserAtom);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signedIn = me !== null;
  useEffect(() => (signedIn ? realtimeClient().onSubscription((signal) => applySubscriptionSignal(appStore, signal)) : undefined), [signedIn]);
  if (!me) return null;

  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await setSubscription(projectPath, iid, !subscribed);
      if (res.errors.length || res.subscribed === null) {
        setError(PEOPLE_TEXTS.subscriptionFailed);
        return;
      }
      const next = res.subscribed;
      updateIssueAtom(appStore, issueKey, (issue) => ({ ...issue, subscribed: next }));
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
