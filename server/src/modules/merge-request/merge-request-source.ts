import type { Actor } from '../../core/policy/policy';
import type { ForkSourceFacts } from '../../core/policy/merge-request-permissions';
import type { ProjectService } from '../project/project.service';
import type { GitRepository, RepositoryService } from '../repository';
import type { MergeRequestRow } from './merge-request.store';

type SourceOf = Pick<MergeRequestRow, 'iid' | 'sourceProjectId' | 'targetProjectId' | 'sourceBranch'>;

/** Is the source branch in another project (a fork) than the one the merge request belongs to? */
export const isFromFork = (mr: Pick<MergeRequestRow, 'sourceProjectId' | 'targetProjectId'>): boolean => mr.sourceProjectId !== mr.targetProjectId;

/**
 * A merge request's source head as its target repository sees it (docs/decisions.md, "Merge
 * requests from forks"): the source branch in the same project; from a fork, the commit the
 * target's `refs/merge-requests/<iid>/head` holds (fetched on create and on every push to the
 * fork's branch), so diffs, commits and merges read one repository. Null: nothing to show.
 */
export async function sourceHeadIn(target: GitRepository, mr: SourceOf): Promise<string | null> {
  if (!isFromFork(mr)) return (await target.branch(mr.sourceBranch))?.commit.id ?? null;
  return target.mergeRequestHead(mr.iid);
}

/**
 * The source branch's head now, where it lives, and (from a fork) fetched into the target's
 * merge request ref at that commit first: what merging and applying suggestions act on.
 * Null when the source branch is gone.
 */
export async function liveSourceHead(repos: RepositoryService, target: GitRepository, mr: SourceOf): Promise<string | null> {
  if (!isFromFork(mr)) return sourceHeadIn(target, mr);
  const source = await repos.open(mr.sourceProjectId);
  const head = (await source.branch(mr.sourceBranch))?.commit.id ?? null;
  return head && (await target.fetchMergeRequestHead(source, mr.sourceBranch, mr.iid, head));
}

/** The fork's side for the policy (canPushToSourceBranch): the actor's facts there; undefined for a same-project merge request. */
export async function forkSourceFacts(projects: ProjectService, actor: Actor | null, mr: SourceOf & { allowCollaboration: boolean }): Promise<ForkSourceFacts | undefined> {
  if (!isFromFork(mr)) return undefined;
  const found = await projects.findReadable(actor, mr.sourceProjectId).catch(() => null);
  // A fork the actor cannot see gives them no rights there
  return { facts: found?.facts ?? { visibility: 'private', archived: true, accessLevel: 0 }, allowCollaboration: mr.allowCollaboration };
}
