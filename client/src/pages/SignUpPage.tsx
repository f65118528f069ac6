import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CONFIRMATION_TEXTS, INVITE_TEXTS, SIGN_UP_TEXTS } from '@tandem/shared-types';
import { requestJson } from '../shared/api/http';
import { Alert } from '../shared/ui/Alert';
import { currentUserAtom } from '../features/session/sessionAtoms';
import { SignUpForm } from '../features/registration/SignUpForm';
import { ResendConfirmationForm } from '../features/registration/ResendConfirmationForm';

interface InviteDetails {
  email: string;
  source_name: string;
  source_path: string;
  role: string;
}

/** /users/sign_up, and /-/invites/<token>: the invitation named, then the same form with its token. */
export function SignUpPage() {
  const { token } = useParams();
  const user = useAtomValue(currentUserAtom);
  // Registered under EMAIL_CONFIRMATION=hard: the address to confirm before signing in
  const [mustConfirm, setMustConfirm] = useState<string | null>(null);
  const invite = useQuery({
    queryKey: ['invite', token],
    enabled: Boolean(token),
    retry: false,
    queryFn: async () => {
      const res = await requestJson<InviteDetails>(`/-/invites/${encodeURIComponent(token!)}/details`);
      if (!res.ok) throw new Error(INVITE_TEXTS.inviteNotFound);
      return res.data;
    },
  });
  useEffect(() => {
    document.title = `${token ? INVITE_TEXTS.acceptTitle : SIGN_UP_TEXTS.title} · Tandem`;
  }, [token]);
  if (user) return <Navigate to="/" replace />;
  if (mustConfirm) {
    return (
      <main id="main" className="auth-page">
        <div className="auth-card" data-testid="almost-there">
          <h1 className="auth-card__title">{CONFIRMATION_TEXTS.almostThereTitle}</h1>
          <p className="auth-card__text">
            {CONFIRMATION_TEXTS.almostThere(mustConfirm)} {CONFIRMATION_TEXTS.didNotReceive}
          </p>
          <ResendConfirmationForm email={mustConfirm} />
          <p className="auth-card__foot">
            <a href="/users/sign_in">{SIGN_UP_TEXTS.signIn}</a>
          </p>
        </div>
      </main>
    );
  }

  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">{token ? INVITE_TEXTS.acceptTitle : SIGN_UP_TEXTS.title}</h1>
        {token && invite.isError && <Alert variant="danger">{INVITE_TEXTS.inviteNotFound}</Alert>}
        {token && invite.data && <p data-testid="invite-intro">{INVITE_TEXTS.acceptIntro(invite.data.source_name, invite.data.role)}</p>}
        {(!token || invite.data) && <SignUpForm key={invite.data?.email ?? ''} inviteToken={token} email={invite.data?.email} onMustConfirm={setMustConfirm} />}
        <p className="auth-card__foot">
          {SIGN_UP_TEXTS.haveAccount} <a href="/users/sign_in">{SIGN_UP_TEXTS.signIn}</a>
        </p>
      </div>
    </main>
  );
}
