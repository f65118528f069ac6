import { errorOfIssue } from '../error-tracking/error-tracking.store';
import fs from 'node:fs';
import path from 'node:path';
import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { errorTrackingPaths, REALTIME, type PageData } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError } from '../../core/errors/app-error';
import { authOf } from '../../core/http/request-context';
import { issuePagePermissions } from '../../core/policy/issue-permissions';
import { canIssue, canProject, canRequestCveId } from '../../core/policy/policy';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AwardFinder } from '../award/award.finder';
import { IncomingEmailService } from '../incoming-email/incoming-email.service';
import { cveRequestFor } from '../issue/cve-request';
import { IssueLoader } from '../issue/issue.loader';
import { DiscussionFinder } from '../note/discussion.finder';
import { GroupService } from '../group/group.service';
import { IssueLinkFinder } from '../issue-link/issue-link.finder';
import { referenceFrom } from '../issue-link/issue-link.mapper';
import { toApiIssue } from '../issue/issue.mapper';
import { toApiProject } from '../project/project.mapper';
import { ProjectService } from '../project/project.service';
import { ServiceDeskFinder } from '../service-desk/service-desk.finder';
import { publishedIncidentUrlOf, statusPageSettingsOf } from '../status-page/status-page.store';
import { unconfirmedAccessUntil } from '../user/email-confirmation';
import { User } from '../user/user.entity';
import { toCurrentUser } from '../user/user.mapper';
import { embedJson, escapeHtml } from './page-data';

const ISSUE_PAGE = /^\/(.+)\/-\/issues\/(\d+)\/?$/;
/** The public status page: a project without one (not enabled, archived, unknown) is a 404, so the page asks for no list.json. */
const STATUS_PAGE = /^\/-\/status_page\/(.+?)\/?$/;
/** A project's list pages (issues, new issue, incidents, merge requests): a project that is not there (or not readable) is a 404. */
const PROJECT_LIST_PAGE = /^\/(?!groups\/|-\/)(.+?)\/-\/(?:issues(?:\/new)?|incidents|merge_requests)\/?$/;

/**
 * Serves the built client for every page route, with the page's initial data embedded so the
 * issue page paints without a second round trip. Registered last: API routes win.
 */
@Controller()
export class WebController {
  private template: string | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly issues: IssueLoader,
    private readonly projects: ProjectService,
    private readonly discussions: DiscussionFinder,
    private readonly awards: AwardFinder,
    private readonly links: IssueLinkFinder,
    private readonly groups: GroupService,
    private readonly incomingEmail: IncomingEmailService,
    private readonly serviceDesk: ServiceDeskFinder,
  ) {}

  /** Policy: public (drawn from the name in the URL only). Initials avatars, so no external avatar service is needed. */
  @Get('-/avatars/:file')
  avatar(@Param('file') file: string, @Res() res: Response) {
    const name = file.replace(/\.svg$/, '');
    const initials = escapeHtml(name.slice(0, 2).toUpperCase());
    let h = 0;
    for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    const hue = h % 360;
    res
      .type('image/svg+xml')
      .setHeader('Cache-Control', 'public, max-age=86400')
      .send(
        `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="hsl(${hue},45%,88%)"/><text x="32" y="40" font-family="system-ui,sans-serif" font-size="24" font-weight="600" text-anchor="middle" fill="hsl(${hue},45%,30%)">${initials}</text></svg>`,
      );
  }

  /** Policy: the page shell is public; embedded data is only what the actor may read. */
  @Get(['/', '*path'])
  async page(@Req() req: Request, @Res() res: Response) {
    // API, health, avatars and static files are never pages; /-/user_settings/... and the like are
    if (req.path.startsWith('/api/') || /^\/-\/(liveness|readiness|avatars|metrics)\b/.test(req.path) || req.path.startsWith('/assets/')) {
      res.status(404).json({ error: '404 Not Found' });
      return;
    }
    const { actor, csrfToken } = authOf(req);
    const user = actor ? await this.ds.getRepository(User).findOneBy({ id: actor.id }) : null;
    const data: PageData = { currentUser: user ? toCurrentUser(user, this.config.publicUrl) : null, csrfToken, features: { cveIdRequestButton: this.config.FEATURE_FLAGS.includes('cveIdRequestButton') } };
    // EMAIL_CONFIRMATION=soft: every page reminds an unconfirmed user, with the end of their grace period
    const accessUntil = user ? unconfirmedAccessUntil(this.config.EMAIL_CONFIRMATION, user) : null;
    if (user && accessUntil) data.emailConfirmation = { email: user.email, access_until: accessUntil.toISOString() };
    let status = 200;
    const m = ISSUE_PAGE.exec(req.path);
    if (m) {
      try {
        const ctx = await this.issues.findReadable(actor, decodeURIComponent(m[1]!), m[2]!, { hydrate: true });
        const h = ctx.hydrated;
        const ns = ctx.project.namespace;
        const permissions = issuePagePermissions(actor, ctx.projectFacts, ctx.facts);
        const incident = ctx.issue.issueType === 'incident';
        const [counts, awards, blockedBy, notesData, groupFacts, createNoteEmail, movedServiceDeskWarning, publishedIncidentUrl, statusPage, branches] = await Promise.all([
          this.projects.openIssuesCount([ctx.project.id]),
          this.awards.forIssue(ctx.issue.id),
          this.links.blockedBy(actor, ctx.issue.id),
          this.discussions.pageNotesData(actor, ctx),
          // Promote to epic needs the actor's level in the project's group (signed-in only)
          actor && ns?.type === 'Group' ? this.groups.facts(actor, ns) : Promise.resolve(null),
          // The viewer's own issue email, when incoming mail is configured and they may comment
          actor && permissions.canCreateNote ? this.incomingEmail.addressFor(actor.id, ctx.project, ctx.issue.iid) : Promise.resolve(null),
          this.serviceDesk.movedWarning(ctx.project, ctx.issue),
          // The status page (incidents): the pinned link while published, and whether the viewer may publish
          incident ? publishedIncidentUrlOf(this.ds, this.config.publicUrl, ctx.project, ctx.issue) : Promise.resolve(null),
          incident && canIssue(actor, 'publish_status_page', ctx.projectFacts, ctx.facts) ? statusPageSettingsOf(this.ds, ctx.project.id) : Promise.resolve(null),
          this.projects.defaultBranches([ctx.project.id]),
        ]);
        const base = `/${ctx.project.fullPath}/-/issues/${ctx.issue.iid}`;
        data.issue = {
          issue: toApiIssue(h!, this.config.publicUrl),
          // The viewer's level (GitLab's permissions.project_access) so the page asks no members/all/<id> that answers 404 to a non-member
          project: toApiProject(ctx.project, this.config.publicUrl, counts.get(ctx.project.id) ?? 0, actor ? ctx.projectFacts.accessLevel : undefined, undefined, undefined, branches.get(ctx.project.id)),
          permissions: issuePagePermissions(actor, ctx.projectFacts, ctx.facts, groupFacts),
          seq: ctx.issue.eventSeq,
          endpoint: base,
          realtimeChangesPath: `${base}/realtime_changes`,
          notesPath: `/${ctx.project.fullPath}/noteable/issue/${ctx.issue.id}/notes`,
          lastFetchedAt: Date.now() * 1000,
          notesData,
          uploadMetricsFeatureAvailable: this.config.METRIC_IMAGES,
          publishedIncidentUrl,
          canPublishStatusPage: statusPage?.enabled === true,
          awards,
          createNoteEmail,
          movedServiceDeskWarning,
          cveRequest:
            data.features?.cveIdRequestButton && this.config.CVE_REQUEST_PROJECT && canRequestCveId(actor, ctx.projectFacts, ctx.facts)
              ? cveRequestFor(this.config.CVE_REQUEST_PROJECT, `${ctx.project.fullPath}#${ctx.issue.iid}`, ctx.issue.title, `${this.config.publicUrl}${base}`)
              : null,
          blocked_by_count: blockedBy.length,
          blocked_by_issues: blockedBy.map((b) => ({
            id: b.other.issue.id,
            iid: b.other.issue.iid,
            title: b.other.issue.title,
            reference: referenceFrom(ctx.project.fullPath, b.other.project.fullPath, b.other.issue.iid),
            web_url: `${this.config.publicUrl}/${b.other.project.fullPath}/-/issues/${b.other.issue.iid}`,
          })),
        };
        // The stack trace card: the error this issue was made from, for those who may read errors
        if (canProject(actor, 'read_error_tracking', ctx.projectFacts)) {
          const linked = await errorOfIssue(this.ds, ctx.issue.id);
          data.issue.issueStackTracePath = linked ? errorTrackingPaths(ctx.project.fullPath).stackTraceJson(linked.id) : null;
        }
      } catch (e) {
        if (!(e instanceof AppError) || e.status !== 404) throw e;
        status = 404;
      }
    }
    const list = m ? null : PROJECT_LIST_PAGE.exec(req.path);
    if (list) {
      try {
        await this.projects.findReadable(actor, decodeURIComponent(list[1]!));
      } catch (e) {
        if (!(e instanceof AppError) || e.status !== 404) throw e;
        status = 404;
      }
    }
    const statusPage = m || list ? null : STATUS_PAGE.exec(req.path);
    if (statusPage) {
      const project = await this.projects.findByIdOrPath(decodeURIComponent(statusPage[1]!));
      if (!project || project.archived || !(await statusPageSettingsOf(this.ds, project.id)).enabled) status = 404;
    }
    // The client shows its not-found page at once, without asking the API first
    if (status === 404) data.notFound = true;
    res.status(status).type('html').setHeader('Cache-Control', 'no-store').send(this.render(data));
  }

  private render(data: PageData): string {
    const tpl = this.loadTemplate();
    const inject = `<script id="tandem-data" type="application/json">${embedJson(data)}</script>` +
      (data.csrfToken ? `<meta name="csrf-token" content="${escapeHtml(data.csrfToken)}">` : '') +
      `<meta name="tandem-poll" content="${REALTIME.firstPollDelayMs}">`;
    return tpl.replace('</head>', `${inject}</head>`);
  }

  private loadTemplate(): string {
    if (this.template && this.config.NODE_ENV === 'production') return this.template;
    const file = path.join(this.config.clientDist, 'index.html');
    this.template = fs.existsSync(file)
      ? fs.readFileSync(file, 'utf8')
      : '<!doctype html><html><head><meta charset="utf-8"><title>Tandem</title></head><body><div id="root">The client is not built: run npm run build.</div></body></html>';
    return this.template;
  }
}
