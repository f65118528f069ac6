import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { loadLabelLookup } from '../../../core/markdown/label-lookup';
import { MarkdownService } from '../../../core/markdown/markdown.service';
import type { Actor } from '../../../core/policy/policy';
import { LabelService } from '../../label/label.service';
import type { Project } from '../../project/project.entity';
import { ProjectService } from '../../project/project.service';
import type { User } from '../../user/user.entity';
import { toUserBasic } from '../../user/user.mapper';
import type { FieldEnv } from './issue-field';

/** The one builder of the context fields plan and write against (update and create alike). */
@Injectable()
export class FieldEnvBuilder {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly markdown: MarkdownService,
    private readonly labels: LabelService,
    private readonly projects: ProjectService,
  ) {}

  /**
   * `actor` (as `user`) changing an issue of `project` to `text`'s new title or description:
   * ~label references in them link only to labels that exist (a query only when there are
   * any), read on `m` (a transaction's connection: on PGlite another would wait for it).
   */
  async build(actor: Actor, user: User, project: Project, text: { title?: string; description?: string | null }, m: EntityManager | DataSource = this.ds): Promise<FieldEnv> {
    const labelExists = await loadLabelLookup(m, project.id, text.title, text.description);
    return {
      actor,
      actorBasic: toUserBasic(user, this.config.publicUrl),
      markdown: this.markdown,
      render: { projectPath: project.fullPath, labelExists },
      labels: this.labels,
      publicUrl: this.config.publicUrl,
      projects: this.projects,
    };
  }
}
