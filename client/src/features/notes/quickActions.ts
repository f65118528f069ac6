import { DISCUSSION_TEXTS, QUICK_ACTION_DESCRIPTIONS, quickActionOf } from '@tandem/shared-types';

/** A line that is a quick action: a slash and a word at its start (spec §5). */
const COMMAND = /^\/(\w+)/;

/** The placeholder's text: the comment without its quick-action lines. */
export function withoutCommands(text: string): string {
  return text
    .split('\n')
    .filter((l) => !COMMAND.test(l.trim()))
    .join('\n')
    .trim();
}

/**
 * What the placeholder says while commands are applied (spec §5, GitLab's getQuickActionText):
 * one known command names what it does ('Applying command to close this issue'), several say
 * 'Applying multiple commands', an unknown one 'Applying command'; null without commands.
 */
export function applyingCommandsText(text: string): string | null {
  const names = text
    .split('\n')
    .map((l) => COMMAND.exec(l.trim())?.[1])
    .filter((n): n is string => !!n);
  if (names.length === 0) return null;
  if (names.length > 1) return DISCUSSION_TEXTS.applyingMultipleCommands;
  const known = quickActionOf(names[0]!);
  return known ? DISCUSSION_TEXTS.applyingCommandTo(QUICK_ACTION_DESCRIPTIONS[known].toLowerCase()) : DISCUSSION_TEXTS.applyingCommand;
}
