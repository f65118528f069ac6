import { Body, Controller, Delete, Get, Inject, Param, Post } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { IssueLoader, type LoadedIssue } from '../issue/issue.loader';
import { CreateIssueLinksAction } from './actions/create-issue-links';
import { DestroyIssueLinkAction } from './actions/destroy-issue-link';
import { linkAdmin } from './actions/link-context';
import { IssueLinkFinder } from './issue-link.finder';
import { toApiIssueLink, toApiRelatedIssue, type LinkView } from './issue-link.mapper';
import { parseLinkCreate } from './issue-link.validation';

/** GitLab REST v4 issue links (lib/api/issue_links.rb). */
@Controller('api/v4/projects/:id/issues/:iid/links')
export class IssueLinkController {
  constructor(
    private readonly loader: IssueLoader,
    private readonly finder: IssueLinkFinder,
    private readonly createLinks: CreateIssueLinksAction,
    private readonly destroyLink: DestroyIssueLinkAction,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Policy: read_issue; sorted by link creation, unreadable issues left out. */
  @Get()
  async list(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string) {
    const issue = await this.loader.findReadable(actor, id, iid);
    const links = await this.finder.forIssue(actor, issue.issue.id);
    return links.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.linkId - b.linkId).map((v) => toApiRelatedIssue(v, this.config.publicUrl));
  }

  /** Policy: read_issue. */
  @Get(':linkId')
  async show(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Param('linkId') linkId: string) {
    const issue = await this.loader.findReadable(actor, id, iid, { hydrate: true });
    return this.issueLink(issue, await this.linkOf(actor, issue, linkId));
  }

  /** Policy: admin_issue on the source, read_issue on the target. 201 IssueLink. */
  @Post()
  async create(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('iid') iid: string, @Body() body: unknown) {
    const input = parseLinkCreate(body);
    const issue = await this.loader.findReadable(actor, id, iid, { hydrate: true });
    linkAdmin(actor, issue, this.config.publicUrl);
    const target = await this.loader.findReadable(actor, input.targetProject, input.targetIid, { hydrate: true });
    const [created] = await this.createLinks.execute(actor, issue, [target], input.linkType);
    const link = (await this.finder.forIssue(actor, issue.issue.id)).find((l) => l.linkId === created!.linkId);
    if (!link) throw new AppError('ISSUE_LINK_NOT_FOUND');
    return this.issueLink(issue, link);
  }

  /** Policy: admin_issue on this issue. Answers the removed IssueLink. */
  @Delete(':linkId')
  async destroy(@SignedInActor() actor: Actor, @Param('id') id: string, @Param('iid') iid: string, @Param('linkId') linkId: string) {
    const issue = await this.loader.findReadable(actor, id, iid, { hydrate: true });
    const link = await this.linkOf(actor, issue, linkId);
    await this.destroyLink.execute(actor, issue, link);
    return this.issueLink(issue, link);
  }

  private async linkOf(actor: Actor | null, issue: LoadedIssue, linkId: string): Promise<LinkView> {
    const link = /^\d{1,10}$/.test(linkId) ? (await this.finder.forIssue(actor, issue.issue.id)).find((l) => l.linkId === Number(linkId)) : undefined;
    if (!link) throw new AppError('ISSUE_LINK_NOT_FOUND');
    return link;
  }

  /** GitLab stores source -> target; a relation read as is_blocked_by from here is the other issue blocking this one. */
  private issueLink(issue: LoadedIssue, link: LinkView) {
    const self = issue.hydrated!;
    if (link.linkType === 'is_blocked_by') return toApiIssueLink(link.other, self, 'blocks', this.config.publicUrl);
    return toApiIssueLink(self, link.other, link.linkType, this.config.publicUrl);
  }
}
