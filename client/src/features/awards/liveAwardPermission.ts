import type { IssuePermissions } from '@tandem/shared-types';

/**
 * May the viewer react, with the discussion locked or not as it is now? The server's flags for
 * either state (a locked discussion takes reactions only from those who may still comment);
 * pages without them keep the flag they were rendered with.
 */
export function liveAwardPermission(p: IssuePermissions, locked: boolean): boolean {
  return (locked ? p.canAwardEmojiWhenLocked : p.canAwardEmojiWhenUnlocked) ?? p.canAwardEmoji;
}
