import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { ErrorStatusUpdateResponse, ErrorTrackingListResponse, StackTraceResponse } from '@tandem/shared-types';
import { CurrentActor, SignedInActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { ErrorTrackingService } from './error-tracking.service';
import { parseErrorId, parseListParams, parseStatus } from './error-tracking.validation';

/**
 * The error-tracking pages' JSON (GitLab's Projects::ErrorTrackingController shapes; spec
 * discussions.md §7): the list, an error's stack trace, its status, and "Create issue".
 */
@Controller()
export class ErrorTrackingController {
  constructor(private readonly service: ErrorTrackingService) {}

  /** Policy: read_error_tracking. search_term, sort, cursor, issue_status; errors and pagination. */
  @Get('*project/-/error_tracking.json')
  async list(@CurrentActor() actor: Actor | null, @Param('project') project: string[], @Query() q: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<ErrorTrackingListResponse> {
    const p = await this.service.access(actor, project.join('/'), 'read_error_tracking');
    const { rows: _rows, ...page } = await this.service.list(p, parseListParams(q));
    res.setHeader('Cache-Control', 'no-store');
    return page;
  }

  /** Policy: read_error_tracking. The error and its newest event's stack trace (the details page, the issue's card). */
  @Get('*project/-/error_tracking/:id/stack_trace.json')
  async stackTrace(@CurrentActor() actor: Actor | null, @Param('project') project: string[], @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<StackTraceResponse> {
    const p = await this.service.access(actor, project.join('/'), 'read_error_tracking');
    res.setHeader('Cache-Control', 'no-store');
    return this.service.stackTrace(p, await this.service.find(p, parseErrorId(id)));
  }

  /** Policy: update_error_tracking. {status: unresolved | resolved | ignored}. */
  @Put('*project/-/error_tracking/:id.json')
  async update(@CurrentActor() actor: Actor | null, @Param('project') project: string[], @Param('id') id: string, @Body() body: unknown): Promise<ErrorStatusUpdateResponse> {
    const p = await this.service.access(actor, project.join('/'), 'update_error_tracking');
    const status = parseStatus(body);
    return this.service.updateStatus(p, await this.service.find(p, parseErrorId(id)), status);
  }

  /** Policy: update_error_tracking, then create_issue (CreateIssueAction). The issue made (201), or the one the error has (200). */
  @Post('*project/-/error_tracking/:id/issue.json')
  @HttpCode(201)
  async createIssue(@SignedInActor() actor: Actor, @Param('project') project: string[], @Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<{ iid: number; web_url: string }> {
    const p = await this.service.access(actor, project.join('/'), 'update_error_tracking');
    const made = await this.service.createIssueFrom(actor, p, await this.service.find(p, parseErrorId(id)));
    if (!made.created) res.status(200);
    return { iid: made.iid, web_url: made.web_url };
  }
}
