import { DISCUSSION_TEXTS } from '@tandem/shared-types';

/** A line that is a quick action: a slash and a word at its start (spec §5). */
const COMMAND = /^\/\w+/;

/** The placeholder's text: the comment without its quick-action lines. */
export function withoutCommands(text: string): string {
  return text
    .split('\n')
    .filter((l) => !COMMAND.test(l.trim()))
    .join('\n')
    .trim();
}

/** What the placeholder says while commands are applied: 'Applying command' or '... multiple commands'; null without commands. */
export function applyingCommandsText(text: string): string | null {
  const n = text.split('\n').filter((l) => COMMAND.test(l.trim())).length;
  if (n === 0) return null;
  return n === 1 ? DISCUSSION_TEXTS.applyingCommand : DISCUSSION_TEXTS.applyingMultipleCommands;
}
