import { DISCUSSION_TEXTS, MERGE_REQUEST_QUICK_ACTION_DESCRIPTIONS, QUICK_ACTION_DESCRIPTIONS, mergeRequestQuickActionOf, quickActionOf } from '@tandem/shared-types';

/** A line that is a quick action: a slash and a word at its start (spec §5). */
const COMMAND = /^\/(\w+)/;

/** The placeholder's text: the comment without its quick-action lines (on a merge request, its own commands' lines). */
export function withoutCommands(text: string, noteableType?: string): string {
  return text
    .split('\n')
    .filter((l) => {
      const name = COMMAND.exec(l.trim())?.[1];
      return !name || (noteableType === 'MergeRequest' && !mergeRequestQuickActionOf(name));
    })
    .join('\n')
    .trim();
}

/**
 * What the placeholder says while commands are applied (spec §5, GitLab's getQuickActionText):
 * one known command names what it does ('Applying command to close this issue'), several say
 * 'Applying multiple commands', an unknown one 'Applying command'; null without commands. On a
 * merge request (`noteableType` 'MergeRequest') only its own commands are commands (the server
 * posts any other slash line as text, so nothing is said to apply) and they are named.
 */
export function applyingCommandsText(text: string, noteableType?: string): string | null {
  const onMergeRequest = noteableType === 'MergeRequest';
  const names = text
    .split('\n')
    .map((l) => COMMAND.exec(l.trim())?.[1])
    .filter((n): n is string => !!n && (!onMergeRequest || !!mergeRequestQuickActionOf(n)));
  if (names.length === 0) return null;
  if (names.length > 1) return DISCUSSION_TEXTS.applyingMultipleCommands;
  // A merge request's commands are its own table's (/close: 'close this merge request', /assign_reviewer)
  const mr = onMergeRequest ? mergeRequestQuickActionOf(names[0]!) : null;
  const known = mr ? null : quickActionOf(names[0]!);
  const description = mr ? MERGE_REQUEST_QUICK_ACTION_DESCRIPTIONS[mr] : known ? QUICK_ACTION_DESCRIPTIONS[known] : null;
  return description ? DISCUSSION_TEXTS.applyingCommandTo(description.toLowerCase()) : DISCUSSION_TEXTS.applyingCommand;
}
