import { spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, startNode, tokenFor, type NodeProc } from '../realtime/support/harness';

const SCRIPT = path.join(__dirname, 'python-gitlab-client.py');

/** The first Python that can import python-gitlab (Debian's python3-gitlab lives in /usr/bin's). */
function pythonWithGitlab(): string {
  for (const py of ['python3', '/usr/bin/python3']) {
    const r = spawnSync(py, ['-c', 'import gitlab'], { encoding: 'utf8' });
    if (r.status === 0) return py;
  }
  throw new Error("python-gitlab is not installed: run tools/ensure-services.sh (apt-get install python3-gitlab)");
}

describe('python-gitlab 3.12 (a second real GitLab client) against a built node', () => {
  let db: Awaited<ReturnType<typeof createDatabase>>;
  let node: NodeProc;

  beforeAll(async () => {
    db = await createDatabase('pygitlab');
    // No PUBLIC_URL: every URL the server returns must follow the host the client used
    node = await startNode({ name: 'pygitlab', port: 3541, databaseUrl: db.url, env: { PUBLIC_URL: '' } });
  });

  afterAll(async () => {
    await node?.stop();
    await db?.drop();
  });

  it('lists, reads, pages, creates, edits, closes, reopens, labels, reads the resource events and manages members without a warning', async () => {
    const py = pythonWithGitlab();
    const token = await tokenFor(node.url, 'alice');
    const r = spawnSync(py, [SCRIPT, node.url, token, 'acme/tandem'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const seen = JSON.parse(r.stdout) as {
      user: string;
      projects: string[];
      project: { path: string; web_url: string };
      issues: { total: number; total_pages: number; iids: number[] };
      created: { iid: number; title: string; state: string; web_url: string };
      edited: { title: string };
      closed: { state: string };
      reopened: { state: string };
      labelled: { labels: string[] };
      relabelled: { labels: string[] };
      project_labels: Array<{ name: string; color: string }>;
      state_events: Array<{ state: string; user: string; resource_type: string; resource_id: number }>;
      state_event_one: string;
      label_events: Array<[string, string]>;
      issue_id: number;
      members_before: string[];
      members_all: Record<string, number>;
      member_added: { username: string; access_level: number };
      member_added_twice: { status: number; message: string } | 'accepted';
      member_changed: { access_level: number };
      members_with_erin: Record<string, number>;
      members_after: string[];
    };
    expect(seen.user).toBe('alice');
    expect(seen.projects).toContain('acme/tandem');
    expect(seen.project).toEqual({ id: expect.any(Number), path: 'acme/tandem', web_url: `${node.url}/acme/tandem` });
    // Every page followed through the Link headers: all open issues, once each
    expect(seen.issues.total_pages).toBeGreaterThan(1);
    expect(seen.issues.iids).toHaveLength(seen.issues.total);
    expect(new Set(seen.issues.iids).size).toBe(seen.issues.total);
    expect(seen.created).toMatchObject({ title: 'Filed from python-gitlab', state: 'opened' });
    expect(seen.created.web_url).toBe(`${node.url}/acme/tandem/-/issues/${seen.created.iid}`);
    expect(seen.edited.title).toBe('Edited from python-gitlab');
    expect(seen.closed.state).toBe('closed');
    expect(seen.reopened.state).toBe('opened');
    // Labels set by title; an unknown title became a project label, and a second set replaces the first
    expect(seen.labelled.labels).toEqual(['bug', 'from python-gitlab']);
    expect(seen.relabelled.labels).toEqual(['ui']);
    const labels = new Map(seen.project_labels.map((l) => [l.name, l.color]));
    expect(labels.get('bug')).toBe('#dc143c');
    expect(labels.get('ui')).toBe('#6699cc');
    expect(labels.get('from python-gitlab')).toMatch(/^#[0-9a-f]{6}$/i);
    expect(seen.project_labels.map((l) => l.name)).toEqual([...seen.project_labels.map((l) => l.name)].sort((a, b) => a.localeCompare(b)));
    // Resource events read through python-gitlab's own managers (resourcestateevents, resourcelabelevents)
    expect(seen.state_events).toEqual([
      { state: 'closed', user: 'alice', resource_type: 'Issue', resource_id: seen.issue_id },
      { state: 'reopened', user: 'alice', resource_type: 'Issue', resource_id: seen.issue_id },
    ]);
    expect(seen.state_event_one).toBe('closed');
    expect(seen.label_events).toEqual([
      ['add', 'bug'],
      ['add', 'from python-gitlab'],
      ['add', 'ui'],
      ['remove', 'bug'],
      ['remove', 'from python-gitlab'],
    ]);
    // The demo's members come from the acme group: none direct, all inherited with their levels
    expect(seen.members_before).toEqual([]);
    expect(seen.members_all).toEqual({ alice: 50, bob: 30, carol: 20, dave: 10 });
    expect(seen.member_added).toEqual({ username: 'erin', access_level: 20 });
    expect(seen.member_added_twice).toEqual({ status: 409, message: 'Member already exists' });
    expect(seen.member_changed.access_level).toBe(30);
    expect(seen.members_with_erin).toEqual({ erin: 30 });
    expect(seen.members_after).toEqual([]);
  });

  it('answers JSON as GitLab does, with URLs on the host the client used', async () => {
    const token = await tokenFor(node.url, 'alice');
    const viaName = node.url.replace('127.0.0.1', 'localhost');
    const r = await fetch(`${viaName}/api/v4/projects/acme%2Ftandem/issues?per_page=2`, { headers: { authorization: `Bearer ${token}` } });
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.headers.get('link')).toContain(`<${viaName}/api/v4/projects/acme%2Ftandem/issues?`);
    const issues = (await r.json()) as Array<{ web_url: string; author: { web_url: string; avatar_url: string } }>;
    expect(issues[0]!.web_url.startsWith(`${viaName}/acme/tandem/-/issues/`)).toBe(true);
    expect(issues[0]!.author.web_url.startsWith(`${viaName}/`)).toBe(true);
    expect(issues[0]!.author.avatar_url.startsWith(`${viaName}/-/avatars/`)).toBe(true);
  });

  it('echoes no Host header that is not a host name into the URLs it returns', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      const req = http.get(`${node.url}/api/v4/users?username=alice`, { headers: { host: 'evil.example"><b>x' } }, (res) => {
        let data = '';
        res.on('data', (d: Buffer) => (data += d.toString()));
        res.on('end', () => resolve(data));
      });
      req.on('error', reject);
    });
    const [alice] = JSON.parse(body) as Array<{ web_url: string }>;
    expect(alice!.web_url).toBe('http://localhost:3541/alice');
  });
});
