import { DISCUSSION_TEXTS } from '@tandem/shared-types';
import { signInHref } from '../session/signOut';

/** Why there is no comment form: signed out, locked for non-members, or an archived project (spec §6). */
export function CommentingBlocked({ reason }: { reason: 'signedOut' | 'locked' | 'archived' }) {
  return (
    <div className="commenting-blocked" data-testid={`commenting-${reason}`}>
      {reason === 'signedOut' ? <SignedOut /> : reason === 'locked' ? DISCUSSION_TEXTS.locked('issue') : DISCUSSION_TEXTS.archived}
    </div>
  );
}

/** "Please register or sign in to reply", its two verbs linking to the sign-in page. */
function SignedOut() {
  const text = DISCUSSION_TEXTS.signedOut;
  // The parameter the sign-in page reads, so the reader comes back to this page
  const href = signInHref(window.location.pathname);
  const parts = text.split(/(register|sign in)/);
  return (
    <>
      {parts.map((p, i) =>
        p === 'register' || p === 'sign in' ? (
          <a key={i} href={href}>
            {p}
          </a>
        ) : (
          p
        ),
      )}
    </>
  );
}
