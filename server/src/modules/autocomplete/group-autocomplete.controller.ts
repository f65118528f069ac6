import { Controller, Get, Param, Query } from '@nestjs/common';
import { LIMITS } from '@tandem/shared-types';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { parseIid } from '../epic/epic.validation';
import { GroupService } from '../group/group.service';
import { GroupAutocompleteFinder } from './group-autocomplete.finder';

const KINDS = ['members', 'issues', 'labels', 'milestones', 'epics'] as const;
type Kind = (typeof KINDS)[number];

/**
 * An epic's comment boxes' autocomplete (epicNoteablePaths().autocomplete(kind)): GitLab's
 * `/groups/<path>/-/autocomplete_sources/<kind>?type=Epic&type_id=<iid>`. Registered before
 * the project sources, whose `*project` wildcard would match these paths.
 */
@Controller('groups/*group/-/autocomplete_sources')
export class GroupAutocompleteController {
  constructor(
    private readonly groups: GroupService,
    private readonly finder: GroupAutocompleteFinder,
  ) {}

  /** Policy: read_group (a private group is 404 to others; issues: read_issue each; epics: read_epic each; participants only of a readable epic). */
  @Get(':kind')
  async sources(@CurrentActor() actor: Actor | null, @Param('group') path: string[], @Param('kind') kind: string, @Query() q: Record<string, unknown>) {
    if (!(KINDS as readonly string[]).includes(kind)) throw new AppError('NOT_FOUND');
    const search = typeof q.search === 'string' ? q.search.trim() : q.search === undefined ? '' : null;
    if (search === null || search.length > LIMITS.titleMaxLength) throw new ValidationError({ search: ['must be a string of at most 255 characters'] });
    if (q.type !== undefined && q.type !== 'Epic') throw new ValidationError({ type: ['must be Epic'] });
    const typeId = q.type_id === undefined || q.type_id === '' ? null : parseIid(String(q.type_id));
    if (q.type_id !== undefined && q.type_id !== '' && typeId === null) throw new ValidationError({ type_id: ['must be an epic iid'] });
    const { group } = await this.groups.findReadable(actor, path.join('/'));
    switch (kind as Kind) {
      case 'members':
        return this.finder.members(actor, group, search, typeId);
      case 'issues':
        return this.finder.issuesOf(actor, group, search);
      case 'labels':
        return this.finder.labels(group, search);
      case 'milestones':
        return this.finder.milestones(group, search);
      case 'epics':
        return this.finder.epicsOf(actor, group, search);
    }
  }
}
