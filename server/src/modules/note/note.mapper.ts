import { noteRoleBadge, noteSuggestions, streamNoteablePaths, withRangeLines, type ApiNote, type NoteableType, type NoteAuthor, type NoteCurrentUser, type UserBasic } from '@tandem/shared-types';
import type { Noteable } from '../../core/realtime/event-log.service';
import type { Note } from './note.entity';

/** The stored fields a note's JSON is made of (the entity, or a row a writer just inserted). */
export type NoteRecord = Pick<
  Note,
  | 'id' | 'noteableType' | 'noteableId' | 'projectId' | 'authorId' | 'note' | 'noteHtml' | 'type' | 'discussionId' | 'system'
  | 'systemNoteIconName' | 'internal' | 'resolvable' | 'resolvedAt' | 'resolvedById' | 'lastEditedAt' | 'updatedById'
  | 'createdAt' | 'updatedAt'
> &
  Partial<Pick<Note, 'descriptionVersionId' | 'startDescriptionVersionId' | 'descriptionVersionDeleted' | 'position' | 'originalPosition' | 'positionOutdated' | 'suggestions'>>;

/** Where the notes are shown: the noteable's iid and page, and the users they mention. */
export interface NoteMapContext {
  noteableIid: number | null;
  /** Absolute URL of the noteable's page, for permalinks. */
  noteableUrl: string;
  /** A comment's Report abuse path (the noteable's paths' `reportAbuse`); null: its notes offer none (an epic's). */
  reportAbuse: ((noteId: string | number) => string) | null;
  users: ReadonlyMap<number, UserBasic>;
  /** Authors' effective project access levels, where known: their notes carry `human_access`. */
  accessLevels?: ReadonlyMap<number, number>;
  /** Authors with merged merge requests in the project: non-members among them carry `is_contributor`. */
  contributors?: ReadonlySet<number>;
}

export const noteAuthor = (u: UserBasic): NoteAuthor => ({ ...u, path: `/${u.username}` });

/** Ids of every user a note's JSON names: author, last editor, resolver. */
export function userIdsOf(notes: readonly NoteRecord[]): number[] {
  const ids = new Set<number>();
  for (const n of notes) {
    if (n.authorId !== null) ids.add(n.authorId);
    if (n.lastEditedAt && n.updatedById !== null) ids.add(n.updatedById);
    if (n.resolvedAt && n.resolvedById !== null) ids.add(n.resolvedById);
  }
  return [...ids];
}

/** The one note shape (shared-types ApiNote); `currentUser` only for an answer to one viewer. */
export function toApiNote(n: NoteRecord, ctx: NoteMapContext, currentUser?: NoteCurrentUser): ApiNote {
  const user = (id: number | null) => (id === null ? null : (ctx.users.get(id) ?? null));
  const author = user(n.authorId);
  const id = String(n.id);
  return {
    id,
    type: n.type,
    note: n.note,
    body: n.note,
    note_html: n.noteHtml,
    author: author ? noteAuthor(author) : null,
    created_at: n.createdAt.toISOString(),
    updated_at: n.updatedAt.toISOString(),
    last_edited_at: n.lastEditedAt?.toISOString() ?? null,
    last_edited_by: n.lastEditedAt ? user(n.updatedById) : null,
    system: n.system,
    system_note_icon_name: n.system ? n.systemNoteIconName : null,
    noteable_id: n.noteableId,
    noteable_type: n.noteableType,
    noteable_iid: ctx.noteableIid,
    noteable_note_url: `${ctx.noteableUrl}#note_${id}`,
    // Who wrote it may be reported (a system note or a deleted user's is no one's)
    report_abuse_path: ctx.reportAbuse && !n.system && n.authorId !== null ? ctx.reportAbuse(id) : null,
    project_id: n.projectId,
    discussion_id: n.discussionId,
    individual_note: n.type === null,
    internal: n.internal,
    confidential: n.internal,
    resolvable: n.resolvable,
    resolved: n.resolvedAt !== null,
    resolved_at: n.resolvedAt?.toISOString() ?? null,
    resolved_by: n.resolvedAt ? user(n.resolvedById) : null,
    emoji_awardable: !n.system,
    ...(ctx.accessLevels && !n.system && n.authorId !== null && ctx.accessLevels.has(n.authorId) ? { human_access: noteRoleBadge(ctx.accessLevels.get(n.authorId)) } : {}),
    ...(ctx.contributors?.has(n.authorId ?? 0) && !n.system && (ctx.accessLevels?.get(n.authorId!) ?? 0) <= 0 ? { is_contributor: true } : {}),
    ...(n.position ? { position: withRangeLines(n.position), original_position: withRangeLines(n.originalPosition ?? n.position), outdated: n.positionOutdated ?? false } : {}),
    ...(n.suggestions?.length ? { suggestions: noteSuggestions(n.id, n.note, n.position?.position_type === 'text' ? n.position.new_line : null, n.suggestions) } : {}),
    ...(n.descriptionVersionId ? descriptionVersionFields(n, ctx.noteableUrl) : {}),
    ...(currentUser ? { current_user: currentUser } : {}),
  };
}

/** A noteable's part of its notes' map context: its iid, page URL and Report abuse paths. */
export function noteablePlace(publicUrl: string, n: Noteable): Pick<NoteMapContext, 'noteableIid' | 'noteableUrl' | 'reportAbuse'> {
  // The ref's path is the noteable's stream path (a merge request's `<project>/-/merge_requests`, an epic's `groups/<group>`)
  return { noteableIid: n.ref.iid, noteableUrl: noteablePageUrl(publicUrl, n), reportAbuse: streamNoteablePaths(n.ref.project_path, n.ref.iid, n.id).reportAbuse };
}

/** Absolute URL of a noteable's page (the permalink base of its notes). */
export function noteablePageUrl(publicUrl: string, n: { type: NoteableType; ref: { iid: number; project_path: string } }): string {
  const path = n.ref.project_path;
  switch (n.type) {
    case 'Issue':
      return `${publicUrl}/${path}/-/issues/${n.ref.iid}`;
    case 'MergeRequest':
      // A merge request's stream path is `<project>/-/merge_requests` already (mergeRequestStreamPath)
      return `${publicUrl}/${path}/${n.ref.iid}`;
    case 'Epic':
      // An epic's stream path is `groups/<group path>` already (epicStreamPath)
      return `${publicUrl}/${path}/-/epics/${n.ref.iid}`;
  }
}

/** A "changed the description" note's version fields and the compare paths (GitLab's NoteEntity). */
function descriptionVersionFields(n: NoteRecord, noteableUrl: string): Partial<ApiNote> {
  const issuePath = new URL(noteableUrl).pathname;
  const start = n.startDescriptionVersionId ?? null;
  return {
    description_version_id: n.descriptionVersionId!,
    start_description_version_id: start,
    description_version_deleted: n.descriptionVersionDeleted ?? false,
    description_diff_path: `${issuePath}/descriptions/${n.descriptionVersionId}/diff${start ? `?start_version_id=${start}` : ''}`,
    delete_description_version_path: `${issuePath}/descriptions/${n.descriptionVersionId}`,
  };
}
