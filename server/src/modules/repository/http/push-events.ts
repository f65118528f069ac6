import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import type { Project } from '../../project/project.entity';
import { User } from '../../user/user.entity';
import { toUserBasic } from '../../user/user.mapper';
import type { RefUpdate } from '../git/types';
import { ZERO_OID } from '../git/validate';

/** A branch named for an issue: GitLab's related branches start with `<iid>-`. */
const ISSUE_BRANCH = /^refs\/heads\/(\d{1,9})-/;

/**
 * The events a push (or the branches API) records after its refs moved, through the one event
 * writer: each issue whose related branches (`<iid>-...`) were created, moved or deleted gets
 * an `issue.related_branches` event on its stream, so its open pages learn it live. Merge
 * requests follow pushes through RepositoryService.onRefsChanged (their module records theirs).
 */
@Injectable()
export class RepositoryPushEvents {
  constructor(
    private readonly events: EventLogService,
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async record(project: Project, actor: Actor | null, updates: RefUpdate[]): Promise<void> {
    const byIid = new Map<number, { created: string[]; updated: string[]; deleted: string[] }>();
    for (const u of updates) {
      const m = ISSUE_BRANCH.exec(u.ref);
      if (!m) continue;
      const iid = Number(m[1]);
      const entry = byIid.get(iid) ?? { created: [], updated: [], deleted: [] };
      const name = u.ref.slice('refs/heads/'.length);
      if (u.oldSha === ZERO_OID) entry.created.push(name);
      else if (u.newSha === ZERO_OID) entry.deleted.push(name);
      else entry.updated.push(name);
      byIid.set(iid, entry);
    }
    if (!byIid.size) return;
    const issues = (await this.ds.query('SELECT id, iid FROM issues WHERE project_id = $1 AND iid = ANY($2::int[])', [project.id, [...byIid.keys()]])) as Array<{ id: number; iid: number }>;
    if (!issues.length) return;
    const user = actor ? await this.ds.getRepository(User).findOneBy({ id: actor.id }) : null;
    const by = user ? toUserBasic(user, this.config.publicUrl) : null;
    await this.events.transaction(async (tx) => {
      for (const i of issues) {
        tx.recordLater({ type: 'Issue', id: i.id, ref: { id: i.id, iid: i.iid, project_path: project.fullPath } }, 'issue.related_branches', byIid.get(i.iid)!, by);
      }
    });
  }
}
