import { All, Body, Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ERRORS, REALTIME } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError, NeedsCaptchaError, ValidationError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { MarkdownService } from '../../core/markdown/markdown.service';
import { EtagCacheService } from '../../core/realtime/etag-cache.service';
import { pollScopeOf } from '../../core/realtime/poll-scope';
import type { Actor } from '../../core/policy/policy';
import { DestroyIssueAction } from './actions/destroy-issue';
import { UpdateIssueAction } from './actions/update-issue';
import { IssueLoader } from './issue.loader';
import { toApiIssue, toRealtimeChanges } from './issue.mapper';
import { parseIssueUpdate, parseLockVersion } from './issue.validation';

/** The issue page's own endpoints (spec shapes): {issue}.json and {issue}/realtime_changes. */
@Controller()
export class IssuePageController {
  constructor(
    private readonly loader: IssueLoader,
    private readonly updateIssue: UpdateIssueAction,
    private readonly destroyIssue: DestroyIssueAction,
    private readonly markdown: MarkdownService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly etags: EtagCacheService,
  ) {}

  /** Policy: read_issue. Polled by the page; Poll-Interval tells it when to come back. */
  @Get('*project/-/issues/:iid/realtime_changes')
  async realtimeChanges(@CurrentActor() actor: Actor | null, @Param('project') project: string[], @Param('iid') iid: string, @Res({ passthrough: true }) res: Response) {
    const ctx = await this.loader.findReadable(actor, project.join('/'), iid, { hydrate: true });
    const h = ctx.hydrated;
    res.setHeader('Poll-Interval', String(this.pollInterval(REALTIME.realtimeChangesPollIntervalMs)));
    res.setHeader('Cache-Control', 'no-cache');
    // Derived from the seq read with the row this answer shows, bound to this request's credential;
    // later polls with it may get 304 from the cache
    const key = { kind: 'realtime_changes' as const, projectPath: ctx.project.fullPath, iid: ctx.issue.iid };
    res.setHeader('ETag', await this.etags.handOut(key, ctx.issue.eventSeq, pollScopeOf(res.req)));
    return toRealtimeChanges(h!, this.markdown);
  }

  /**
   * Policy: update_issue (and each field's ability). The page sends its flat form state (or
   * Rails' {issue: {...}}) with any field's parameters; a stale lock_version is refused with
   * 409 and the spec's text.
   */
  @All('*project/-/issues/:iid.json')
  async updateJson(
    @CurrentActor() actor: Actor | null,
    @Param('project') project: string[],
    @Param('iid') iid: string,
    @Body() body: Record<string, unknown>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    try {
      if (req.method === 'GET') {
        const { hydrated } = await this.loader.findReadable(actor, project.join('/'), iid, { hydrate: true });
        return toApiIssue(hydrated!, this.config.publicUrl);
      }
      if (req.method === 'DELETE') return await this.destroy(actor, project, iid, req.query as Record<string, unknown>);
      if (req.method !== 'PUT' && req.method !== 'PATCH') throw new AppError('NOT_FOUND');
      if (!actor) throw new AppError('UNAUTHORIZED');
      const ctx = await this.loader.findReadable(actor, project.join('/'), iid, { hydrate: true });
      const raw = (body?.issue && typeof body.issue === 'object' ? body.issue : body ?? {}) as Record<string, unknown>;
      const lockVersion = parseLockVersion(raw.lock_version ?? body?.lock_version);
      // Every field's parameters, as the REST PUT (the registry's)
      const input = parseIssueUpdate(raw);
      const { hydrated } = await this.updateIssue.execute(actor, ctx, input, { lockVersion });
      return toApiIssue(hydrated, this.config.publicUrl);
    } catch (e) {
      // A flagged write: the captcha answer, as the API gives it (the page retries with the solution)
      if (e instanceof NeedsCaptchaError) {
        res.status(409);
        return e.responseBody();
      }
      // The page reads {"errors": [...]} (Rails' IssuableActions), not the API's {"message"}
      if (e instanceof AppError && (e.status === 409 || e instanceof ValidationError)) {
        res.status(e.status === 409 ? 409 : 422);
        return { errors: e instanceof ValidationError ? Object.entries(e.fields).map(([f, m]) => `${humanize(f)} ${m.join(', ')}`) : [ERRORS.ISSUE_STALE.message] };
      }
      throw e;
    }
  }

  private async destroy(actor: Actor | null, project: string[], iid: string, q: Record<string, unknown>) {
    if (!actor) throw new AppError('UNAUTHORIZED');
    if (q.destroy_confirm !== 'true') throw new ValidationError({ destroy_confirm: ['must be true'] });
    const ctx = await this.loader.findReadable(actor, project.join('/'), iid);
    await this.destroyIssue.execute(actor, ctx);
    return { web_url: `/${ctx.project.fullPath}/-/issues` };
  }

  private pollInterval(base: number): number {
    const m = this.config.POLL_INTERVAL_MULTIPLIER;
    return m === 0 ? -1 : Math.round(base * m);
  }
}

const humanize = (f: string) => {
  const s = f.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
};
