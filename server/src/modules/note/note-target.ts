import type { ApiDiffPosition, ApiNote, UserBasic } from '@tandem/shared-types';
import { ValidationError } from '../../core/errors/app-error';
import type { AppConfig } from '../../core/config/config';
import { issueNoteableAbilities, noteCurrentUser, notePermissionsOn, type NoteAbilities, type NoteableAbilities } from '../../core/policy/issue-permissions';
import type { Actor } from '../../core/policy/policy';
import type { Noteable, Tx } from '../../core/realtime/event-log.service';
import type { QuickActionCommand, QuickActionNames } from '../issue/quick-actions/parse-quick-actions';
import type { QuickActionsOutcome } from './quick-actions/quick-actions.service';
import { issueNoteable, type IssueContext } from '../issue/issue-context';
import type { User } from '../user/user.entity';
import { toUserBasic } from '../user/user.mapper';
import type { DiscussionPlace } from './discussion.mapper';
import type { Note } from './note.entity';
import type { NoteViewer } from './note.finder';
import { noteablePlace, toApiNote, type NoteMapContext, type NoteRecord } from './note.mapper';

/** An issue as a note action reads it: its context and the signed-in actor's user row (when loaded with it). */
export type NoteIssue = IssueContext & { actorUser?: User | null };

/**
 * A noteable as the note actions see it, for one actor: an issue (issueTarget) or an epic
 * (the epic module's epicNoteTarget). The actions take this, or an issue's context, which
 * they turn into one (toTarget), so one action serves every noteable type.
 */
export interface NoteTarget {
  kind: 'target';
  noteable: Noteable;
  /** notes.project_id (null for a group's epic). */
  projectId: number | null;
  /** The actor's abilities on the noteable (policy: issueNoteableAbilities / epicNoteableAbilities). */
  abilities: NoteableAbilities;
  /** The actor's effective level where the noteable lives (their role badge on a new note). */
  accessLevel: number;
  /** Where markdown resolves references: the project's path, or the epic's group. */
  markdown: { projectPath?: string; groupPath?: string };
  /** The project whose labels `~label` references look up (null: none). */
  labelProjectId: number | null;
  /** For role badges in lists: the project and the namespace whose memberships count. */
  membership: { projectId: number | null; namespaceId: number | null };
  place: DiscussionPlace;
  actorUser?: User | null;
  /** The issue context when the noteable is an issue (quick actions, awards). */
  issue?: NoteIssue;
  /** Merge requests: checks a diff note's `position` against the current diff (400 naming the problem otherwise). Absent: positions are refused. */
  diffPosition?: (raw: unknown) => Promise<ApiDiffPosition>;
  /** Merge requests: the new file's text at a position's head (what a code suggestion replaces); null when unreadable. Absent: no suggestions. */
  suggestionSource?: (position: ApiDiffPosition) => Promise<string | null>;
  /** Another noteable's command table (absent: the issue's, QUICK_ACTION_NAMES); merge requests: MERGE_REQUEST_QUICK_ACTION_NAMES. */
  commandNames?: QuickActionNames;
  /** Another noteable's quick actions, applied in the note's transaction (epics: epic-quick-actions.ts; merge requests: merge-request-quick-actions.ts). */
  commands?(tx: Tx, actor: Actor, commands: readonly QuickActionCommand[]): Promise<QuickActionsOutcome>;
  /** Merge requests: a review comment posted to the page's create-note endpoint (GitLab's `draft_note` form) is kept as a draft; answers the draft. Absent: refused. */
  createDraft?(actor: Actor, body: unknown): Promise<unknown>;
  /** What a noteable's commands do after the note's transaction commits (a merge request's /merge moves a git ref). */
  afterCommands?(actor: Actor, changes: Record<string, unknown>, status: { messages: string[]; error_messages: string[] }): Promise<void>;
}

export function issueTarget(actor: Actor | null, ctx: NoteIssue): NoteTarget {
  return {
    kind: 'target',
    noteable: issueNoteable(ctx.issue, ctx.project),
    projectId: ctx.project.id,
    abilities: issueNoteableAbilities(actor, ctx.projectFacts, ctx.facts),
    accessLevel: ctx.projectFacts.accessLevel,
    markdown: { projectPath: ctx.project.fullPath },
    labelProjectId: ctx.project.id,
    membership: { projectId: ctx.project.id, namespaceId: ctx.project.namespaceId },
    place: discussionPlace(ctx),
    actorUser: ctx.actorUser,
    issue: ctx,
  };
}

/** The target of either form an action is given. */
export function toTarget(actor: Actor | null, x: NoteIssue | NoteTarget): NoteTarget {
  return 'kind' in x && x.kind === 'target' ? x : issueTarget(actor, x as NoteIssue);
}

/** The noteable's note-mapping context, with `users` for the notes' names. */
export function targetNoteMap(config: AppConfig, t: NoteTarget, users: ReadonlyMap<number, UserBasic>): NoteMapContext {
  return { ...noteablePlace(config.publicUrl, t.noteable), users };
}

/** The issue's note-mapping context, with `users` for the notes' names. */
export function issueNoteMap(config: AppConfig, ctx: IssueContext, users: ReadonlyMap<number, UserBasic>): NoteMapContext {
  return { ...noteablePlace(config.publicUrl, issueNoteable(ctx.issue, ctx.project)), users };
}

export function discussionPlace(ctx: IssueContext): DiscussionPlace {
  return { type: 'Issue', projectPath: ctx.project.fullPath, projectId: ctx.project.id, iid: ctx.issue.iid, issueId: ctx.issue.id };
}

/** The per-note abilities of `actor` on the notes of one discussion (its first note's author resolves the thread). */
export function abilitiesIn(actor: Actor | null, t: NoteTarget, discussion: readonly NoteRecord[]): (n: NoteRecord) => NoteAbilities {
  const perms = notePermissionsOn(actor, t.abilities);
  const rootAuthor = discussion[0]?.authorId ?? null;
  return (n) => perms({ authorId: n.authorId, system: n.system, internal: n.internal, resolvable: n.resolvable, discussionAuthorId: rootAuthor });
}

/** What NoteFinder needs to serve the target's notes to `actor` (internal notes, cross-references). */
export function noteViewer(actor: Actor | null, t: NoteTarget): NoteViewer {
  return { actor, readInternal: t.abilities.readInternalNote, base: t.markdown };
}

/** Notes of one discussion as one viewer sees them (current_user included). */
export function viewerNotes(actor: Actor | null, t: NoteTarget, records: readonly NoteRecord[], map: NoteMapContext): ApiNote[] {
  const can = abilitiesIn(actor, t, records);
  return records.map((r) => toApiNote(r, map, noteCurrentUser(can(r))));
}

/** The actor's UserBasic, from the row read with the issue or given. */
export function actorBasic(config: AppConfig, user: User): UserBasic {
  return toUserBasic(user, config.publicUrl);
}

export const EPOCH = new Date(0);

/** A stored note as a record (entity rows are records already). */
export const recordOf = (n: Note): NoteRecord => n;

/** A diff note's position, checked by the noteable (only merge requests have diffs: 400 elsewhere). */
export function diffPositionOf(t: NoteTarget, raw: unknown) {
  if (!t.diffPosition) throw new ValidationError({ position: ['is not supported on this noteable'] });
  return t.diffPosition(raw);
}
