import { Inject, Injectable } from '@nestjs/common';
import { currentMembership, sharedGroupMemberIdsSql } from '../../core/policy/membership-sql';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { labelTextColor } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { canProject, canReadIssue, type Actor, type ProjectFacts } from '../../core/policy/policy';
import { AVAILABLE_LABELS_SQL } from '../label/label.service';
import type { Project } from '../project/project.entity';
import { toUserBasic } from '../user/user.mapper';
import { userFromRow, type UserRow } from '../user/user.row';

/** Most items one autocomplete answer carries. */
export const AUTOCOMPLETE_LIMIT = 20;

export interface AutocompleteMember {
  username: string;
  name: string;
  avatar_url: string | null;
}
export interface AutocompleteIssue {
  iid: number;
  title: string;
  reference: string;
}
export interface AutocompleteLabel {
  title: string;
  color: string;
  text_color: string;
}
export interface AutocompleteMilestone {
  iid: number;
  title: string;
}

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
const infix = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The project's namespace and its ancestors (recursive CTE `anc(id)`; $2 is the namespace id). */
const ANCESTORS = `anc(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = $2
    UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN anc ON n.id = anc.parent_id)`;

/**
 * The comment form's autocomplete sources (GitLab's autocomplete_sources): members and
 * participants for @, issues for #, labels for ~, milestones for %. One query each, at most
 * AUTOCOMPLETE_LIMIT items, only what the actor may read.
 */
@Injectable()
export class AutocompleteFinder {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Members of the project or its groups, plus the participants of the issue (`iid`, when the
   * actor may read it); the actor first, then by username.
   */
  async members(actor: Actor | null, project: Project, facts: ProjectFacts, search: string, iid: number | null): Promise<AutocompleteMember[]> {
    const participantsOf = iid !== null && (await this.readableIssueId(actor, project, facts, iid));
    const rows = (await this.ds.query(
      `WITH RECURSIVE ${ANCESTORS},
       candidates AS (
         SELECT user_id AS id FROM members WHERE ${currentMembership('members')}
           AND ((source_type = 'Project' AND source_id = $1) OR (source_type = 'Namespace' AND source_id IN (SELECT id FROM anc)))
         UNION ${sharedGroupMemberIdsSql('$1')}
         UNION SELECT author_id FROM issues WHERE id = $3
         UNION SELECT user_id FROM issue_assignees WHERE issue_id = $3
         UNION SELECT author_id FROM notes WHERE noteable_type = 'Issue' AND noteable_id = $3 AND NOT system AND NOT internal)
       SELECT u.id, u.username, u.name, u.email, u.avatar_url, u.state, u.is_admin, u.created_at, u.updated_at FROM users u
       WHERE u.id IN (SELECT id FROM candidates WHERE id IS NOT NULL) AND u.state = 'active'
         AND ($4::text = '' OR u.username ILIKE $5 OR u.name ILIKE $5)
       ORDER BY (u.id = $6) DESC, lower(u.username) LIMIT ${AUTOCOMPLETE_LIMIT}`,
      [project.id, project.namespaceId, participantsOf || null, search, infix(search), actor?.id ?? null],
    )) as UserRow[];
    return rows.map((r) => {
      const u = toUserBasic(userFromRow(r), this.config.publicUrl);
      return { username: u.username, name: u.name, avatar_url: u.avatar_url };
    });
  }

  /** Issues of the project the actor may read, by iid (`#12` or `12`) or title. */
  async issues(actor: Actor | null, project: Project, facts: ProjectFacts, search: string): Promise<AutocompleteIssue[]> {
    const term = search.replace(/^#/, '');
    const iid = /^\d{1,9}$/.test(term) ? Number(term) : null;
    const rows = (await this.ds.query(
      `SELECT i.iid, i.title FROM issues i
       WHERE i.project_id = $1
         AND (NOT i.confidential OR $2 OR i.author_id = $3 OR EXISTS (SELECT 1 FROM issue_assignees a WHERE a.issue_id = i.id AND a.user_id = $3))
         AND ($4::text = '' OR i.iid = $5 OR i.title ILIKE $6)
       ORDER BY (i.iid = $5) DESC NULLS LAST, i.id DESC LIMIT ${AUTOCOMPLETE_LIMIT}`,
      [project.id, canProject(actor, 'read_confidential_issues', facts), actor?.id ?? null, term, iid, infix(term)],
    )) as Array<{ iid: number; title: string }>;
    return rows.map((r) => ({ iid: Number(r.iid), title: r.title, reference: `#${r.iid}` }));
  }

  /** Labels of the project and its ancestor groups. */
  async labels(project: Project, search: string): Promise<AutocompleteLabel[]> {
    const term = search.replace(/^~"?|"$/g, '');
    const rows = (await this.ds.query(`${AVAILABLE_LABELS_SQL} AND ($3::text = '' OR l.title ILIKE $4) ORDER BY lower(l.title), l.project_id NULLS LAST LIMIT ${AUTOCOMPLETE_LIMIT}`, [
      project.id,
      project.namespaceId,
      term,
      infix(term),
    ])) as Array<{ title: string; color: string }>;
    return rows.map((r) => ({ title: r.title, color: r.color, text_color: labelTextColor(r.color) }));
  }

  /** Active milestones of the project and its ancestor groups. */
  async milestones(project: Project, search: string): Promise<AutocompleteMilestone[]> {
    const term = search.replace(/^%"?|"$/g, '');
    const rows = (await this.ds.query(
      `WITH RECURSIVE ${ANCESTORS}
       SELECT m.iid, m.title FROM milestones m
       WHERE (m.project_id = $1 OR m.group_id IN (SELECT id FROM anc)) AND m.state = 'active'
         AND ($3::text = '' OR m.title ILIKE $4)
       ORDER BY m.due_date NULLS LAST, lower(m.title) LIMIT ${AUTOCOMPLETE_LIMIT}`,
      [project.id, project.namespaceId, term, infix(term)],
    )) as Array<{ iid: number; title: string }>;
    return rows.map((r) => ({ iid: Number(r.iid), title: r.title }));
  }

  /** The issue's id when the actor may read it (its participants are then listed). */
  private async readableIssueId(actor: Actor | null, project: Project, facts: ProjectFacts, iid: number): Promise<number | null> {
    const [row] = (await this.ds.query(
      `SELECT i.id, i.confidential, i.author_id, i.discussion_locked, i.state, ARRAY(SELECT user_id FROM issue_assignees WHERE issue_id = i.id) AS assignee_ids
       FROM issues i WHERE i.project_id = $1 AND i.iid = $2`,
      [project.id, iid],
    )) as Array<{ id: number; confidential: boolean; author_id: number | null; discussion_locked: boolean; state: 'opened' | 'closed'; assignee_ids: number[] }>;
    if (!row) return null;
    const readable = canReadIssue(actor, facts, {
      confidential: row.confidential,
      authorId: row.author_id,
      assigneeIds: row.assignee_ids.map(Number),
      discussionLocked: row.discussion_locked,
      state: row.state,
    });
    return readable ? Number(row.id) : null;
  }
}
