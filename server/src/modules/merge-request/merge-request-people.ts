import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { REVIEWED_STATES, type MergeRequestSidebarPeople, type ReviewState } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { mergeRequestNoteableAbilities, userCanMerge } from '../../core/policy/merge-request-permissions';
import type { Actor } from '../../core/policy/policy';
import { ProjectService } from '../project/project.service';
import { readParticipants } from '../user/participants';
import type { UserRow } from '../user/user.row';
import { mergeRequestFacts, type LoadedMergeRequest } from './merge-request.loader';
import { userBasicOf } from './merge-request.mapper';
import { UserStatusStore } from '../user/user-status.store';

/**
 * A merge request's participants (GitLab's `MergeRequest#participants`): the author, the
 * assignees, the reviewers, then whoever commented (readParticipants).
 */
const MERGE_REQUEST_INVOLVED = [
  'SELECT author_id, 0 FROM merge_requests WHERE id = $1',
  'SELECT user_id, position FROM merge_request_assignees WHERE merge_request_id = $1',
  'SELECT user_id, position FROM merge_request_reviewers WHERE merge_request_id = $1',
];

/**
 * The merge request sidebar's people (page.json): assignees and reviewers with whether each may
 * merge (the policy module's rule, by their own access), reviewers with their review state and
 * whether they have reviewed (re-request review is offered for those). Two statements.
 */
@Injectable()
export class MergeRequestPeople {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly projects: ProjectService,
    private readonly statuses: UserStatusStore,
  ) {}

  /** The participants `actor` may see (GraphQL `participants` and REST `GET .../participants` alike). One statement. */
  async participants(actor: Actor | null, l: LoadedMergeRequest): Promise<UserRow[]> {
    const internal = mergeRequestNoteableAbilities(actor, l.facts, mergeRequestFacts(l.mr)).readInternalNote;
    return readParticipants(this.ds, { type: 'MergeRequest', id: l.mr.id }, MERGE_REQUEST_INVOLVED, internal);
  }

  async sidebar(l: LoadedMergeRequest): Promise<MergeRequestSidebarPeople> {
    const { mr, project, facts } = l;
    const ids = [...new Set([...mr.assignees, ...mr.reviewers].map((u) => u.id))];
    if (!ids.length) return { assignees: [], reviewers: [] };
    const [levels, admins, statuses] = await Promise.all([
      this.projects.accessLevels(ids, project),
      this.ds.query('SELECT id FROM users WHERE id = ANY($1::int[]) AND is_admin', [ids]) as Promise<Array<{ id: number }>>,
      this.statuses.forUsers(ids),
    ]);
    const admin = new Set(admins.map((a) => Number(a.id)));
    const canMerge = (u: { id: number; username: string }) => userCanMerge({ id: u.id, username: u.username, isAdmin: admin.has(u.id) }, levels.get(u.id) ?? 0, facts);
    const base = this.config.publicUrl;
    return {
      // availability: 'busy' adds '(Busy)' to the person's tooltip (spec sidebar-and-widgets.md)
      assignees: mr.assignees.map((u) => ({ ...userBasicOf(u, base), can_merge: canMerge(u), availability: statuses.get(u.id)?.availability ?? 'not_set' })),
      reviewers: mr.reviewers.map((u) => {
        const state = u.review_state as ReviewState;
        return { ...userBasicOf(u, base), can_merge: canMerge(u), availability: statuses.get(u.id)?.availability ?? 'not_set', review_state: state, reviewed: REVIEWED_STATES.includes(state) };
      }),
    };
  }
}
