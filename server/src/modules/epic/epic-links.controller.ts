import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import { parseInput } from '../../core/http/zod-input';
import type { Actor } from '../../core/policy/policy';
import { boolParam, textParam } from '../issue/fields/params';
import { ChildEpicsAction } from './actions/child-epics';
import { toApiEpic } from './epic.mapper';
import { EpicService } from './epic.service';
import { parseIid } from './epic.validation';

const newChild = z.object({ title: textParam(255, { required: true }), confidential: boolParam().optional() });

/** GitLab REST v4 epic links (ee/lib/api/epic_links.rb): an epic's child epics. */
@Controller('api/v4/groups/:id/epics/:epicIid/epics')
export class EpicLinksController {
  constructor(
    private readonly epics: EpicService,
    private readonly children: ChildEpicsAction,
  ) {}

  private get base() {
    return this.epics.config.publicUrl;
  }

  /** Policy: read_epic on the parent and on each child listed. */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('epicIid') epicIid: string) {
    const ge = await this.epics.findReadable(actor, id, parseIid(epicIid));
    return (await this.children.list(actor, ge)).map((e) => toApiEpic(e, this.base));
  }

  /** Policy: admin_epic on the parent, create_epic in its group. 201 the new child epic. */
  @Post()
  async create(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('epicIid') epicIid: string, @Body() body: unknown) {
    const input = parseInput(newChild, body);
    const title = (input.title as string).trim();
    if (!title) throw new ValidationError({ title: ["can't be blank"] });
    const ge = await this.epics.findReadable(actor, id, parseIid(epicIid));
    return toApiEpic(await this.children.create(actor, ge, { title, confidential: input.confidential as boolean | undefined }), this.base);
  }

  /** Policy: admin_epic on the parent and on the child (by its global id). 201 the child. */
  @Post(':childEpicId')
  async add(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('epicIid') epicIid: string, @Param('childEpicId') childEpicId: string) {
    const ge = await this.epics.findReadable(actor, id, parseIid(epicIid));
    const childId = parseIid(childEpicId);
    if (childId === null) throw new AppError('EPIC_NOT_FOUND');
    return toApiEpic(await this.children.add(actor, ge, childId), this.base);
  }

  /** Policy: admin_epic on the parent and on the child. 200 the child, now without a parent. */
  @Delete(':childEpicId')
  async remove(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('epicIid') epicIid: string, @Param('childEpicId') childEpicId: string) {
    const ge = await this.epics.findReadable(actor, id, parseIid(epicIid));
    const childId = parseIid(childEpicId);
    if (childId === null) throw new AppError('EPIC_NOT_FOUND');
    return toApiEpic(await this.children.remove(actor, ge, childId), this.base);
  }
}
