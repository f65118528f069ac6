import { Controller, Get, Headers, Inject, Param, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { REALTIME, type NoteAward, type NotesPollResponse } from '@tandem/shared-types';
import { AwardFinder } from '../award/award.finder';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { issuePermissions, noteCurrentUser, notePermissionsFor } from '../../core/policy/issue-permissions';
import type { Actor } from '../../core/policy/policy';
import { EtagCacheService } from '../../core/realtime/etag-cache.service';
import { pollScopeOf } from '../../core/realtime/poll-scope';
import { IssueLoader } from '../issue/issue.loader';
import { ProjectService } from '../project/project.service';
import { pollInterval } from '../realtime/etag-poll.middleware';
import { NoteFinder } from './note.finder';
import { noteablePlace, toApiNote, userIdsOf } from './note.mapper';
import { issueTarget, noteViewer } from './note-target';

const OVERLAP_US = BigInt(REALTIME.notesFetchOverlapMs) * 1000n;
const MAX_US = 9_000_000_000_000_000n;

/**
 * The notes polling endpoint: `GET /:namespace/:project/noteable/issue/:id/notes` with
 * `X-Last-Fetched-At` (microseconds). Returns notes updated since then minus a 5 s overlap,
 * 50 at a time (GitLab's notes polling; docs/realtime.md). Empty answers carry the issue's ETag, so idle pollers
 * are answered 304 by EtagPollMiddleware without touching the database.
 */
@Controller()
export class NotesPollController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projects: ProjectService,
    private readonly issues: IssueLoader,
    private readonly notes: NoteFinder,
    private readonly etags: EtagCacheService,
    private readonly awards: AwardFinder,
  ) {}

  /** Policy: read_issue; internal notes need read_confidential_issues (reporter and up). */
  @Get('*project/noteable/issue/:id/notes')
  async poll(
    @CurrentActor() actor: Actor | null,
    @Param('project') project: string[],
    @Param('id') id: string,
    @Headers('x-last-fetched-at') lastFetchedAt: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<NotesPollResponse> {
    const since = parseMicros(lastFetchedAt);
    if (since === null) throw new ValidationError({ 'X-Last-Fetched-At': ['must be an integer number of microseconds since the epoch'] });
    if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) throw new AppError('ISSUE_NOT_FOUND');
    const { project: p, facts } = await this.projects.findReadable(actor, project.join('/'));
    // The issue row (with its event seq) is read before the notes: an ETag never claims
    // more than the answer shows
    const ctx = await this.issues.contextFor(p, facts, await this.iidOf(Number(id), p.id));
    if (!ctx) throw new AppError('ISSUE_NOT_FOUND');
    const can = issuePermissions(actor, facts, ctx.facts);
    if (!can.readIssue) throw new AppError('ISSUE_NOT_FOUND');
    const from = since > OVERLAP_US ? since - OVERLAP_US : 0n;
    const noteable = { type: 'Issue' as const, id: ctx.issue.id, ref: { id: ctx.issue.id, iid: ctx.issue.iid, project_path: p.fullPath } };
    const page = await this.notes.changedSince(noteable, from, REALTIME.notesPageLimit, noteViewer(actor, issueTarget(actor, ctx)));
    const authored = page.notes.filter((n) => !n.system);
    // The authors' roles, so a note first seen by polling wears its role badge as on the page
    const [users, awards, accessLevels] = await Promise.all([
      this.notes.users(userIdsOf(page.notes)),
      authored.length ? this.awards.forNotes(authored.map((n) => n.id)) : Promise.resolve(new Map<number, NoteAward[]>()),
      this.projects.accessLevels(authored.flatMap((n) => (n.authorId === null ? [] : [n.authorId])), p),
    ]);
    // Mid-page the next request continues at the last note (it subtracts the overlap again)
    const next = page.more && page.lastUpdatedUs !== null ? page.lastUpdatedUs + OVERLAP_US : page.nowUs;
    res.setHeader('Poll-Interval', String(page.more ? 1 : pollInterval(this.config, REALTIME.notesPollIntervalMs)));
    res.setHeader('Cache-Control', 'no-cache');
    // Only empty answers are cacheable (GitLab's X-Gitlab-Skip-Etag)
    if (!page.notes.length) res.setHeader('ETag', await this.etags.handOut({ kind: 'notes', projectPath: p.fullPath, issueId: ctx.issue.id }, ctx.issue.eventSeq, pollScopeOf(res.req)));
    const perms = notePermissionsFor(actor, facts, ctx.facts);
    const mapCtx = { ...noteablePlace(this.config.publicUrl, noteable), users, accessLevels };
    return {
      notes: page.notes.map((n) => ({ ...toApiNote(n, mapCtx, noteCurrentUser(perms(n))), ...(n.system ? {} : { award_emoji: awards.get(n.id) ?? [] }) })),
      last_fetched_at: Number(next),
      more: page.more,
    };
  }

  private async iidOf(issueId: number, projectId: number): Promise<number> {
    const rows: Array<{ iid: number }> = await this.ds.query('SELECT iid FROM issues WHERE id = $1 AND project_id = $2', [issueId, projectId]);
    if (!rows[0]) throw new AppError('ISSUE_NOT_FOUND');
    return rows[0].iid;
  }
}

/** X-Last-Fetched-At: microseconds since the epoch; absent means "everything". */
function parseMicros(v: string | undefined): bigint | null {
  if (v === undefined || v.trim() === '') return 0n;
  const s = v.trim();
  if (!/^\d{1,19}$/.test(s)) return null;
  const n = BigInt(s);
  return n > MAX_US ? null : n;
}
