import type { ApiNote, UserBasic } from '@tandem/shared-types';
import type { AppConfig } from '../../core/config/config';
import { noteCurrentUser, notePermissionsFor, type NoteAbilities } from '../../core/policy/issue-permissions';
import type { Actor } from '../../core/policy/policy';
import { issueNoteable, type IssueContext } from '../issue/issue-context';
import type { User } from '../user/user.entity';
import { toUserBasic } from '../user/user.mapper';
import type { DiscussionPlace } from './discussion.mapper';
import type { Note } from './note.entity';
import { noteablePageUrl, toApiNote, type NoteMapContext, type NoteRecord } from './note.mapper';

/** An issue as a note action reads it: its context and the signed-in actor's user row (when loaded with it). */
export type NoteIssue = IssueContext & { actorUser?: User | null };

/** The issue's note-mapping context, with `users` for the notes' names. */
export function issueNoteMap(config: AppConfig, ctx: IssueContext, users: ReadonlyMap<number, UserBasic>): NoteMapContext {
  return { noteableIid: ctx.issue.iid, noteableUrl: noteablePageUrl(config.publicUrl, issueNoteable(ctx.issue, ctx.project)), users };
}

export function discussionPlace(ctx: IssueContext): DiscussionPlace {
  return { projectPath: ctx.project.fullPath, projectId: ctx.project.id, iid: ctx.issue.iid, issueId: ctx.issue.id };
}

/** The per-note abilities of `actor` on the notes of one discussion (its first note's author resolves the thread). */
export function abilitiesIn(actor: Actor | null, ctx: IssueContext, discussion: readonly NoteRecord[]): (n: NoteRecord) => NoteAbilities {
  const perms = notePermissionsFor(actor, ctx.projectFacts, ctx.facts);
  const rootAuthor = discussion[0]?.authorId ?? null;
  return (n) => perms({ authorId: n.authorId, system: n.system, internal: n.internal, resolvable: n.resolvable, discussionAuthorId: rootAuthor });
}

/** Notes of one discussion as one viewer sees them (current_user included). */
export function viewerNotes(actor: Actor | null, ctx: IssueContext, records: readonly NoteRecord[], map: NoteMapContext): ApiNote[] {
  const can = abilitiesIn(actor, ctx, records);
  return records.map((r) => toApiNote(r, map, noteCurrentUser(can(r))));
}

/** The actor's UserBasic, from the row read with the issue or given. */
export function actorBasic(config: AppConfig, user: User): UserBasic {
  return toUserBasic(user, config.publicUrl);
}

export const EPOCH = new Date(0);

/** A stored note as a record (entity rows are records already). */
export const recordOf = (n: Note): NoteRecord => n;
