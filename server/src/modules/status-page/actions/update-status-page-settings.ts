import { Inject, Injectable } from '@nestjs/common';
import type { StatusPageSettings } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError } from '../../../core/errors/app-error';
import type { Actor, ProjectFacts } from '../../../core/policy/policy';
import { canProject } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import type { Project } from '../../project/project.entity';
import { User } from '../../user/user.entity';
import { toUserBasic } from '../../user/user.mapper';
import { defaultStatusPageUrl, statusPageSettingsOf, toStatusPageSettings } from '../status-page.store';
import type { StatusPageSettingsInput } from '../status-page.validation';
import { publishedIncidentUrl } from '@tandem/shared-types';

/**
 * Changes the project's status page setting (admin_project: maintainers). When the published
 * incidents' links change (enabled, disabled, another URL), each published incident's open
 * pages are told (`issue.status_page`), so their pinned link follows.
 */
@Injectable()
export class UpdateStatusPageSettingsAction {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: EventLogService,
  ) {}

  async execute(actor: Actor | null, project: Project, facts: ProjectFacts, input: StatusPageSettingsInput): Promise<StatusPageSettings> {
    if (!canProject(actor, 'admin_project', facts)) throw new AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
    return this.events.transaction(async (tx) => {
      const m = tx.manager;
      await m.query('INSERT INTO status_page_settings (project_id) VALUES ($1) ON CONFLICT (project_id) DO NOTHING', [project.id]);
      await m.query('SELECT project_id FROM status_page_settings WHERE project_id = $1 FOR UPDATE', [project.id]);
      const before = await statusPageSettingsOf(m, project.id);
      const after = {
        enabled: input.enabled ?? before.enabled,
        statusPageUrl: input.statusPageUrl !== undefined ? input.statusPageUrl : before.statusPageUrl,
      };
      await m.query('UPDATE status_page_settings SET enabled = $2, status_page_url = $3, updated_at = now() WHERE project_id = $1', [project.id, after.enabled, after.statusPageUrl]);
      const urlOf = (s: typeof before) => (s.enabled ? s.statusPageUrl ?? defaultStatusPageUrl(this.config.publicUrl, project) : null);
      if (urlOf(before) !== urlOf(after)) {
        const rows = (await m.query(
          `SELECT i.id, i.iid FROM status_page_published_incidents p JOIN issues i ON i.id = p.issue_id WHERE p.project_id = $1 ORDER BY i.id`,
          [project.id],
        )) as Array<{ id: number; iid: number }>;
        const author = toUserBasic(await m.getRepository(User).findOneByOrFail({ id: actor!.id }), this.config.publicUrl);
        const base = urlOf(after);
        for (const r of rows) {
          const ref = { id: Number(r.id), iid: Number(r.iid), project_path: project.fullPath };
          tx.recordLater({ type: 'Issue', id: ref.id, ref }, 'issue.status_page', { published_incident_url: base ? publishedIncidentUrl(base, ref.iid) : null }, author);
        }
      }
      return toStatusPageSettings(after, this.config.publicUrl, project);
    });
  }
}
