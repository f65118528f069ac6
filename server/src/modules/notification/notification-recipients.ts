import { ACCESS_LEVEL, type NotificationLevel } from '@tandem/shared-types';
import type { DataSource } from 'typeorm';
import { projectLevelSql } from '../../core/policy/membership-sql';
import { canBeNotifiedAbout } from '../../core/policy/policy';
import { effectiveSetting, type RecipientFacts, type SettingRow } from './notification-rules';

/** A candidate as the worker mails them. */
export interface Candidate extends RecipientFacts {
  email: string;
  name: string;
  username: string;
}

export interface IssueForMail {
  id: number;
  iid: number;
  title: string;
  projectId: number;
  projectName: string;
  projectPath: string;
}

/** What the event adds: who it mentions, whose assignment changed, and whether it is an internal note. */
export interface EventFacts {
  mentionedUsernames: readonly string[];
  assignmentChanged: readonly number[];
  internalNote: boolean;
}

type Row = {
  id: number; username: string; name: string; email: string | null; state: string; is_admin: boolean;
  participant: boolean; subscribed: boolean | null; settings: Array<{ t: SettingRow['source']; id: number | null; level: NotificationLevel; events: SettingRow['events'] }> | null; ancestors: number[];
  access: number | null; project_id: number; project_name: string; project_path: string; visibility: 'public' | 'internal' | 'private';
  archived: boolean; ns_type: string; ns_owner_id: number | null; confidential: boolean; author_id: number | null;
  discussion_locked: boolean; issue_state: 'opened' | 'closed'; hidden: boolean; assignee_ids: number[]; iid: number; title: string;
};

/**
 * Everyone an event on the issue could mail, with the facts the rules need, in ONE query: the
 * participants (author, assignees, commenters), everyone with a subscription row, the users
 * mentioned and (un)assigned by the event, the project's watchers and custom-level users (a
 * project or group setting of 'watch' or 'custom', or a global one with membership), with
 * their settings for the project, its groups and globally. Access is the policy module's answer.
 */
export async function loadCandidates(ds: DataSource, issueId: number, ev: EventFacts): Promise<{ issue: IssueForMail; candidates: Candidate[] } | null> {
  const rows = (await ds.query(
    `WITH it AS (SELECT i.*, p.name AS project_name, p.full_path AS project_path, p.visibility, p.archived, p.namespace_id,
                        ns.type AS ns_type, ns.owner_id AS ns_owner_id,
                        ARRAY(WITH RECURSIVE up(id, parent_id, depth) AS (SELECT id, parent_id, 0 FROM namespaces WHERE id = p.namespace_id
                                UNION ALL SELECT n.id, n.parent_id, up.depth + 1 FROM namespaces n JOIN up ON n.id = up.parent_id)
                              SELECT id FROM up ORDER BY depth) AS ancestors
                 FROM issues i JOIN projects p ON p.id = i.project_id JOIN namespaces ns ON ns.id = p.namespace_id WHERE i.id = $1),
     part AS (SELECT author_id AS id FROM it
              UNION SELECT ia.user_id FROM issue_assignees ia WHERE ia.issue_id = $1
              UNION SELECT n.author_id FROM notes n WHERE n.noteable_type = 'Issue' AND n.noteable_id = $1 AND NOT n.system),
     cand AS (SELECT id FROM part
              UNION SELECT s.user_id FROM issue_subscriptions s WHERE s.issue_id = $1
              UNION SELECT u.id FROM users u WHERE lower(u.username) = ANY($2::text[])
              UNION SELECT unnest($3::int[])
              UNION SELECT s.user_id FROM notification_settings s, it
                WHERE s.level IN ('watch', 'custom') AND (s.source_type = 'Global' OR (s.source_type = 'Project' AND s.source_id = it.project_id)
                  OR (s.source_type = 'Group' AND s.source_id = ANY(it.ancestors))))
     SELECT u.id, u.username, u.name, u.email, u.state, u.is_admin,
       EXISTS (SELECT 1 FROM part WHERE part.id = u.id) AS participant,
       (SELECT s.subscribed FROM issue_subscriptions s WHERE s.issue_id = $1 AND s.user_id = u.id) AS subscribed,
       (SELECT json_agg(json_build_object('t', s.source_type, 'id', s.source_id, 'level', s.level, 'events', s.events)) FROM notification_settings s
         WHERE s.user_id = u.id AND (s.source_type = 'Global' OR (s.source_type = 'Project' AND s.source_id = it.project_id)
           OR (s.source_type = 'Group' AND s.source_id = ANY(it.ancestors)))) AS settings, it.ancestors,
       ${projectLevelSql('it.project_id', 'it.namespace_id', 'u.id')} AS access,
       it.project_id, it.project_name, it.project_path, it.visibility, it.archived, it.ns_type, it.ns_owner_id, it.confidential,
       it.author_id, it.discussion_locked, it.state AS issue_state, it.hidden, it.iid, it.title,
       ARRAY(SELECT ia.user_id FROM issue_assignees ia WHERE ia.issue_id = $1) AS assignee_ids
     FROM cand JOIN users u ON u.id = cand.id, it
     ORDER BY u.id`,
    [issueId, ev.mentionedUsernames.map((n) => n.toLowerCase()), [...ev.assignmentChanged]],
  )) as Row[];
  if (!rows.length) return null;
  const f = rows[0]!;
  const issue: IssueForMail = { id: issueId, iid: Number(f.iid), title: f.title, projectId: Number(f.project_id), projectName: f.project_name, projectPath: f.project_path };
  const mentioned = new Set(ev.mentionedUsernames.map((n) => n.toLowerCase()));
  const changed = new Set(ev.assignmentChanged);
  const candidates = rows.map((r): Candidate => {
    const id = Number(r.id);
    let access = r.access ?? ACCESS_LEVEL.NO_ACCESS;
    if (access < ACCESS_LEVEL.OWNER && r.ns_type === 'User' && Number(r.ns_owner_id) === id) access = ACCESS_LEVEL.OWNER;
    const project = { visibility: r.visibility, archived: r.archived, accessLevel: access };
    const facts = { confidential: r.confidential, authorId: r.author_id, assigneeIds: r.assignee_ids.map(Number), discussionLocked: r.discussion_locked, state: r.issue_state, hidden: r.hidden };
    const own = (r.settings ?? []).map((x) => ({ source: x.t, id: x.id === null ? null : Number(x.id), level: x.level, events: x.events ?? {} }));
    const ancestors = r.ancestors.map(Number);
    const groups = own.filter((x) => x.source === 'Group').sort((a, b) => ancestors.indexOf(a.id!) - ancestors.indexOf(b.id!));
    const setting = effectiveSetting(own.find((x) => x.source === 'Project') ?? null, groups, own.find((x) => x.source === 'Global') ?? null);
    const level = setting.level;
    // A global watch or custom level reaches the projects the user is a member of; a project or group setting reaches that project
    const reaches = setting.source === 'Project' || setting.source === 'Group' || access >= ACCESS_LEVEL.GUEST;
    return {
      id,
      email: r.email ?? '',
      name: r.name,
      username: r.username,
      level,
      participant: r.participant,
      mentioned: mentioned.has(r.username.toLowerCase()),
      assignmentChanged: changed.has(id),
      subscribed: r.subscribed,
      watcher: level === 'watch' && reaches,
      customEvents: reaches ? setting.events : [],
      canRead: canBeNotifiedAbout({ id, username: r.username, isAdmin: r.is_admin, scopes: null }, project, facts, ev.internalNote),
      active: r.state === 'active' && !!r.email,
    };
  });
  return { issue, candidates };
}
