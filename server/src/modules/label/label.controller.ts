import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, type Type } from '@nestjs/common';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { MarkdownService } from '../../core/markdown/markdown.service';
import { canGroup, type Actor } from '../../core/policy/policy';
import { GroupService } from '../group/group.service';
import { ProjectService } from '../project/project.service';
import { LabelAdminService, toApiLabel, type LabelScope } from './label-admin.service';

interface ScopeKind<S> {
  owners: Type<S>;
  /** The readable project or group (404 otherwise), and whether the actor may manage its labels. */
  resolve(owners: S, actor: Actor | null, id: string): Promise<{ scope: LabelScope; canAdmin: boolean }>;
}

const KINDS = {
  project: {
    owners: ProjectService,
    async resolve(projects, actor, id) {
      const { project, facts } = await projects.findReadable(actor, id);
      return {
        scope: {
          owner: { projectId: project.id },
          namespaceId: project.namespaceId,
          counts: { projectId: project.id, confidential: projects.can(actor, 'read_confidential_issues', facts) },
        },
        canAdmin: projects.can(actor, 'admin_label', facts),
      };
    },
  } satisfies ScopeKind<ProjectService>,
  group: {
    owners: GroupService,
    async resolve(groups, actor, id) {
      const { group, facts } = await groups.findReadable(actor, id);
      // A group's issue counts are not kept: with_counts answers zeros
      return { scope: { owner: { groupId: group.id }, namespaceId: group.id, counts: null }, canAdmin: canGroup(actor, 'admin_group_label', facts) };
    },
  } satisfies ScopeKind<GroupService>,
};

/**
 * GitLab REST v4 project or group labels at `route` (`:id` a number or URL-encoded full path):
 * the list (own and, with include_ancestor_groups (default true), ancestor groups' labels) and
 * create/update/delete. Projects and groups differ only in how the scope is found and checked.
 */
export function labelControllerFor(opts: { scopeType: keyof typeof KINDS; route: string }): Type<unknown> {
  const kind = KINDS[opts.scopeType] as ScopeKind<unknown>;

  @Controller(opts.route)
  class LabelController {
    constructor(
      @Inject(LabelAdminService) readonly admin: LabelAdminService,
      @Inject(MarkdownService) readonly markdown: MarkdownService,
      @Inject(kind.owners) readonly owners: unknown,
    ) {}

    private async authorized(actor: Actor | null, id: string): Promise<LabelScope> {
      const { scope, canAdmin } = await kind.resolve(this.owners, actor, id);
      if (!canAdmin) throw new AppError(actor ? 'FORBIDDEN' : 'UNAUTHORIZED');
      return scope;
    }

    /** Policy: read_project / read_group. search, with_counts, include_ancestor_groups. */
    @Get()
    async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Query() q: Record<string, unknown>) {
      const { scope } = await kind.resolve(this.owners, actor, id);
      const labels = await this.admin.list(scope, q);
      return labels.map(({ label, counts }) => toApiLabel(label, this.markdown, counts));
    }

    /** Policy: admin_label / admin_group_label (reporters and up). */
    @Post()
    async create(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Body() body: Record<string, unknown>) {
      const { owner } = await this.authorized(actor, id);
      return toApiLabel(await this.admin.create(owner, body), this.markdown);
    }

    /** Policy: admin_label / admin_group_label. */
    @Put(':label_id')
    async update(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('label_id') labelId: string, @Body() body: Record<string, unknown>) {
      const { owner } = await this.authorized(actor, id);
      return toApiLabel(await this.admin.update(owner, labelId, body), this.markdown);
    }

    /** Policy: admin_label / admin_group_label. */
    @Delete(':label_id')
    @HttpCode(204)
    async destroy(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('label_id') labelId: string): Promise<void> {
      const { owner } = await this.authorized(actor, id);
      await this.admin.destroy(owner, labelId);
    }
  }

  // Nest names controllers in its route logs by class name
  Object.defineProperty(LabelController, 'name', { value: `${opts.scopeType[0]!.toUpperCase()}${opts.scopeType.slice(1)}LabelController` });
  return LabelController;
}
