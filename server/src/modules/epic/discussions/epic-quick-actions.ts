import { QUICK_ACTION_TEXTS as T } from '@tandem/shared-types';
import type { Actor } from '../../../core/policy/policy';
import type { Tx } from '../../../core/realtime/event-log.service';
import type { QuickActionCommand } from '../../issue/quick-actions/parse-quick-actions';
import type { QuickActionsOutcome } from '../../note/quick-actions/quick-actions.service';
import { EpicService, type GroupEpic } from '../epic.service';
import type { EpicInput } from '../epic.validation';

/**
 * The quick actions that apply to an epic (GitLab's epic commands that Tandem's epics have
 * fields for): /close, /reopen, /title, /confidential, /award. Epics have no labels,
 * assignees, milestones, weights, due-date or lock commands: those answer "Could not apply"
 * like any command that does not apply. Applied through EpicService.update in the note's
 * transaction, so their system notes and `epic.updated` event are a form edit's.
 */
export async function applyEpicQuickActions(epics: EpicService, tx: Tx, actor: Actor, ge: GroupEpic, commands: readonly QuickActionCommand[], canAward: boolean): Promise<QuickActionsOutcome> {
  const messages: string[] = [];
  const errorMessages: string[] = [];
  const changes: Record<string, unknown> = {};
  const input: EpicInput = {};
  const admin = EpicService.can(actor, 'admin_epic', ge.epic);
  let state = ge.epic.state;
  let confidential = ge.epic.confidential;
  const refuse = (name: string) => errorMessages.push(T.couldNotApply(name));
  for (const { name, arg } of commands) {
    switch (name) {
      case 'close':
      case 'reopen': {
        const applies = name === 'close' ? state === 'opened' : state === 'closed';
        if (!applies || !admin) {
          refuse(name);
          break;
        }
        input.stateEvent = name;
        state = name === 'close' ? 'closed' : 'opened';
        messages.push(name === 'close' ? T.closed('epic') : T.reopened('epic'));
        break;
      }
      case 'title': {
        const title = arg.trim();
        if (!title || title.length > 255 || !admin) {
          refuse(name);
          break;
        }
        input.title = title;
        messages.push(T.titleChanged(title));
        break;
      }
      case 'confidential': {
        if (confidential || !admin) {
          refuse(name);
          break;
        }
        input.confidential = confidential = true;
        messages.push(T.madeConfidential('epic'));
        break;
      }
      case 'award': {
        const emoji = /^:?([a-z0-9_+-]+):?$/i.exec(arg.trim())?.[1];
        if (!emoji || !canAward) {
          refuse(name);
          break;
        }
        changes.emoji_award = emoji;
        messages.push(T.awarded(emoji));
        break;
      }
      default:
        refuse(name);
    }
  }
  if (Object.keys(input).length) {
    await epics.update(actor, ge, input, tx);
    if (input.stateEvent) changes.state_event = input.stateEvent;
    if (input.title) changes.title = input.title;
    if (input.confidential) changes.confidential = true;
  }
  return { messages, errorMessages, changes };
}
