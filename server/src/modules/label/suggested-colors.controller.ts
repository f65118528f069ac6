import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { labelTextColor } from '@tandem/shared-types';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { GroupService } from '../group/group.service';
import { routeParam, type RouteParams } from '../note/noteable-kind';
import { LabelAdminService } from './label-admin.service';

/**
 * GitLab's suggested label colours (LabelsHelper#suggested_colors, handed to its pages as
 * gon.suggested_label_colors): hex value to name, in GitLab's order. The label create form
 * offers them as swatches.
 */
export const SUGGESTED_LABEL_COLORS: Readonly<Record<string, string>> = {
  '#009966': 'Green-cyan',
  '#8fbc8f': 'Dark sea green',
  '#3cb371': 'Medium sea green',
  '#00b140': 'Green screen',
  '#013220': 'Dark green',
  '#6699cc': 'Blue-gray',
  '#0000ff': 'Blue',
  '#e6e6fa': 'Lavender',
  '#9400d3': 'Dark violet',
  '#330066': 'Deep violet',
  '#808080': 'Gray',
  '#36454f': 'Charcoal grey',
  '#f7e7ce': 'Champagne',
  '#c21e56': 'Rose red',
  '#cc338b': 'Magenta-pink',
  '#dc143c': 'Crimson',
  '#ff0000': 'Red',
  '#cd5b45': 'Dark coral',
  '#eee600': 'Titanium yellow',
  '#ed9121': 'Carrot orange',
  '#c39953': 'Aztec Gold',
};

@Controller('-/labels')
export class SuggestedColorsController {
  /** Policy: public (the same list for everyone, as GitLab's gon). */
  @Get('suggested_colors.json')
  @Header('Cache-Control', 'public, max-age=86400')
  colors(): Readonly<Record<string, string>> {
    return SUGGESTED_LABEL_COLORS;
  }
}

/** The group labels page's JSON (GitLab's Groups::LabelsController#index as json: LabelSerializer#represent_appearance). */
@Controller('groups/*group/-')
export class GroupLabelsPageController {
  constructor(
    private readonly groups: GroupService,
    private readonly admin: LabelAdminService,
  ) {}

  /** Policy: read_group (a group the actor may not see is 404). The group's labels and its ancestors', id/title/color/text_color. */
  @Get('labels.json')
  async labels(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Query() q: Record<string, unknown>) {
    const { group } = await this.groups.findReadable(actor, routeParam(params, 'group'));
    const labels = await this.admin.list({ owner: { groupId: group.id }, namespaceId: group.id, counts: null }, { include_ancestor_groups: 'true', ...(typeof q.search === 'string' ? { search: q.search } : {}) });
    return labels.map(({ label }) => ({ id: label.id, title: label.title, color: label.color, text_color: labelTextColor(label.color) }));
  }
}
