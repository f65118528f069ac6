import { QUICK_ACTION_TEXTS as T, type QuickActionName } from '@tandem/shared-types';
import { ISSUE_FIELDS } from '../../issue/fields';
import type { IssueField } from '../../issue/fields/issue-field';
import type { IssueUpdateInput } from '../../issue/fields/issue-input';
import type { QuickActionEnv, QuickActionLookups, QuickActionState, QuickActionTarget } from '../../issue/fields/quick-action';
import type { Issue } from '../../issue/issue.entity';
import { splitReferences } from '../../issue-link/references';
import type { QuickActionCommand } from './parse-quick-actions';
import { quickActionAbility, quickActionApplies } from './quick-action-availability';

export { labelRefs, milestoneTitle, parseDueDate, userRefs } from '../../issue/fields/quick-action';
export type { QuickActionEnv, QuickActionLookups, QuickActionTarget } from '../../issue/fields/quick-action';

export interface QuickActionPlan {
  /** The change for UpdateIssueAction (fields the commands set). */
  input: IssueUpdateInput;
  messages: string[];
  errorMessages: string[];
  /** GitLab's commands_changes: what the commands change (emoji_award is applied by the award module). */
  changes: Record<string, unknown>;
}

/** The field each command sets, from the registry (fields declare their quick actions). */
const FIELD_OF = new Map<QuickActionName, IssueField>();
for (const field of ISSUE_FIELDS) {
  for (const name of field.quickActions?.names ?? []) {
    if (FIELD_OF.has(name)) throw new Error(`/${name} is claimed by two issue fields`);
    FIELD_OF.set(name, field);
  }
}

/** A command may run in a new issue's description when its field is taken on create and lists it. */
const onCreate = (name: QuickActionName, field: IssueField | undefined) => !!field?.onCreate && !!field.quickActions!.onCreate?.includes(name);

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Turns commands into one issue change. A command that sets a field runs through that field's
 * declaration (fields/*.ts `quickActions`), its ability checked by the field (the same
 * registry the sidebar uses), so a refused or inapplicable command is reported and left out;
 * the commands of no field (award, relate, publish) are here. Commands run in order; later
 * ones see earlier ones' effect. Pure.
 */
export function planQuickActions(commands: readonly QuickActionCommand[], target: QuickActionTarget, lookups: QuickActionLookups, env: QuickActionEnv): QuickActionPlan {
  const state: QuickActionState = { issue: { ...target.issue }, assignees: [...target.assignees], epicId: target.epicId ?? null, input: {} };
  const input = state.input as Record<string, unknown>;
  const messages: string[] = [];
  const errorMessages: string[] = [];
  const changes: Record<string, unknown> = {};
  const refuse = (name: QuickActionName) => errorMessages.push(T.couldNotApply(name));
  // The commands of other modules: their condition (as GitLab's) and their ability
  const mayRun = (name: QuickActionName) => quickActionApplies(name, state.issue, env.facts ?? {}, true) && env.can(quickActionAbility(name, state.issue));

  for (const { name, arg } of commands) {
    const field = FIELD_OF.get(name);
    if (target.creating && !onCreate(name, field)) {
      refuse(name);
      continue;
    }
    if (field) {
      const out = field.quickActions!.run({ name, arg, state, lookups, env, allowed: (value) => env.can(field.ability(value as never, state.issue as Issue)) });
      if ('refused' in out) refuse(name);
      else if ('error' in out) errorMessages.push(out.error);
      else {
        input[field.key] = out.value;
        messages.push(out.message);
      }
      continue;
    }
    switch (name) {
      case 'award': {
        const emoji = /^:?([a-z0-9_+-]+):?$/i.exec(arg.trim())?.[1];
        if (!emoji || !env.canAward) {
          refuse(name);
          break;
        }
        changes.emoji_award = emoji;
        messages.push(T.awarded(emoji));
        break;
      }
      case 'relate': {
        // Linked by the issue-link module after the commands (create-note); related issues are admin_issue (spec §6 canAdmin)
        const refs = splitReferences([arg]);
        if (!refs.length || !env.can('admin_issue')) {
          refuse(name);
          break;
        }
        const all = [...((changes.relate as string[] | undefined) ?? []), ...refs];
        changes.relate = [...new Set(all)];
        messages.push(T.related(refs));
        break;
      }
      case 'publish': {
        // Published by the status-page module after the commands (create-note), as /relate is linked
        if (!env.can('publish_status_page')) {
          refuse(name);
          break;
        }
        changes.publish = true;
        messages.push(T.published);
        break;
      }
      case 'todo':
      case 'done':
      case 'subscribe':
      case 'unsubscribe':
      case 'promote': {
        // Applied by the to-do, subscription and epic modules after the commands (create-note)
        if (!mayRun(name)) {
          refuse(name);
          break;
        }
        if (name === 'todo' || name === 'done') changes.todo_event = name === 'todo' ? 'add' : 'done';
        else if (name === 'promote') changes.promote_to_epic = true;
        else changes.subscription_event = name;
        messages.push(name === 'todo' ? T.todoAdded : name === 'done' ? T.todoDone : name === 'subscribe' ? T.subscribed : name === 'unsubscribe' ? T.unsubscribed : T.promoted);
        break;
      }
      case 'move':
      case 'clone': {
        const words = arg.split(/\s+/).filter(Boolean);
        const withNotes = words.includes('--with_notes');
        const paths = words.filter((w) => w !== '--with_notes');
        if (!mayRun(name) || !paths.length) {
          refuse(name);
          break;
        }
        if (name === 'move') {
          if (paths.length > 1 || withNotes) refuse(name);
          else {
            changes.target_project_path = paths[0];
            messages.push(T.moved(paths[0]!));
          }
        } else if (paths.length > 1) errorMessages.push(T.cloneWrongParams);
        else if (withNotes) errorMessages.push(T.cloneWithNotes);
        else {
          changes.target_clone_project_path = paths[0];
          messages.push(T.cloned(paths[0]!));
        }
        break;
      }
      case 'duplicate':
      case 'unrelate':
      case 'copy_metadata': {
        const [ref] = splitReferences([arg]);
        if (!mayRun(name) || !ref) {
          refuse(name);
          break;
        }
        if (name === 'duplicate') {
          changes.canonical_issue_ref = ref;
          messages.push(T.duplicateOf(ref));
        } else if (name === 'unrelate') {
          changes.unrelate = ref;
          messages.push(T.unrelated(ref));
        } else {
          changes.copy_metadata_from = ref;
          messages.push(T.metadataCopied(ref));
        }
        break;
      }
      case 'blocks':
      case 'blocked_by': {
        const refs = splitReferences([arg]);
        if (!refs.length || !mayRun(name)) {
          refuse(name);
          break;
        }
        changes[name] = [...new Set([...((changes[name] as string[] | undefined) ?? []), ...refs])];
        messages.push(name === 'blocks' ? T.blocks(refs) : T.blockedBy(refs));
        break;
      }
      default:
        // A command no field declares and none of the above: nothing sets it
        refuse(name);
    }
  }
  for (const field of ISSUE_FIELDS) {
    const value = input[field.key];
    if (value !== undefined) Object.assign(changes, field.quickActions?.changes?.(value as never) ?? { [snake(field.key)]: value });
  }
  return { input: state.input, messages, errorMessages, changes };
}
