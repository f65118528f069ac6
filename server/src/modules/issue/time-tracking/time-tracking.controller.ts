import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { z } from 'zod';
import { TIME_TRACKING_TEXTS, VALIDATION, parseDuration, timeStats, type TimeStats } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import { CurrentActor } from '../../../core/http/current-actor.decorator';
import type { Actor } from '../../../core/policy/policy';
import { UpdateIssueAction } from '../actions/update-issue';
import type { IssueUpdateInput } from '../fields/issue-input';
import { dateParam } from '../fields/params';
import { IssueLoader } from '../issue.loader';
import { validationErrorOf } from '../issue.validation';

/** A positive duration (estimate), or a signed one (spent time), GitLab's duration language. */
const durationParam = (signed: boolean) =>
  z.unknown().transform((v, ctx): number => {
    const n = typeof v === 'string' ? parseDuration(v) : null;
    if (n === null || (!signed && n < 0)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: v === undefined || v === null || v === '' ? VALIDATION.required : TIME_TRACKING_TEXTS.invalidDuration });
      return z.NEVER;
    }
    return n;
  });

const estimateSchema = z.object({ duration: durationParam(false) });
const spendSchema = z.object({
  duration: durationParam(true),
  summary: z.string({ message: VALIDATION.notString }).max(255, VALIDATION.tooLong(255)).nullish(),
  spent_at: dateParam().optional(),
});

const parse = <T extends z.ZodTypeAny>(schema: T, raw: unknown): z.output<T> => {
  const r = schema.safeParse(raw ?? {});
  if (!r.success) throw validationErrorOf(r.error);
  return r.data;
};

/**
 * GitLab's REST time tracking of an issue (TimeTrackingEndpoints): each answers the issue's
 * time_stats. Changes go through UpdateIssueAction (the fields time-estimate.ts and
 * time-spent.ts), so they leave the same system notes and live events as the quick actions.
 */
@Controller('api/v4/projects/:id/issues/:iid')
export class TimeTrackingController {
  constructor(
    private readonly loader: IssueLoader,
    private readonly updateIssue: UpdateIssueAction,
  ) {}

  /** Policy: admin_issue (fields/time-estimate.ts). Parameters in the query or the body. */
  @Post('time_estimate')
  @HttpCode(200)
  async setEstimate(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Query() q: Record<string, unknown>, @Body() body: Record<string, unknown>) {
    const { duration } = parse(estimateSchema, { ...q, ...body });
    return this.change(actor, id, iid, { timeEstimate: duration });
  }

  /** Policy: admin_issue (fields/time-estimate.ts). */
  @Post('reset_time_estimate')
  @HttpCode(200)
  async resetEstimate(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string) {
    return this.change(actor, id, iid, { timeEstimate: 0 });
  }

  /** Policy: admin_issue (fields/time-spent.ts). GitLab answers 201. */
  @Post('add_spent_time')
  @HttpCode(201)
  async addSpent(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string, @Query() q: Record<string, unknown>, @Body() body: Record<string, unknown>) {
    const p = parse(spendSchema, { ...q, ...body });
    return this.change(actor, id, iid, { timeSpent: { seconds: p.duration, spentAt: p.spent_at ?? null, summary: p.summary ?? null } });
  }

  /** Policy: admin_issue (fields/time-spent.ts). */
  @Post('reset_spent_time')
  @HttpCode(200)
  async resetSpent(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string) {
    return this.change(actor, id, iid, { timeSpent: { seconds: 'reset' } });
  }

  /** Policy: read_issue. */
  @Get('time_stats')
  async stats(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('iid') iid: string): Promise<TimeStats> {
    const { issue } = await this.loader.findReadable(actor, id, iid);
    return timeStats(issue.timeEstimate, issue.totalTimeSpent);
  }

  private async change(actor: Actor | null, id: string, iid: string, input: IssueUpdateInput): Promise<TimeStats> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const loaded = await this.loader.findReadable(actor, id, iid);
    const { issue } = await this.updateIssue.execute(actor, loaded, input);
    return timeStats(issue.timeEstimate, issue.totalTimeSpent);
  }
}
