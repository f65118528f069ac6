import { graphqlRequest } from '../../../shared/api/graphql';
import { projectApiPath, requestJson } from '../../../shared/api/http';
import type { PersonOption } from '../../sidebar/people/assigneeRules';

/** The mutations' common answer: the errors (empty when it was saved). */
interface Payload {
  errors: string[];
}

const SET_ASSIGNEES = `mutation mergeRequestSetAssignees($input: MergeRequestSetAssigneesInput!) {
  mergeRequestSetAssignees(input: $input) { errors mergeRequest { id } }
}`;
const SET_REVIEWERS = `mutation mergeRequestSetReviewers($input: MergeRequestSetReviewersInput!) {
  mergeRequestSetReviewers(input: $input) { errors mergeRequest { id } }
}`;
const REREVIEW = `mutation mergeRequestReviewerRereview($input: MergeRequestReviewerRereviewInput!) {
  mergeRequestReviewerRereview(input: $input) { errors mergeRequest { id } }
}`;
const SET_LABELS = `mutation mergeRequestSetLabels($input: MergeRequestSetLabelsInput!) {
  mergeRequestSetLabels(input: $input) { errors mergeRequest { id labels { nodes { id title } } } }
}`;
const SET_MILESTONE = `mutation mergeRequestSetMilestone($input: MergeRequestSetMilestoneInput!) {
  mergeRequestSetMilestone(input: $input) { errors mergeRequest { id } }
}`;

const SET_SUBSCRIPTION = `mutation mergeRequestSetSubscription($input: MergeRequestSetSubscriptionInput!) {
  mergeRequestSetSubscription(input: $input) { errors mergeRequest { id subscribed } }
}`;

const errorsOf = (p: Payload | null | undefined) => p?.errors ?? ['not saved'];

/** GraphQL mergeRequestSetAssignees / mergeRequestSetReviewers (replace, by username): the errors. */
export async function setMergeRequestPeople(kind: 'assignees' | 'reviewers', projectPath: string, iid: number, usernames: string[]): Promise<string[]> {
  if (kind === 'assignees') {
    const data = await graphqlRequest<{ mergeRequestSetAssignees: Payload | null }>(SET_ASSIGNEES, { input: { projectPath, iid: String(iid), assigneeUsernames: usernames } });
    return errorsOf(data.mergeRequestSetAssignees);
  }
  const data = await graphqlRequest<{ mergeRequestSetReviewers: Payload | null }>(SET_REVIEWERS, { input: { projectPath, iid: String(iid), reviewerUsernames: usernames } });
  return errorsOf(data.mergeRequestSetReviewers);
}

/** GraphQL mergeRequestReviewerRereview: the errors. */
export async function rerequestReview(projectPath: string, iid: number, userId: number): Promise<string[]> {
  const data = await graphqlRequest<{ mergeRequestReviewerRereview: Payload | null }>(REREVIEW, { input: { projectPath, iid: String(iid), userId: `gid://gitlab/User/${userId}` } });
  return errorsOf(data.mergeRequestReviewerRereview);
}

/**
 * GraphQL mergeRequestSetLabels (the spec's call: label global ids): the errors. APPEND and REMOVE
 * change only the labels named, so a label the dropdown did not list is kept.
 */
export async function setMergeRequestLabels(projectPath: string, iid: number, labelIds: number[], operationMode: 'APPEND' | 'REMOVE' | 'REPLACE' = 'REPLACE'): Promise<string[]> {
  const data = await graphqlRequest<{ mergeRequestSetLabels: Payload | null }>(SET_LABELS, {
    input: { projectPath, iid: String(iid), labelIds: labelIds.map((id) => `gid://gitlab/Label/${id}`), operationMode },
  });
  return errorsOf(data.mergeRequestSetLabels);
}

/** GraphQL mergeRequestSetSubscription: the viewer's new state, or null when it was not saved. */
export async function setMergeRequestSubscription(projectPath: string, iid: number, subscribed: boolean): Promise<boolean | null> {
  const data = await graphqlRequest<{ mergeRequestSetSubscription: (Payload & { mergeRequest: { subscribed: boolean } | null }) | null }>(SET_SUBSCRIPTION, {
    input: { projectPath, iid: String(iid), subscribedState: subscribed },
  });
  const p = data.mergeRequestSetSubscription;
  return p && !p.errors.length && p.mergeRequest ? p.mergeRequest.subscribed : null;
}

/** GraphQL mergeRequestSetMilestone (null removes it): the errors. */
export async function setMergeRequestMilestone(projectPath: string, iid: number, milestoneId: number | null): Promise<string[]> {
  const data = await graphqlRequest<{ mergeRequestSetMilestone: Payload | null }>(SET_MILESTONE, {
    input: { projectPath, iid: String(iid), milestoneId: milestoneId === null ? null : `gid://gitlab/Milestone/${milestoneId}` },
  });
  return errorsOf(data.mergeRequestSetMilestone);
}

/** The project's members matching `term` (the autocomplete source the comment form reads too). */
export async function searchProjectMembers(projectPath: string, term: string, signal?: AbortSignal): Promise<PersonOption[]> {
  const res = await requestJson<Array<{ username: string; name: string; avatar_url: string | null }>>(
    `/${projectPath}/-/autocomplete_sources/members?type=MergeRequest&search=${encodeURIComponent(term)}`,
    { signal },
  );
  if (!res.ok || !Array.isArray(res.data)) throw new Error(`HTTP ${res.status}`);
  return res.data.map((m) => ({ username: m.username, name: m.name, avatar_url: m.avatar_url }));
}

/** Locks or unlocks the merge request's discussion (REST PUT discussion_locked, as GitLab's lock widget on a merge request): the errors. */
export async function setMergeRequestLocked(projectPath: string, iid: number, locked: boolean): Promise<string[]> {
  const res = await requestJson<{ discussion_locked?: boolean; message?: unknown }>(`${projectApiPath(projectPath)}/merge_requests/${iid}`, { method: 'PUT', body: { discussion_locked: locked } });
  return res.ok ? [] : [typeof res.data?.message === 'string' ? res.data.message : `HTTP ${res.status}`];
}
