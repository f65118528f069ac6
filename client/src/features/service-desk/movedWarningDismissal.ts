import { serviceDeskWarningStorageKey } from '@tandem/shared-types';

/** Whether the moved service-desk issue warning was dismissed for this issue (local storage; spec §2). */
export function isMovedWarningDismissed(issueId: number): boolean {
  try {
    return localStorage.getItem(serviceDeskWarningStorageKey(issueId)) === 'true';
  } catch {
    return false;
  }
}

export function rememberMovedWarningDismissed(issueId: number): void {
  try {
    localStorage.setItem(serviceDeskWarningStorageKey(issueId), 'true');
  } catch {
    // storage full or disabled: the warning stays hidden until the page is left
  }
}
