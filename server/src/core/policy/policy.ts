import { ACCESS_LEVEL, type Visibility } from '@tandem/shared-types';

/**
 * The one policy module. Every REST endpoint, GraphQL resolver and socket handler asks it.
 * Rules are pure functions over facts the caller loads (the actor, the project's visibility,
 * the actor's effective access level, the issue); they never touch the database.
 */
export interface Actor {
  id: number;
  username: string;
  isAdmin: boolean;
  /** Token scopes; null for a browser session (full access). */
  scopes: string[] | null;
}

export interface ProjectFacts {
  visibility: Visibility;
  archived: boolean;
  /** The actor's effective access level: max of project and ancestor-group memberships. */
  accessLevel: number;
}

export interface IssueFacts {
  confidential: boolean;
  authorId: number | null;
  assigneeIds: readonly number[];
  discussionLocked: boolean;
  state: 'opened' | 'closed';
}

export type ProjectAbility = 'read_project' | 'create_issue' | 'admin_project' | 'read_confidential_issues';
export type IssueAbility =
  | 'read_issue'
  | 'update_issue'
  | 'admin_issue'
  | 'reopen_issue'
  | 'destroy_issue'
  | 'create_note';
export type Ability = ProjectAbility | IssueAbility;

export const ALL_ABILITIES: readonly Ability[] = [
  'read_project', 'create_issue', 'admin_project', 'read_confidential_issues',
  'read_issue', 'update_issue', 'admin_issue', 'reopen_issue', 'destroy_issue', 'create_note',
];

/** Abilities that change data: tokens with only `read_api` may not use them. */
const WRITE_ABILITIES = new Set<Ability>([
  'create_issue', 'admin_project', 'update_issue', 'admin_issue', 'reopen_issue', 'destroy_issue', 'create_note',
]);

export function scopeAllows(actor: Actor | null, ability: Ability): boolean {
  if (!actor || actor.scopes === null) return true;
  if (actor.scopes.includes('api')) return true;
  return actor.scopes.includes('read_api') && !WRITE_ABILITIES.has(ability);
}

export function canReadProject(actor: Actor | null, p: ProjectFacts): boolean {
  if (actor?.isAdmin) return true;
  if (p.visibility === 'public') return true;
  if (p.visibility === 'internal') return actor !== null;
  return actor !== null && p.accessLevel >= ACCESS_LEVEL.GUEST;
}

export function canProject(actor: Actor | null, ability: ProjectAbility, p: ProjectFacts): boolean {
  if (!scopeAllows(actor, ability)) return false;
  if (!canReadProject(actor, p)) return false;
  switch (ability) {
    case 'read_project':
      return true;
    case 'create_issue':
      // Any signed-in user who can see the project may report an issue (GitLab's rule).
      return actor !== null && !p.archived;
    case 'read_confidential_issues':
      return actor !== null && (actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.REPORTER);
    case 'admin_project':
      return actor !== null && (actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.MAINTAINER);
  }
}

export function canIssue(actor: Actor | null, ability: IssueAbility, p: ProjectFacts, i: IssueFacts): boolean {
  if (!scopeAllows(actor, ability)) return false;
  if (!canReadIssue(actor, p, i)) return false;
  if (ability === 'read_issue') return true;
  if (actor === null) return false;
  const isAuthor = i.authorId === actor.id;
  const isAssignee = i.assigneeIds.includes(actor.id);
  const reporter = actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.REPORTER;
  if (p.archived) return false;
  switch (ability) {
    case 'update_issue':
    case 'reopen_issue':
      // Reporters and up manage issues; authors and assignees may edit and close their own.
      return reporter || isAuthor || isAssignee;
    case 'admin_issue':
      return reporter;
    case 'destroy_issue':
      return actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.OWNER;
    case 'create_note':
      return !i.discussionLocked || reporter;
  }
}

export function canReadIssue(actor: Actor | null, p: ProjectFacts, i: IssueFacts): boolean {
  if (!canReadProject(actor, p)) return false;
  if (!i.confidential) return true;
  if (actor === null) return false;
  return (
    actor.isAdmin || p.accessLevel >= ACCESS_LEVEL.REPORTER || i.authorId === actor.id || i.assigneeIds.includes(actor.id)
  );
}
