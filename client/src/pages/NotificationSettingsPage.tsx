import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { NOTIFICATION_SETTINGS_TEXTS as T } from '@tandem/shared-types';
import { AppLayout } from '../features/layout/AppLayout';
import { NotificationSettings } from '../features/notification-settings/NotificationSettings';
import { currentUserAtom } from '../features/session/sessionAtoms';
import { signInHref } from '../features/session/signOut';

export function NotificationSettingsPage() {
  const user = useAtomValue(currentUserAtom);
  useEffect(() => {
    document.title = `${T.title} · Tandem`;
    if (!user) window.location.replace(signInHref());
  }, [user]);
  if (!user) return null;
  return (
    <AppLayout crumbs={[{ label: 'User settings' }, { label: T.title }]}>
      <div className="page-head">
        <h1 className="page-title">{T.title}</h1>
        <p className="muted page-head__desc">{T.intro}</p>
      </div>
      <NotificationSettings />
    </AppLayout>
  );
}
