import { ACCESS_LEVEL, type NotificationLevel } from '@tandem/shared-types';
import type { DataSource } from 'typeorm';
import { pgPool } from '../../core/database/pg-pool';
import { projectLevelSql } from '../../core/policy/membership-sql';
import { canBeNotifiedAboutMergeRequest } from '../../core/policy/merge-request-permissions';
import { canBeNotifiedAbout, type Actor, type IssueFacts, type ProjectFacts } from '../../core/policy/policy';
import { effectiveSetting, type RecipientFacts, type SettingRow } from './notification-rules';

/** A candidate as the worker mails them. */
export interface Candidate extends RecipientFacts {
  email: string;
  name: string;
  username: string;
}

/** What a notification is about: an issue or a merge request, as its mail names it. */
export type NotifiedType = 'Issue' | 'MergeRequest';

export interface NoteableForMail {
  type: NotifiedType;
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
  discussion_locked: boolean; target_state: 'opened' | 'closed' | 'merged' | 'locked'; hidden: boolean; assignee_ids: number[]; iid: number; title: string;
};

/**
 * Where each noteable keeps what the query reads: its row (as `t`: the project, author, lock,
 * state, and for issues confidential and hidden), its participants (GitLab's: author, assignees,
 * for a merge request its reviewers, and commenters), its subscription choices and assignees.
 */
const SOURCES: Record<NotifiedType, { target: string; participants: string; subscriptions: string; assignees: string }> = {
  Issue: {
    target: `SELECT i.id, i.iid, i.title, i.project_id, i.author_id, i.discussion_locked, i.state, i.confidential, i.hidden FROM issues i WHERE i.id = $1`,
    participants: `SELECT author_id AS id FROM it
              UNION SELECT ia.user_id FROM issue_assignees ia WHERE ia.issue_id = $1
              UNION SELECT n.author_id FROM notes n WHERE n.noteable_type = 'Issue' AND n.noteable_id = $1 AND NOT n.system`,
    subscriptions: `SELECT s.user_id, s.subscribed FROM issue_subscriptions s WHERE s.issue_id = $1`,
    assignees: `SELECT ia.user_id FROM issue_assignees ia WHERE ia.issue_id = $1`,
  },
  MergeRequest: {
    target: `SELECT mr.id, mr.iid, mr.title, mr.target_project_id AS project_id, mr.author_id, mr.discussion_locked, mr.state, false AS confidential, false AS hidden
             FROM merge_requests mr WHERE mr.id = $1`,
    participants: `SELECT author_id AS id FROM it
              UNION SELECT ma.user_id FROM merge_request_assignees ma WHERE ma.merge_request_id = $1
              UNION SELECT mv.user_id FROM merge_request_reviewers mv WHERE mv.merge_request_id = $1
              UNION SELECT n.author_id FROM notes n WHERE n.noteable_type = 'MergeRequest' AND n.noteable_id = $1 AND NOT n.system`,
    subscriptions: `SELECT s.user_id, s.subscribed FROM merge_request_subscriptions s WHERE s.merge_request_id = $1`,
    assignees: `SELECT ma.user_id FROM merge_request_assignees ma WHERE ma.merge_request_id = $1`,
  },
};

/** loadCandidates' statement for each noteable type ($1 the target, $2 mentioned usernames, $3 (un)assigned ids). */
const candidatesSql = (src: (typeof SOURCES)[NotifiedType]) =>
  `WITH t AS (${src.target}),
     it AS (SELECT t.*, p.name AS project_name, p.full_path AS project_path, p.visibility, p.archived, p.namespace_id,
                        ns.type AS ns_type, ns.owner_id AS ns_owner_id,
                        ARRAY(WITH RECURSIVE up(id, parent_id, depth) AS (SELECT id, parent_id, 0 FROM namespaces WHERE id = p.namespace_id
                                UNION ALL SELECT n.id, n.parent_id, up.depth + 1 FROM namespaces n JOIN up ON n.id = up.parent_id)
                              SELECT id FROM up ORDER BY depth) AS ancestors
                 FROM t JOIN projects p ON p.id = t.project_id JOIN namespaces ns ON ns.id = p.namespace_id),
     part AS (${src.participants}),
     subs AS (${src.subscriptions}),
     cand AS (SELECT id FROM part
              UNION SELECT s.user_id FROM subs s
              UNION SELECT u.id FROM users u WHERE lower(u.username) = ANY($2::text[])
              UNION SELECT unnest($3::int[])
              UNION SELECT s.user_id FROM notification_settings s, it
                WHERE s.level IN ('watch', 'custom') AND (s.source_type = 'Global' OR (s.source_type = 'Project' AND s.source_id = it.project_id)
                  OR (s.source_type = 'Group' AND s.source_id = ANY(it.ancestors))))
     SELECT u.id, u.username, u.name, u.email, u.state, u.is_admin,
       EXISTS (SELECT 1 FROM part WHERE part.id = u.id) AS participant,
       (SELECT s.subscribed FROM subs s WHERE s.user_id = u.id) AS subscribed,
       (SELECT json_agg(json_build_object('t', s.source_type, 'id', s.source_id, 'level', s.level, 'events', s.events)) FROM notification_settings s
         WHERE s.user_id = u.id AND (s.source_type = 'Global' OR (s.source_type = 'Project' AND s.source_id = it.project_id)
           OR (s.source_type = 'Group' AND s.source_id = ANY(it.ancestors)))) AS settings, it.ancestors,
       ${projectLevelSql('it.project_id', 'it.namespace_id', 'u.id')} AS access,
       it.project_id, it.project_name, it.project_path, it.visibility, it.archived, it.ns_type, it.ns_owner_id, it.confidential,
       it.author_id, it.discussion_locked, it.state AS target_state, it.hidden, it.iid, it.title,
       ARRAY(${src.assignees}) AS assignee_ids
     FROM cand JOIN users u ON u.id = cand.id, it
     ORDER BY u.id`;
const CANDIDATES_SQL: Record<NotifiedType, string> = { Issue: candidatesSql(SOURCES.Issue), MergeRequest: candidatesSql(SOURCES.MergeRequest) };

/**
 * Everyone an event on the issue or merge request could mail, with the facts the rules need, in
 * ONE query: the participants (author, assignees, a merge request's reviewers, commenters),
 * everyone with a subscription row, the users mentioned and (un)assigned by the event, the
 * project's watchers and custom-level users (a project or group setting of 'watch' or 'custom',
 * or a global one with membership), with their settings for the project, its groups and
 * globally. Access is the policy module's answer.
 */
export async function loadCandidates(ds: DataSource, type: NotifiedType, targetId: number, ev: EventFacts): Promise<{ target: NoteableForMail; candidates: Candidate[] } | null> {
  // A named statement, prepared once per connection (unnamed, Postgres planned it again for every
  // job: 2.4-2.7 ms of its CPU a comment in the statement log)
  const { rows } = await pgPool(ds).query<Row>({
    name: `notification.candidates.${type}`,
    text: CANDIDATES_SQL[type],
    values: [targetId, ev.mentionedUsernames.map((n) => n.toLowerCase()), [...ev.assignmentChanged]],
  });
  if (!rows.length) return null;
  const f = rows[0]!;
  const target: NoteableForMail = { type, id: targetId, iid: Number(f.iid), title: f.title, projectId: Number(f.project_id), projectName: f.project_name, projectPath: f.project_path };
  const mentioned = new Set(ev.mentionedUsernames.map((n) => n.toLowerCase()));
  const changed = new Set(ev.assignmentChanged);
  const candidates = rows.map((r): Candidate => {
    const id = Number(r.id);
    let access = r.access ?? ACCESS_LEVEL.NO_ACCESS;
    if (access < ACCESS_LEVEL.OWNER && r.ns_type === 'User' && Number(r.ns_owner_id) === id) access = ACCESS_LEVEL.OWNER;
    const project = { visibility: r.visibility, archived: r.archived, accessLevel: access };
    const authorId = r.author_id === null ? null : Number(r.author_id);
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
      canRead: canRead(type, { id, username: r.username, isAdmin: r.is_admin, scopes: null }, project, r, authorId, ev.internalNote),
      active: r.state === 'active' && !!r.email,
    };
  });
  return { target, candidates };
}

/** The policy module's answer for the noteable: may this user be told about it (and about an internal note)? */
function canRead(type: NotifiedType, actor: Actor, project: ProjectFacts, r: Row, authorId: number | null, internalNote: boolean): boolean {
  if (type === 'MergeRequest') {
    return canBeNotifiedAboutMergeRequest(actor, project, { authorId, discussionLocked: r.discussion_locked, state: r.target_state }, internalNote);
  }
  const facts: IssueFacts = {
    confidential: r.confidential, authorId, assigneeIds: r.assignee_ids.map(Number), discussionLocked: r.discussion_locked, state: r.target_state === 'closed' ? 'closed' : 'opened', hidden: r.hidden,
  };
  return canBeNotifiedAbout(actor, project, facts, internalNote);
}
