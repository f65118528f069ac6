import type { Type } from '@nestjs/common';
import type { Actor } from '../../core/policy/policy';
import type { VersionOwner } from './description-versions/description-version.store';
import type { NoteTarget } from './note-target';

/** A route's parameters as Express hands them over (a `*wildcard` is an array of segments). */
export type RouteParams = Record<string, string | string[] | undefined>;

/** A route parameter as text (a wildcard's segments joined by `/`; absent: empty). */
export function routeParam(params: RouteParams, name: string): string {
  const v = params[name];
  return Array.isArray(v) ? v.join('/') : (v ?? '');
}

/**
 * What a page note call says about its noteable besides its route: the note, and GitLab's
 * `target_type` / `target_id` (Projects::NotesController finds an issue's notes that way; an
 * epic's note routes sit under the epic and need neither).
 */
export interface PageNoteRef {
  noteId: number | null;
  targetId?: unknown;
  targetType?: unknown;
  /** A missing note is 410 Gone (edit, delete), not 404. */
  gone?: boolean;
}

/**
 * One noteable type's finders for the shared routes: each loads the noteable as a `NoteTarget`
 * for the actor and answers "not found" (the noteable's, or its project's or group's) unless
 * the policy module lets the actor read it. The rest of the rules are the target's abilities.
 */
export interface NoteableTargets<T extends NoteTarget = NoteTarget> {
  /** By the REST route's parameters (`NoteableKind.rest`). */
  fromRest(actor: Actor | null, params: RouteParams): Promise<T>;
  /** By the page route's parameters (`NoteableKind.page`). */
  fromPage(actor: Actor | null, params: RouteParams): Promise<T>;
  /** By the page note route's parameters (`NoteableKind.pageNotes`) and the call's note or target. */
  fromPageNote(actor: Actor | null, params: RouteParams, ref: PageNoteRef): Promise<T>;
  /** Policy: may the actor soft-delete a description version written by `authorId`? */
  canDeleteDescriptionVersion(actor: Actor | null, t: T, authorId: number | null): boolean;
}

/**
 * Everything a noteable type gives to get notes, discussions, awards and description versions
 * (REST v4 and the page's JSON) from `noteableControllersFor`: issues (`issue-noteable.ts`),
 * epics (`epic/discussions/epic-note-target.ts`); a merge request is one more of these.
 */
export interface NoteableKind {
  /** Its notes' `noteable_type`; its description versions' owner too. */
  type: VersionOwner['type'];
  /** REST v4 prefix, e.g. `api/v4/projects/:id/issues/:iid`. */
  rest: string;
  /** The page's prefix, e.g. `*project/-/issues/:iid` (discussions.json, awards, descriptions). */
  page: string;
  /**
   * Where the page's note calls go: under the epic for an epic; `*project/notes` for an issue
   * (GitLab's Projects::NotesController, which names its noteable by `target_type`). A merge
   * request shares that path, where a second mount would never be reached: that path must then
   * dispatch on `target_type` (or the note's `noteable_type`), the one piece merge requests add
   * beyond their descriptor.
   */
  pageNotes: string;
  /** The injectable that finds its targets. */
  targets: Type<NoteableTargets>;
}
