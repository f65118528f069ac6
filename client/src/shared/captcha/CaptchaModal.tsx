import { useEffect, useRef, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useAtomValue } from 'jotai';
import { captchaChallengePath, SPAM_TEXTS } from '@tandem/shared-types';
import { appStore } from '../store';
import { pendingCaptchaAtom } from './captchaRequests';

/**
 * The one captcha dialog of the app (mounted once, main.tsx): the self-hosted challenge of the
 * flagged write (ALTCHA's widget, fetched from this server under the site key), then Submit
 * sends the same request again with the answer; Cancel gives up (the form keeps its text).
 */
export function CaptchaModal() {
  const pending = useAtomValue(pendingCaptchaAtom, { store: appStore });
  const [payload, setPayload] = useState<string | null>(null);

  useEffect(() => setPayload(null), [pending]);
  if (!pending) return null;
  const { flagged } = pending;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && pending.resolve(null)}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby="captcha-dialog-message" data-testid="captcha-modal">
          <Dialog.Title className="dialog__title">{SPAM_TEXTS.modalTitle}</Dialog.Title>
          <div id="captcha-dialog-message" className="dialog__body">
            <p>{SPAM_TEXTS.modalBody}</p>
            <AltchaWidget key={flagged.spam_log_id} challengeUrl={captchaChallengePath(flagged.captcha_site_key, flagged.spam_log_id)} onPayload={setPayload} />
          </div>
          <div className="dialog__actions">
            <Dialog.Close asChild>
              <button type="button" className="btn">
                {SPAM_TEXTS.modalCancel}
              </button>
            </Dialog.Close>
            <button type="button" className="btn btn--confirm" disabled={!payload} onClick={() => payload && pending.resolve({ captcha_response: payload, spam_log_id: flagged.spam_log_id })}>
              {SPAM_TEXTS.modalSubmit}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** ALTCHA's web component (loaded on first use): reports the solved payload, or null when it expires or fails. */
function AltchaWidget({ challengeUrl, onPayload }: { challengeUrl: string; onPayload(payload: string | null): void }) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const report = useRef(onPayload);
  report.current = onPayload;

  useEffect(() => {
    const el = document.createElement('altcha-widget');
    el.setAttribute('challenge', challengeUrl);
    el.setAttribute('auto', 'off');
    const onState = (e: Event) => {
      const { state, payload } = (e as CustomEvent<{ state: string; payload?: string }>).detail ?? {};
      if (state === 'verified' && payload) report.current(payload);
      else report.current(null);
      setFailed(state === 'error');
    };
    el.addEventListener('statechange', onState);
    host.current?.append(el);
    void import('altcha').catch(() => setFailed(true));
    return () => {
      el.removeEventListener('statechange', onState);
      el.remove();
    };
  }, [challengeUrl]);

  return (
    <div className="captcha-widget">
      <div ref={host} data-testid="captcha-widget" />
      {failed && (
        <p role="alert" className="field-error">
          {SPAM_TEXTS.challengeFailed}
        </p>
      )}
    </div>
  );
}
