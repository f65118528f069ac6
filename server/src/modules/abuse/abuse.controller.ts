import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import { ABUSE_TEXTS, abuseReportSchema, type ApiAbuseReport } from '@tandem/shared-types';
import { Inject } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import { parseInput } from '../../core/http/zod-input';
import type { Actor } from '../../core/policy/policy';
import { IssueLoader } from '../issue/issue.loader';
import { MarkIssueAsSpamAction } from './actions/mark-issue-as-spam';
import { ReportAbuseAction } from './actions/report-abuse';

/** A page endpoint's failure as {"errors": [...]} with its status (the page reads that shape). */
async function pageAnswer<T>(res: Response, run: () => Promise<T>): Promise<T | { errors: string[] }> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    res.status(e.status);
    return { errors: e instanceof ValidationError ? Object.entries(e.fields).map(([f, m]) => `${f} ${m.join(', ')}`) : [e.message] };
  }
}

/**
 * The issue and merge request headers' Report abuse, a comment's, the issue header's Submit as
 * spam, and the admins' list of abuse reports (GitLab's GET /api/v4/admin/abuse_reports).
 */
@Controller()
export class AbuseController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly loader: IssueLoader,
    private readonly reportAbuse: ReportAbuseAction,
    private readonly markAsSpam: MarkIssueAsSpamAction,
  ) {}

  /**
   * Policy: read_issue, signed in and not the issue's author (issueHeaderFlags.canReportAbuse);
   * with `note_id`, not that comment's author (and the comment readable); a merge request
   * (`noteable_type`): read_merge_request through its note target's abilities, and not its
   * author (mergeRequestHeaderFlags.canReportAbuse) or, with `note_id`, not the comment's.
   */
  @Post('-/abuse_reports')
  @HttpCode(201)
  async report(@CurrentActor() actor: Actor | null, @Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    return pageAnswer(res, async () => {
      const input = parseInput(abuseReportSchema, body);
      const page = input.noteable_type === 'MergeRequest' ? 'merge_requests' : 'issues';
      const url = `${this.config.publicUrl}/${input.project_path}/-/${page}/${input.iid}${input.note_id !== undefined ? `#note_${input.note_id}` : ''}`;
      const { id } = await this.reportAbuse.execute(actor, input, url);
      return { id, message: ABUSE_TEXTS.sent };
    });
  }

  /** Policy: read_issue, admins only (issueHeaderFlags.canReportSpam). */
  @Post('*project/-/issues/:iid/mark_as_spam')
  @HttpCode(200)
  async spam(@SignedInActor() actor: Actor, @Param('project') project: string[], @Param('iid') iid: string, @Res({ passthrough: true }) res: Response) {
    return pageAnswer(res, async () => {
      const ctx = await this.loader.findReadable(actor, project.join('/'), iid);
      await this.markAsSpam.execute(actor, ctx);
      return { message: ABUSE_TEXTS.spamDone, web_url: `/${ctx.project.fullPath}/-/issues` };
    });
  }

  /** Policy: none for reading issues; admins only (actor.isAdmin), newest first, paginated. */
  @Get('api/v4/admin/abuse_reports')
  async list(@SignedInActor() actor: Actor, @Query() q: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<ApiAbuseReport[]> {
    if (!actor.isAdmin) throw new AppError('FORBIDDEN');
    const p = pageParams(q);
    const rows = (await this.ds.query(
      `SELECT a.id, a.category, a.message, a.reported_from_url, a.created_at,
         CASE WHEN r.id IS NULL THEN NULL ELSE json_build_object('id', r.id, 'username', r.username, 'name', r.name) END AS reporter,
         CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'username', u.username, 'name', u.name) END AS "user",
         count(*) OVER () AS total
       FROM abuse_reports a LEFT JOIN users r ON r.id = a.reporter_id LEFT JOIN users u ON u.id = a.user_id
       ORDER BY a.created_at DESC, a.id DESC LIMIT $1 OFFSET $2`,
      [p.perPage, (p.page - 1) * p.perPage],
    )) as Array<Omit<ApiAbuseReport, 'created_at'> & { created_at: Date; total: string }>;
    const total = rows[0] ? Number(rows[0].total) : Number(((await this.ds.query('SELECT count(*)::int AS n FROM abuse_reports')) as Array<{ n: number }>)[0]!.n);
    setPaginationHeaders(req, res, this.config.publicUrl, p, total);
    return rows.map(({ total: _total, ...r }) => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at).toISOString() }));
  }
}
