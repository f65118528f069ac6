import { atom } from 'jotai';
import { needsCaptcha, type CaptchaAnswer, type NeedsCaptchaResponse } from '@tandem/shared-types';
import { appStore } from '../store';

/** The flagged request waiting for its captcha (CaptchaModal shows it); null when none. */
export interface PendingCaptcha {
  flagged: NeedsCaptchaResponse;
  resolve(answer: CaptchaAnswer | null): void;
}

export const pendingCaptchaAtom = atom<PendingCaptcha | null>(null);
pendingCaptchaAtom.debugLabel = 'pendingCaptchaAtom';

/** Shows the challenge of a flagged write; the user's answer, or null when they cancel. */
export function solveCaptcha(flagged: NeedsCaptchaResponse): Promise<CaptchaAnswer | null> {
  return new Promise((resolve) => {
    // one modal at a time: a second flagged request waits for the first to be answered
    const previous = appStore.get(pendingCaptchaAtom);
    previous?.resolve(null);
    appStore.set(pendingCaptchaAtom, {
      flagged,
      resolve: (answer) => {
        appStore.set(pendingCaptchaAtom, null);
        resolve(answer);
      },
    });
  });
}

/**
 * The captcha retry of any write (spec issue-page §7): when the answer asks for a captcha, the
 * user solves it and the SAME request is sent again with `captcha_response` and `spam_log_id`
 * added; cancelling returns the first answer (the caller shows its message).
 */
export async function withCaptchaRetry<R extends { data: unknown }>(send: (answer: CaptchaAnswer | null) => Promise<R>): Promise<R> {
  const first = await send(null);
  if (!needsCaptcha(first.data)) return first;
  const answer = await solveCaptcha(first.data);
  return answer ? send(answer) : first;
}
