import { Controller, Get, Inject, Param, Query, Req, Res, type Type } from '@nestjs/common';
import type { Request, Response } from 'express';
import { HISTORY_OPEN_PAGE_SIZE, HISTORY_PAGE_SIZE, toApiResourceEvent, type ApiResourceEvent, type HistoryPage, type HistorySnapshotPage, type ResourceEventKind } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { pageParams, setPaginationHeaders } from '../../core/http/pagination';
import type { Actor } from '../../core/policy/policy';
import type { NoteableKind, NoteableTargets, RouteParams } from '../note/noteable-kind';
import { HistoryService } from './history.service';

/**
 * GitLab's resource event APIs per noteable type: issues have all five; GitLab's epics have only
 * label events, and Tandem's epics have no labels; merge requests have state (closed, reopened,
 * merged), label and milestone events.
 */
export const RESOURCE_EVENTS_OF: Record<NoteableKind['type'], readonly ResourceEventKind[]> = { Issue: ['state', 'label', 'milestone', 'weight', 'iteration'], Epic: [], MergeRequest: ['state', 'label', 'milestone'] };

/** A non-negative int4 from the query, else 400 naming it. */
function seqParam(v: unknown, field: string): number {
  if (v === undefined || v === '') return 0;
  const n = typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n > 2_147_483_647) throw new ValidationError({ [field]: ['must be a non-negative integer'] });
  return n;
}

/** A resource event id from the path: a positive integer, else 400. */
function eventIdParam(v: string): number {
  const n = /^\d{1,15}$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw new ValidationError({ event_id: ['must be a positive integer'] });
  return n;
}

/**
 * One noteable type's history (GET `{rest}/history`, the scrubber's pages) and GitLab's
 * resource event APIs (`{rest}/resource_<kind>_events[/:event_id]`), answered from the event log
 * and what its pruning compacted (HistoryStore). Reading them is reading the noteable: the
 * targets' finder answers 404 to anyone the policy module does not let read it now.
 */
export function historyControllerFor(kind: NoteableKind): Type<unknown> {
  const kinds = RESOURCE_EVENTS_OF[kind.type];

  @Controller(kind.rest)
  class HistoryController {
    constructor(
      @Inject(kind.targets) readonly targets: NoteableTargets,
      @Inject(HistoryService) readonly history: HistoryService,
      @Inject(APP_CONFIG) readonly config: AppConfig,
    ) {}

    /** Policy: read_issue / read_epic (the targets' finder); notes by read_internal_note and the note finders' cross-reference rule. */
    @Get('history')
    async page(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Query() query: Record<string, unknown>): Promise<HistoryPage> {
      const after = seqParam(query.after_seq, 'after_seq');
      const limit = query.per_page === undefined ? HISTORY_PAGE_SIZE : seqParam(query.per_page, 'per_page');
      if (limit < 1 || limit > HISTORY_PAGE_SIZE) throw new ValidationError({ per_page: [`must be between 1 and ${HISTORY_PAGE_SIZE}`] });
      const t = await this.targets.fromRest(actor, params);
      return this.history.page(actor, t, after, limit);
    }

    /** Policy: read_issue / read_epic / read_merge_request (the targets' finder); notes as in `history`. */
    @Get('history/snapshot')
    async snapshot(@CurrentActor() actor: Actor | null, @Param() params: RouteParams, @Query() query: Record<string, unknown>): Promise<HistorySnapshotPage> {
      const atSeq = query.at_seq === undefined ? undefined : seqParam(query.at_seq, 'at_seq');
      let at: Date | undefined;
      if (query.at !== undefined) {
        at = typeof query.at === 'string' && query.at.length <= 40 ? new Date(query.at) : new Date(NaN);
        if (Number.isNaN(at.getTime())) throw new ValidationError({ at: ['must be an ISO 8601 time'] });
      }
      const limit = query.per_page === undefined ? HISTORY_OPEN_PAGE_SIZE : seqParam(query.per_page, 'per_page');
      if (limit < 1 || limit > HISTORY_PAGE_SIZE) throw new ValidationError({ per_page: [`must be between 1 and ${HISTORY_PAGE_SIZE}`] });
      const t = await this.targets.fromRest(actor, params);
      return this.history.snapshotPage(actor, t, { atSeq, at }, limit);
    }

    /** Policy: read_issue (the targets' finder). */
    @Get('resource_state_events')
    state(@CurrentActor() a: Actor | null, @Param() p: RouteParams, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
      return this.list('state', a, p, req, res);
    }
    /** Policy: read_issue (the targets' finder). */
    @Get('resource_state_events/:eventId')
    stateOne(@CurrentActor() a: Actor | null, @Param() p: RouteParams, @Param('eventId') id: string) {
      return this.one('state', a, p, id);
    }
    /** Policy: read_issue (the targets' finder). */
    @Get('resource_label_events')
    label(@CurrentActor() a: Actor | null, @Param() p: RouteParams, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
      return this.list('label', a, p, req, res);
    }
    /** Policy: read_issue (the targets' finder). */
    @Get('resource_label_events/:eventId')
    labelOne(@CurrentActor() a: Actor | null, @Param() p: RouteParams, @Param('eventId') id: string) {
      return this.one('label', a, p, id);
    }
    /** Policy: read_issue (the targets' finder). */
    @Get('resource_milestone_events')
    milestone(@CurrentActor() a: Actor | null, @Param() p: RouteParams, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
      return this.list('milestone', a, p, req, res);
    }
    /** Policy: read_issue (the targets' finder). */
    @Get('resource_milestone_events/:eventId')
    milestoneOne(@CurrentActor() a: Actor | null, @Param() p: RouteParams, @Param('eventId') id: string) {
      return this.one('milestone', a, p, id);
    }
    /** Policy: read_issue (the targets' finder). */
    @Get('resource_weight_events')
    weight(@CurrentActor() a: Actor | null, @Param() p: RouteParams, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
      return this.list('weight', a, p, req, res);
    }
    /** Policy: read_issue (the targets' finder). */
    @Get('resource_weight_events/:eventId')
    weightOne(@CurrentActor() a: Actor | null, @Param() p: RouteParams, @Param('eventId') id: string) {
      return this.one('weight', a, p, id);
    }
    /** Policy: read_issue (the targets' finder). */
    @Get('resource_iteration_events')
    iteration(@CurrentActor() a: Actor | null, @Param() p: RouteParams, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
      return this.list('iteration', a, p, req, res);
    }
    /** Policy: read_issue (the targets' finder). */
    @Get('resource_iteration_events/:eventId')
    iterationOne(@CurrentActor() a: Actor | null, @Param() p: RouteParams, @Param('eventId') id: string) {
      return this.one('iteration', a, p, id);
    }

    /** The noteable the viewer may read (else 404), if it has this kind of resource events (else 404). */
    async resource(k: ResourceEventKind, actor: Actor | null, params: RouteParams): Promise<{ type: NoteableKind['type']; id: number }> {
      if (!kinds.includes(k)) throw new AppError('NOT_FOUND');
      const t = await this.targets.fromRest(actor, params);
      return { type: t.noteable.type, id: t.noteable.id };
    }

    /** One page, read in SQL (HistoryStore.resourceEvents), with GitLab's pagination headers. */
    async list(k: ResourceEventKind, actor: Actor | null, params: RouteParams, req: Request, res: Response): Promise<ApiResourceEvent[]> {
      const p = pageParams(req.query as Record<string, unknown>);
      const resource = await this.resource(k, actor, params);
      const { total, rows } = await this.history.store.resourceEvents(resource, k, { limit: p.perPage, offset: (p.page - 1) * p.perPage });
      setPaginationHeaders(req, res, this.config.publicUrl, p, total);
      return rows.map((r) => toApiResourceEvent(r.change, r.id, r.actor, r.createdAt, resource));
    }

    async one(k: ResourceEventKind, actor: Actor | null, params: RouteParams, eventId: string): Promise<ApiResourceEvent> {
      const id = eventIdParam(eventId);
      const resource = await this.resource(k, actor, params);
      const [r] = (await this.history.store.resourceEvents(resource, k, { id })).rows;
      if (!r) throw new AppError('NOT_FOUND');
      return toApiResourceEvent(r.change, r.id, r.actor, r.createdAt, resource);
    }
  }

  Object.defineProperty(HistoryController, 'name', { value: `${kind.type}HistoryController` });
  return HistoryController;
}
