import { Controller, Get, Param, Query } from '@nestjs/common';
import { LIMITS } from '@tandem/shared-types';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { parseIid } from '../issue/issue-context';
import { ProjectService } from '../project/project.service';
import { AutocompleteFinder } from './autocomplete.finder';
import { CommandSources } from './command-sources';

const KINDS = ['members', 'issues', 'labels', 'milestones', 'commands'] as const;
type Kind = (typeof KINDS)[number];

/** The comment form's autocomplete (noteablePaths().autocomplete(kind)). */
@Controller()
export class AutocompleteController {
  constructor(
    private readonly projects: ProjectService,
    private readonly finder: AutocompleteFinder,
    private readonly commands: CommandSources,
  ) {}

  /**
   * Policy: read_project (issues: read_issue each; participants only of a readable issue;
   * commands: read_issue, or read_merge_request with `type=MergeRequest`, each listed only when
   * the actor has its ability on the issue or merge request).
   */
  @Get('*project/-/autocomplete_sources/:kind')
  async sources(@CurrentActor() actor: Actor | null, @Param('project') path: string[], @Param('kind') kind: string, @Query() q: Record<string, unknown>) {
    if (!(KINDS as readonly string[]).includes(kind)) throw new AppError('NOT_FOUND');
    const search = typeof q.search === 'string' ? q.search.trim() : q.search === undefined ? '' : null;
    if (search === null || search.length > LIMITS.titleMaxLength) throw new ValidationError({ search: ['must be a string of at most 255 characters'] });
    const typeId = q.type_id === undefined || q.type_id === '' ? null : parseIid(String(q.type_id));
    if (q.type_id !== undefined && q.type_id !== '' && typeId === null) throw new ValidationError({ type_id: ['must be an issue iid'] });
    const { project, facts } = await this.projects.findReadable(actor, path.join('/'));
    switch (kind as Kind) {
      case 'members':
        return this.finder.members(actor, project, facts, search, q.type === undefined || q.type === 'Issue' ? typeId : null);
      case 'issues':
        return this.finder.issues(actor, project, facts, search);
      case 'labels':
        return this.finder.labels(project, search);
      case 'milestones':
        return this.finder.milestones(project, search);
      case 'commands':
        // An issue's or a merge request's commands: type_id names it (a new issue's form has none to run them on)
        if (typeId === null) throw new ValidationError({ type_id: ['is required for commands'] });
        if (q.type === 'MergeRequest') return this.commands.listForMergeRequest(actor, project, typeId);
        if (q.type !== undefined && q.type !== 'Issue') throw new ValidationError({ type: ['must be Issue or MergeRequest'] });
        return this.commands.list(actor, project, typeId);
    }
  }
}
