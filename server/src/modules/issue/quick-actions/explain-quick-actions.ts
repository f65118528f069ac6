import { MERGE_REQUEST_QUICK_ACTION_NAMES, explainMergeRequestQuickAction, explainQuickAction, type MergeRequestQuickActionName, type QuickActionName } from '@tandem/shared-types';
import { parseQuickActions, type QuickActionNames } from './parse-quick-actions';

/**
 * GitLab's QuickActions explain: a comment's text without its command lines, and what each
 * command will do (the preview's explanations under a comment, a review draft's
 * `references.commands`). `names`: the noteable's command table (absent: an issue's). Pure.
 */
export function explainQuickActions(text: string, names?: QuickActionNames): { body: string; commands: string[] } {
  if (names === MERGE_REQUEST_QUICK_ACTION_NAMES) {
    const parsed = parseQuickActions<MergeRequestQuickActionName>(text, { names: MERGE_REQUEST_QUICK_ACTION_NAMES });
    return { body: parsed.body, commands: parsed.commands.map((c) => explainMergeRequestQuickAction(c.name, c.arg)) };
  }
  const parsed = parseQuickActions<QuickActionName>(text, names ? { names: names as QuickActionNames<QuickActionName> } : {});
  return { body: parsed.body, commands: parsed.commands.map((c) => explainQuickAction(c.name, c.arg)) };
}
