import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Issue } from '../issue/issue.entity';
import type { Project } from '../project/project.entity';

/** What the issue page needs to know about Service Desk. */
@Injectable()
export class ServiceDeskFinder {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * The moved-issue warning applies (GitLab's show_moved_service_desk_issue_warning?): a
   * service-desk issue, moved here from a project with Service Desk on, into this project which
   * has it off; its external author gets no more mail. Asks the database only for such issues.
   */
  async movedWarning(project: Project, issue: Issue): Promise<boolean> {
    if (!issue.serviceDeskReplyTo || project.serviceDeskEnabled) return false;
    const [from] = (await this.ds.query(
      `SELECT p.service_desk_enabled FROM issues o JOIN projects p ON p.id = o.project_id WHERE o.moved_to_id = $1 ORDER BY o.id DESC LIMIT 1`,
      [issue.id],
    )) as Array<{ service_desk_enabled: boolean }>;
    return from?.service_desk_enabled === true;
  }
}
