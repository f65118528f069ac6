import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { ACCESS_LEVEL, type LinkType } from '@tandem/shared-types';
import { pgPool } from '../../core/database/pg-pool';
import { canReadIssue, type Actor } from '../../core/policy/policy';
import { Issue } from '../issue/issue.entity';
import { ASSIGNEE_IDS_SQL, EFFECTIVE_LEVEL_SQL, IssueLoader } from '../issue/issue.loader';
import type { LinkView } from './issue-link.mapper';

/** The links of one issue with what the viewer needs to decide whether they may see the other issue. */
const LINKS_SQL = `SELECT l.id AS link_id, l.source_id, l.target_id, l.link_type, l.relative_position, l.created_at, l.updated_at,
    i.id AS other_id, i.confidential, i.author_id, i.discussion_locked, i.state,
    p.visibility, p.archived, n.type AS ns_type, n.owner_id,
    ${EFFECTIVE_LEVEL_SQL} AS access_level, ${ASSIGNEE_IDS_SQL} AS assignee_ids
  FROM issue_links l
  JOIN issues i ON i.id = CASE WHEN l.source_id = $1::int THEN l.target_id ELSE l.source_id END
  JOIN projects p ON p.id = i.project_id JOIN namespaces n ON n.id = p.namespace_id
  WHERE l.source_id = $1::int OR l.target_id = $1::int
  ORDER BY l.relative_position NULLS LAST, l.id`;

interface Row {
  link_id: number;
  source_id: number;
  target_id: number;
  link_type: 'relates_to' | 'blocks';
  relative_position: number | null;
  created_at: Date | string;
  updated_at: Date | string;
  other_id: number;
  confidential: boolean;
  author_id: number | null;
  discussion_locked: boolean;
  state: 'opened' | 'closed';
  visibility: 'private' | 'internal' | 'public';
  archived: boolean;
  ns_type: 'Group' | 'User';
  owner_id: number | null;
  access_level: number | null;
  assignee_ids: number[];
}

/** A stored relation read from one of its issues: `blocks` from its target is `is_blocked_by`. */
export function linkTypeFrom(viewerId: number, row: { source_id: number; link_type: 'relates_to' | 'blocks' }): LinkType {
  if (row.link_type === 'relates_to') return 'relates_to';
  return Number(row.source_id) === viewerId ? 'blocks' : 'is_blocked_by';
}

/**
 * Related issues of an issue as a viewer may see them: links to issues the viewer cannot read
 * (confidential, private project) are left out, so a guest never learns they exist.
 */
@Injectable()
export class IssueLinkFinder {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly loader: IssueLoader,
  ) {}

  /** The issue's links the actor may see, in list order (relative position, then age). */
  async forIssue(actor: Actor | null, issueId: number): Promise<LinkView[]> {
    const { rows } = await pgPool(this.ds).query<Row>({ name: 'issue-link.list', text: LINKS_SQL, values: [issueId, actor?.id ?? null] });
    const readable = rows.filter((r) => canReadIssue(actor, { visibility: r.visibility, archived: r.archived, accessLevel: level(actor, r) }, {
      confidential: r.confidential, authorId: r.author_id, assigneeIds: r.assignee_ids.map(Number), discussionLocked: r.discussion_locked, state: r.state,
    }));
    if (!readable.length) return [];
    const issues = await this.ds.getRepository(Issue).findBy({ id: In(readable.map((r) => Number(r.other_id))) });
    const hydrated = new Map((await this.loader.hydrate(issues, undefined, actor)).map((h) => [h.issue.id, h]));
    return readable
      .filter((r) => hydrated.has(Number(r.other_id)))
      .map((r) => ({
        linkId: Number(r.link_id),
        linkType: linkTypeFrom(issueId, r),
        relativePosition: r.relative_position === null ? null : Number(r.relative_position),
        createdAt: new Date(r.created_at),
        updatedAt: new Date(r.updated_at),
        other: hydrated.get(Number(r.other_id))!,
      }));
  }

  /** Open issues the actor may see that block this one (the close confirmation's count). */
  async blockedBy(actor: Actor | null, issueId: number): Promise<LinkView[]> {
    return (await this.forIssue(actor, issueId)).filter((v) => v.linkType === 'is_blocked_by' && v.other.issue.state === 'opened');
  }

  /** Every link id of the issue in list order, readable or not (reordering keeps hidden ones in place). */
  async orderedLinkIds(issueId: number): Promise<Array<{ id: number; position: number | null }>> {
    const rows = (await this.ds.query(
      'SELECT id, relative_position FROM issue_links WHERE source_id = $1 OR target_id = $1 ORDER BY relative_position NULLS LAST, id',
      [issueId],
    )) as Array<{ id: number; relative_position: number | null }>;
    return rows.map((r) => ({ id: Number(r.id), position: r.relative_position }));
  }
}

function level(actor: Actor | null, r: Row): number {
  if (!actor) return ACCESS_LEVEL.NO_ACCESS;
  const l = Number(r.access_level ?? 0);
  return r.ns_type === 'User' && Number(r.owner_id) === actor.id ? Math.max(l, ACCESS_LEVEL.OWNER) : l;
}
