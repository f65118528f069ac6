import { useAtomValue } from 'jotai';
import { Link } from 'react-router';
import { AppLayout } from '../features/layout/AppLayout';
import { currentUserAtom } from '../features/session/sessionAtoms';
import { signInHref } from '../features/session/signOut';

/** 404 for unknown routes and for issues the visitor may not read (the server says neither). */
export function NotFoundPage() {
  const user = useAtomValue(currentUserAtom);
  return (
    <AppLayout>
      <div className="empty-state" data-testid="not-found">
        <p className="empty-state__code">404</p>
        <h1 className="empty-state__title">Page not found</h1>
        <p className="muted">Make sure the address is correct and the page has not moved.</p>
        <p className="empty-state__actions">
          <Link className="btn" to="/">
            Go to projects
          </Link>
          {!user && (
            <a className="btn btn--confirm" href={signInHref()}>
              Sign in
            </a>
          )}
        </p>
      </div>
    </AppLayout>
  );
}
