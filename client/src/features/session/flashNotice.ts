import { PASSWORD_RESET_TEXTS } from '@tandem/shared-types';

/** Notices a page leaves for the next one it loads (Rails' flash), by name: no stored text is ever shown. */
const NOTICES = {
  passwordResetSent: PASSWORD_RESET_TEXTS.requestSent,
  passwordChanged: PASSWORD_RESET_TEXTS.changed,
} as const;

export type FlashNotice = keyof typeof NOTICES;

const KEY = 'tandem:flash';

/** Leaves `name`'s notice for the next page load of this tab. */
export function setFlashNotice(name: FlashNotice): void {
  try {
    sessionStorage.setItem(KEY, name);
  } catch {
    /* storage refused (private mode): the notice is skipped */
  }
}

/** The notice waiting for this page, if any (read-only: call clearFlashNotice once it is shown). */
export function peekFlashNotice(): string | null {
  try {
    const name = sessionStorage.getItem(KEY);
    return name && Object.hasOwn(NOTICES, name) ? NOTICES[name as FlashNotice] : null;
  } catch {
    return null;
  }
}

export function clearFlashNotice(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing to clear */
  }
}
