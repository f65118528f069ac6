import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { labelTextColor } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import type { Actor } from '../../core/policy/policy';
import { currentMembership } from '../../core/policy/membership-sql';
import { EpicService } from '../epic/epic.service';
import type { Namespace } from '../group/namespace.entity';
import { IssueFinder } from '../issue/issue.finder';
import { AVAILABLE_LABELS_SQL } from '../label/label.service';
import { toUserBasic } from '../user/user.mapper';
import { userFromRow, type UserRow } from '../user/user.row';
import { AUTOCOMPLETE_LIMIT, type AutocompleteIssue, type AutocompleteLabel, type AutocompleteMember, type AutocompleteMilestone } from './autocomplete.finder';

export interface AutocompleteEpic {
  iid: number;
  title: string;
  reference: string;
}

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
const infix = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The group and its ancestors (recursive CTE `anc(id)`; $1 is the group id). */
const ANCESTORS = `anc(id, parent_id) AS (SELECT id, parent_id FROM namespaces WHERE id = $1
    UNION ALL SELECT n.id, n.parent_id FROM namespaces n JOIN anc ON n.id = anc.parent_id)`;

/**
 * The autocomplete sources of a group's comment boxes (an epic's: GitLab's group
 * autocomplete_sources): members of the group and its ancestors plus the epic's participants
 * for @, issues of the group's projects for #, group labels for ~, group milestones for %,
 * epics for &. At most AUTOCOMPLETE_LIMIT items, only what the actor may read.
 */
@Injectable()
export class GroupAutocompleteFinder {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly issues: IssueFinder,
    private readonly epics: EpicService,
  ) {}

  /** Members of the group or its ancestors, plus the participants of the epic `iid` when the actor may read it; the actor first. */
  async members(actor: Actor | null, group: Namespace, search: string, epicIid: number | null): Promise<AutocompleteMember[]> {
    const epicId = epicIid === null ? null : await this.epics.findReadable(actor, group.id, epicIid).then((ge) => ge.epic.id, () => null);
    const rows = (await this.ds.query(
      `WITH RECURSIVE ${ANCESTORS},
       candidates AS (
         SELECT user_id AS id FROM members WHERE ${currentMembership('members')}
           AND source_type = 'Namespace' AND source_id IN (SELECT id FROM anc)
         UNION SELECT author_id FROM epics WHERE id = $2
         UNION SELECT author_id FROM notes WHERE noteable_type = 'Epic' AND noteable_id = $2 AND NOT system AND NOT internal)
       SELECT u.id, u.username, u.name, u.email, u.avatar_url, u.state, u.is_admin, u.created_at, u.updated_at FROM users u
       WHERE u.id IN (SELECT id FROM candidates WHERE id IS NOT NULL) AND u.state = 'active'
         AND ($3::text = '' OR u.username ILIKE $4 OR u.name ILIKE $4)
       ORDER BY (u.id = $5) DESC, lower(u.username) LIMIT ${AUTOCOMPLETE_LIMIT}`,
      [group.id, epicId, search, infix(search), actor?.id ?? null],
    )) as UserRow[];
    return rows.map((r) => {
      const u = toUserBasic(userFromRow(r), this.config.publicUrl);
      return { username: u.username, name: u.name, avatar_url: u.avatar_url };
    });
  }

  /** Issues of the group's projects (and its subgroups') the actor may read (IssueFinder's rules), by iid or title; full references. */
  async issuesOf(actor: Actor | null, group: Namespace, search: string): Promise<AutocompleteIssue[]> {
    const term = search.replace(/^#/, '');
    const iid = /^\d{1,9}$/.test(term) ? Number(term) : null;
    const { issues } = await this.issues.list(actor, {
      groupId: group.id,
      scope: 'all',
      state: 'all',
      ...(iid !== null ? { iids: [iid] } : term ? { search: term } : {}),
      orderBy: 'created_at',
      sort: 'desc',
      page: 1,
      perPage: AUTOCOMPLETE_LIMIT,
    });
    if (!issues.length) return [];
    const paths = new Map(
      ((await this.ds.query('SELECT id, full_path FROM projects WHERE id = ANY($1::int[])', [[...new Set(issues.map((i) => i.projectId))]])) as Array<{ id: number; full_path: string }>).map((p) => [Number(p.id), p.full_path]),
    );
    return issues.map((i) => ({ iid: i.iid, title: i.title, reference: `${paths.get(i.projectId) ?? ''}#${i.iid}` }));
  }

  /** Labels of the group and its ancestors. */
  async labels(group: Namespace, search: string): Promise<AutocompleteLabel[]> {
    const term = search.replace(/^~"?|"$/g, '');
    const rows = (await this.ds.query(`${AVAILABLE_LABELS_SQL} AND ($3::text = '' OR l.title ILIKE $4) ORDER BY lower(l.title) LIMIT ${AUTOCOMPLETE_LIMIT}`, [
      null,
      group.id,
      term,
      infix(term),
    ])) as Array<{ title: string; color: string }>;
    return rows.map((r) => ({ title: r.title, color: r.color, text_color: labelTextColor(r.color) }));
  }

  /** Active milestones of the group and its ancestors. */
  async milestones(group: Namespace, search: string): Promise<AutocompleteMilestone[]> {
    const term = search.replace(/^%"?|"$/g, '');
    const rows = (await this.ds.query(
      `WITH RECURSIVE ${ANCESTORS}
       SELECT m.iid, m.title FROM milestones m
       WHERE m.group_id IN (SELECT id FROM anc) AND m.state = 'active'
         AND ($2::text = '' OR m.title ILIKE $3)
       ORDER BY m.due_date NULLS LAST, lower(m.title) LIMIT ${AUTOCOMPLETE_LIMIT}`,
      [group.id, term, infix(term)],
    )) as Array<{ iid: number; title: string }>;
    return rows.map((r) => ({ iid: Number(r.iid), title: r.title }));
  }

  /** Epics of the group, its ancestors and subgroups the actor may read (confidential ones per EpicPolicy), by iid or title. */
  async epicsOf(actor: Actor | null, group: Namespace, search: string): Promise<AutocompleteEpic[]> {
    const term = search.replace(/^&/, '');
    const iid = /^\d{1,9}$/.test(term) ? Number(term) : null;
    const rows = await this.epics.list(actor, group, { ancestors: true, descendants: true, ...(iid !== null ? { iids: [iid] } : term ? { search: term } : {}) });
    return rows.slice(0, AUTOCOMPLETE_LIMIT).map((e) => ({ iid: e.iid, title: e.title, reference: e.groupId === group.id ? `&${e.iid}` : `${e.groupPath}&${e.iid}` }));
  }
}
