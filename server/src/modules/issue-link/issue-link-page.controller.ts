import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { RelatedIssue } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { IssueLoader, type LoadedIssue } from '../issue/issue.loader';
import { CreateIssueLinksAction } from './actions/create-issue-links';
import { DestroyIssueLinkAction } from './actions/destroy-issue-link';
import { linkAdmin } from './actions/link-context';
import { ReorderIssueLinkAction } from './actions/reorder-issue-link';
import { IssueLinkFinder } from './issue-link.finder';
import { toRelatedIssue } from './issue-link.mapper';
import { parseRelatedCreate, parseReorder } from './issue-link.validation';
import { ReferenceResolver } from './reference-resolver';

/** The related-issues block's endpoints (noteablePaths().relatedIssues / relatedIssue(linkId)). */
@Controller()
export class IssueLinkPageController {
  constructor(
    private readonly loader: IssueLoader,
    private readonly finder: IssueLinkFinder,
    private readonly references: ReferenceResolver,
    private readonly createLinks: CreateIssueLinksAction,
    private readonly destroyLink: DestroyIssueLinkAction,
    private readonly reorderLink: ReorderIssueLinkAction,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Policy: read_issue; linked issues the viewer may not read are left out. */
  @Get('*project/-/issues/:iid/links')
  async list(@CurrentActor() actor: Actor | null, @Param('project') project: string[], @Param('iid') iid: string): Promise<RelatedIssue[]> {
    return this.issuables(actor, await this.loader.findReadable(actor, project.join('/'), iid));
  }

  /** Policy: admin_issue on this issue, read_issue on every target. */
  @Post('*project/-/issues/:iid/links')
  async create(@SignedInActor() actor: Actor, @Param('project') project: string[], @Param('iid') iid: string, @Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const input = parseRelatedCreate(body);
    const issue = await this.loader.findReadable(actor, project.join('/'), iid);
    // Only those who may link learn whether the references name issues
    linkAdmin(actor, issue, this.config.publicUrl);
    const targets = await this.references.resolve(actor, issue, input.references);
    await this.createLinks.execute(actor, issue, targets, input.linkType);
    res.status(200);
    return { issuables: await this.issuables(actor, issue) };
  }

  /** Policy: admin_issue on this issue (canAdmin). */
  @Delete('*project/-/issues/:iid/links/:linkId')
  async destroy(@SignedInActor() actor: Actor, @Param('project') project: string[], @Param('iid') iid: string, @Param('linkId') linkId: string) {
    const issue = await this.loader.findReadable(actor, project.join('/'), iid);
    await this.destroyLink.execute(actor, issue, await this.linkOf(actor, issue, linkId));
    return { issuables: await this.issuables(actor, issue) };
  }

  /** Policy: admin_issue on this issue (canReorder = canAdmin). */
  @Put('*project/-/issues/:iid/links/:linkId')
  async reorder(@SignedInActor() actor: Actor, @Param('project') project: string[], @Param('iid') iid: string, @Param('linkId') linkId: string, @Body() body: unknown) {
    const move = parseReorder(body);
    const issue = await this.loader.findReadable(actor, project.join('/'), iid);
    const link = await this.linkOf(actor, issue, linkId);
    const ordered = (await this.finder.orderedLinkIds(issue.issue.id)).map((l) => l.id);
    await this.reorderLink.execute(actor, issue, link, ordered, move.before, move.after);
    return { issuables: await this.issuables(actor, issue) };
  }

  private async linkOf(actor: Actor, issue: LoadedIssue, linkId: string) {
    const link = /^\d{1,10}$/.test(linkId) ? (await this.finder.forIssue(actor, issue.issue.id)).find((l) => l.linkId === Number(linkId)) : undefined;
    if (!link) throw new AppError('ISSUE_LINK_NOT_FOUND');
    return link;
  }

  private async issuables(actor: Actor | null, issue: LoadedIssue): Promise<RelatedIssue[]> {
    const viewer = { projectPath: issue.project.fullPath, iid: issue.issue.iid, id: issue.issue.id };
    return (await this.finder.forIssue(actor, issue.issue.id)).map((v) => toRelatedIssue(v, viewer, this.config.publicUrl));
  }
}
