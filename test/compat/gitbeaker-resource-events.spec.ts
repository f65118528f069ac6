import { Gitlab } from '@gitbeaker/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, startNode, tokenFor, type NodeProc } from '../realtime/support/harness';

/**
 * GitLab's resource event APIs read by an unchanged GitLab client (@gitbeaker/rest, issue #26):
 * IssueStateEvents, IssueLabelEvents, IssueMilestoneEvents and IssueIterationEvents, list and
 * show, against a built node.
 */
describe('@gitbeaker/rest reads the resource events of an issue', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let node: NodeProc;

  beforeAll(async () => {
    db = await createDatabase('gitbeaker');
    node = await startNode({ name: 'gitbeaker', databaseUrl: db.url });
  });

  afterAll(async () => {
    await node?.stop();
    await db?.drop();
  });

  it('lists and shows state, label, milestone and iteration events in the shapes it expects', async () => {
    const api = new Gitlab({ host: node.url, oauthToken: await tokenFor(node.url, 'alice') });
    const project = await api.Projects.show('acme/tandem');
    const issue = await api.Issues.create(project.id, 'Read by gitbeaker', { labels: 'bug' });
    const milestone = (await api.ProjectMilestones.all(project.id))[0]!;
    await api.Issues.edit(project.id, issue.iid, { stateEvent: 'close' });
    await api.Issues.edit(project.id, issue.iid, { stateEvent: 'reopen', milestoneId: milestone.id, removeLabels: 'bug' });

    const states = await api.IssueStateEvents.all(project.id, issue.iid);
    expect(states.map((e) => [e.state, e.resource_type, e.resource_id, e.user.username])).toEqual([
      ['closed', 'Issue', issue.id, 'alice'],
      ['reopened', 'Issue', issue.id, 'alice'],
    ]);
    const labels = await api.IssueLabelEvents.all(project.id, issue.iid);
    expect(labels.map((e) => [e.label.name, e.action])).toEqual([
      ['bug', 'add'],
      ['bug', 'remove'],
    ]);
    expect(await api.IssueLabelEvents.show(project.id, issue.iid, labels[1]!.id)).toEqual(labels[1]);
    const milestones = await api.IssueMilestoneEvents.all(project.id, issue.iid);
    expect(milestones.map((e) => [e.milestone.id, e.milestone.title, e.action])).toEqual([[milestone.id, milestone.title, 'add']]);
    expect(await api.IssueIterationEvents.all(project.id, issue.iid)).toEqual([]);
    // A reader who may not see the issue gets GitLab's 404
    const erin = new Gitlab({ host: node.url, oauthToken: await tokenFor(node.url, 'erin') });
    const secret = await api.Issues.create(project.id, 'Confidential, read by gitbeaker', { confidential: true, labels: 'bug' });
    await expect(erin.IssueLabelEvents.all(project.id, secret.iid)).rejects.toMatchObject({ cause: { response: { status: 404 } } });
  });
});
