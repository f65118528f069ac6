import { ACCESS_LEVEL } from '@tandem/shared-types';
import type { NoteableAbilities } from './issue-permissions';
import { canProject, canReadProject, scopeAllows, type Actor, type MergeRequestAbility, type ProjectFacts } from './policy';

/** A merge request as its rules need it (null: one not opened yet). */
export interface MergeRequestFacts {
  authorId: number | null;
  discussionLocked: boolean;
  state: 'opened' | 'closed' | 'merged' | 'locked';
}

/** GitLab: guests of a private project do not see its code, nor its merge requests. */
export function canReadMergeRequests(actor: Actor | null, p: ProjectFacts): boolean {
  if (!canReadProject(actor, p)) return false;
  if (actor?.isAdmin || p.visibility !== 'private') return true;
  return p.accessLevel >= ACCESS_LEVEL.REPORTER;
}

/**
 * MergeRequestPolicy: readers read; developers (push_code) create, administer and merge; the
 * author updates and closes their own; nothing is written in an archived project or with a
 * read-only token. `m` null asks about the project (create_merge_request, push_code).
 */
export function canMergeRequest(actor: Actor | null, ability: MergeRequestAbility, p: ProjectFacts, m: MergeRequestFacts | null): boolean {
  if (!scopeAllows(actor, ability)) return false;
  if (!canReadMergeRequests(actor, p)) return false;
  if (ability === 'read_merge_request') return true;
  // A to-do and notifications are the reader's own (GitLab's update_subscription), archived project or not
  if (ability === 'update_subscription') return actor !== null;
  if (actor === null || p.archived) return false;
  const developer = actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.DEVELOPER;
  switch (ability) {
    case 'create_merge_request':
    case 'push_code':
    case 'admin_merge_request':
      return developer;
    case 'update_merge_request':
      return developer || (m !== null && m.authorId === actor.id);
    case 'merge_merge_request':
      return developer && m !== null && m.state === 'opened';
  }
}

/**
 * Whether a user may be mailed about a merge request (notification mail): only if they may read
 * it (a guest or outsider of a private project may not), and about an internal note only if they
 * may read internal notes (reporters and up), as canBeNotifiedAbout for issues.
 */
export function canBeNotifiedAboutMergeRequest(actor: Actor, p: ProjectFacts, m: MergeRequestFacts, internalNote: boolean): boolean {
  const abilities = mergeRequestNoteableAbilities(actor, p, m);
  return abilities.read && (!internalNote || abilities.readInternalNote);
}

/** The note rules' view of a merge request (as issues': readers comment unless locked; reporters see internal notes). */
export function mergeRequestNoteableAbilities(actor: Actor | null, p: ProjectFacts, m: MergeRequestFacts): NoteableAbilities {
  const read = canMergeRequest(actor, 'read_merge_request', p, m);
  const writes = actor !== null && scopeAllows(actor, 'create_note') && !p.archived;
  const level = actor?.isAdmin ? ACCESS_LEVEL.OWNER : p.accessLevel;
  const reporter = actor !== null && level >= ACCESS_LEVEL.REPORTER;
  return {
    read,
    createNote: read && writes && (!m.discussionLocked || reporter),
    readInternalNote: read && reporter,
    admin: canMergeRequest(actor, 'admin_merge_request', p, m),
    awardEmoji: read && writes,
    maintainer: actor !== null && level >= ACCESS_LEVEL.MAINTAINER,
    writes,
    authorId: m.authorId,
  };
}

/**
 * The header menu's Report abuse (GitLab's merge request header: its author reported), as the
 * issue header's (issueHeaderFlags): a signed-in reader who may write notes (not a read-only
 * token), not the author; none when the author's account is gone.
 */
export function mergeRequestHeaderFlags(actor: Actor | null, a: NoteableAbilities) {
  const signedInWriter = actor !== null && a.read && scopeAllows(actor, 'create_note');
  return { canReportAbuse: signedInWriter && a.authorId !== null && a.authorId !== actor!.id };
}

/** The merge request page's flags, in the shared discussion area's names (IssuePermissions), canMerge and the header's. */
export function mergeRequestPagePermissions(actor: Actor | null, p: ProjectFacts, m: MergeRequestFacts) {
  const a = mergeRequestNoteableAbilities(actor, p, m);
  const update = canMergeRequest(actor, 'update_merge_request', p, m);
  const unlocked = mergeRequestNoteableAbilities(actor, p, { ...m, discussionLocked: false }).createNote;
  const locked = mergeRequestNoteableAbilities(actor, p, { ...m, discussionLocked: true }).createNote;
  return {
    canUpdateIssue: update && m.state !== 'merged',
    canReopenIssue: update && m.state === 'closed',
    canCreateIssue: false,
    canDestroy: false,
    canAdmin: canMergeRequest(actor, 'admin_merge_request', p, m),
    canCreateNote: a.createNote,
    canCreateNoteWhenLocked: locked,
    canCreateNoteWhenUnlocked: unlocked,
    canUpdate: update,
    canCreateInternalNote: a.createNote && a.readInternalNote,
    canAwardEmoji: a.awardEmoji,
    canMerge: canMergeRequest(actor, 'merge_merge_request', p, m),
    ...mergeRequestHeaderFlags(actor, a),
  };
}

/**
 * Review drafts (GitLab's DraftNote: `merge_request.draft_notes.authored_by(current_user)`):
 * who may write notes on the merge request may keep drafts; a draft is read, changed, deleted
 * and published by its author only (anyone else is told it does not exist).
 */
export function draftNoteAbilities(actor: Actor | null, noteable: Pick<NoteableAbilities, 'createNote'>, draftAuthorId: number | null) {
  const own = actor !== null && draftAuthorId !== null && draftAuthorId === actor.id;
  return { create: actor !== null && noteable.createNote, read: own, update: own && noteable.createNote, publish: own && noteable.createNote };
}

/**
 * A merge request from a fork into `target` (GitLab's create_merge_request_in): every signed-in
 * reader of its code and merge requests (guests of public projects too), not in an archived
 * project; the source side needs create_merge_request (GitLab's create_merge_request_from) in the fork.
 */
export function canCreateMergeRequestIn(actor: Actor | null, target: ProjectFacts): boolean {
  return actor !== null && scopeAllows(actor, 'create_merge_request') && !target.archived && canReadMergeRequests(actor, target) && canProject(actor, 'read_code', target);
}

/** The source project's side of a merge request from a fork, with its collaboration flag (GitLab's allow_maintainer_to_push). */
export interface ForkSourceFacts {
  facts: ProjectFacts;
  allowCollaboration: boolean;
}

/**
 * Who may push to a merge request's source branch (GitLab's Project#branch_allows_collaboration?):
 * push_code where the branch lives; for a merge request from a fork that allows collaboration,
 * also whoever may merge it in the target project. `source` absent: the branch is in `p` itself.
 */
export function canPushToSourceBranch(actor: Actor | null, p: ProjectFacts, m: MergeRequestFacts, source?: ForkSourceFacts): boolean {
  if (actor === null || m.state !== 'opened') return false;
  if (!source) return canMergeRequest(actor, 'push_code', p, m);
  if (canProject(actor, 'push_code', source.facts) && scopeAllows(actor, 'push_code')) return true;
  return source.allowCollaboration && canMergeRequest(actor, 'merge_merge_request', p, m);
}

/**
 * GitLab's noteable `can_receive_suggestion` (MergeRequest#supports_suggestion?, always true for
 * a merge request): its diff lines take code suggestions from whoever may comment on them (the
 * comment form's Insert suggestion); applying one is canApplySuggestion's.
 */
export function mergeRequestReceivesSuggestions(): boolean {
  return true;
}

/**
 * Applying a code suggestion (GitLab's :apply_suggestion): writes a commit on the source branch,
 * so who may push to it (canPushToSourceBranch), on an open merge request.
 */
export function canApplySuggestion(actor: Actor | null, p: ProjectFacts, m: MergeRequestFacts, source?: ForkSourceFacts): boolean {
  return canPushToSourceBranch(actor, p, m, source);
}

/**
 * The sidebar's can_merge of an assignee or reviewer (GitLab's can_be_merged_by): whether
 * merge_merge_request would let that user merge an open merge request of this project, by
 * their own access level.
 */
export function userCanMerge(user: { id: number; username: string; isAdmin: boolean }, accessLevel: number, p: ProjectFacts): boolean {
  return canMergeRequest({ ...user, scopes: null }, 'merge_merge_request', { ...p, accessLevel }, { authorId: null, discussionLocked: false, state: 'opened' });
}
