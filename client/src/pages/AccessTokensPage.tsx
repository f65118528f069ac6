import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { AppLayout } from '../features/layout/AppLayout';
import { currentUserAtom } from '../features/session/sessionAtoms';
import { signInHref } from '../features/session/signOut';
import { AccessTokens } from '../features/tokens/AccessTokens';

export function AccessTokensPage() {
  const user = useAtomValue(currentUserAtom);
  useEffect(() => {
    document.title = 'Personal access tokens · Tandem';
    if (!user) window.location.replace(signInHref());
  }, [user]);
  if (!user) return null;
  return (
    <AppLayout crumbs={[{ label: 'User settings' }, { label: 'Access tokens' }]}>
      <div className="page-head">
        <h1 className="page-title">Personal access tokens</h1>
        <p className="muted page-head__desc">Tokens let scripts and tools such as GitLab API clients act as you. Treat them like passwords.</p>
      </div>
      <AccessTokens />
    </AppLayout>
  );
}
