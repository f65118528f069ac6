import { Controller, Get, Headers, Inject, Param, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { REALTIME, type UserBasic } from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../core/config/config';
import { AppError, ValidationError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import { canIssue, canProject, canReadIssue, type Actor } from '../../core/policy/policy';
import { EtagCacheService } from '../../core/realtime/etag-cache.service';
import { IssueService } from '../issue/issue.service';
import { Note } from '../note/note.entity';
import { NoteService } from '../note/note.service';
import { ProjectService } from '../project/project.service';
import { pollInterval } from './etag-poll.middleware';

const OVERLAP_US = BigInt(REALTIME.notesFetchOverlapMs) * 1000n;
const MAX_US = 9_000_000_000_000_000n;

/** A note as the page's notes endpoint returns it (GitLab's NoteEntity shape, so its pollers read it unchanged). */
export interface PolledNote {
  id: string;
  type: string | null;
  author: (UserBasic & { path: string }) | null;
  note: string;
  note_html: string;
  created_at: string;
  updated_at: string;
  last_edited_at: string | null;
  system: boolean;
  system_note_icon_name?: string;
  noteable_id: number;
  noteable_type: string;
  noteable_iid: number;
  project_id: number | null;
  discussion_id: string;
  internal: boolean;
  confidential: boolean;
  resolvable: boolean;
  resolved: boolean;
  resolved_at: string | null;
  individual_note: boolean;
  emoji_awardable: boolean;
  current_user: { can_edit: boolean; can_award_emoji: boolean; can_resolve: boolean; can_resolve_discussion: boolean };
}

/**
 * The notes polling endpoint: `GET /:namespace/:project/noteable/issue/:id/notes` with
 * `X-Last-Fetched-At` (microseconds). Returns notes updated since then minus a 5 s overlap,
 * 50 at a time, as GitLab's endpoint does. Empty answers carry the issue's ETag, so idle pollers
 * are answered 304 by EtagPollMiddleware without touching the database.
 */
@Controller()
export class NotesPollController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projects: ProjectService,
    private readonly issues: IssueService,
    private readonly notes: NoteService,
    private readonly etags: EtagCacheService,
  ) {}

  /** Policy: read_issue; internal notes need read_confidential_issues (reporter and up). */
  @Get('*project/noteable/issue/:id/notes')
  async poll(
    @CurrentActor() actor: Actor | null,
    @Param('project') project: string[],
    @Param('id') id: string,
    @Headers('x-last-fetched-at') lastFetchedAt: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    const since = parseMicros(lastFetchedAt);
    if (since === null) throw new ValidationError({ 'X-Last-Fetched-At': ['must be an integer number of microseconds since the epoch'] });
    if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) throw new AppError('ISSUE_NOT_FOUND');
    const { project: p, facts } = await this.projects.findReadable(actor, project.join('/'));
    // The issue row (with its event seq) is read before the notes: an ETag never claims
    // more than the answer shows
    const ctx = await this.issues.contextFor(p, facts, await this.iidOf(Number(id), p.id));
    if (!ctx || !canReadIssue(actor, facts, ctx.facts)) throw new AppError('ISSUE_NOT_FOUND');
    const internalOk = canProject(actor, 'read_confidential_issues', facts);
    const from = since > OVERLAP_US ? since - OVERLAP_US : 0n;
    const limit = REALTIME.notesPageLimit;
    const rows: Array<{ id: number; updated_us: string; now_us: string }> = await this.ds.query(
      `SELECT n.id, (extract(epoch from n.updated_at) * 1000000)::bigint::text AS updated_us,
              (extract(epoch from clock_timestamp()) * 1000000)::bigint::text AS now_us
       FROM notes n
       WHERE n.noteable_type = 'Issue' AND n.noteable_id = $1
         AND n.updated_at > timestamptz 'epoch' + ($2::bigint * interval '1 microsecond')
         ${internalOk ? '' : 'AND NOT n.internal'}
       ORDER BY n.updated_at, n.id LIMIT $3`,
      [ctx.issue.id, from.toString(), limit + 1],
    );
    const more = rows.length > limit;
    const page = rows.slice(0, limit);
    const entities = page.length ? await this.ds.getRepository(Note).createQueryBuilder('n').whereInIds(page.map((r) => r.id)).getMany() : [];
    const byId = new Map(entities.map((n) => [n.id, n]));
    const ordered = page.map((r) => byId.get(r.id)).filter((n): n is Note => n !== undefined);
    const authors = await this.notes.authors(ordered);
    const nowUs = page.length ? BigInt(rows[0]!.now_us) : await this.nowMicros();
    // Mid-page the next request continues at the last note (it subtracts the overlap again)
    const next = more ? BigInt(page[page.length - 1]!.updated_us) + OVERLAP_US : nowUs;
    res.setHeader('Poll-Interval', String(more ? 1 : pollInterval(this.config, REALTIME.notesPollIntervalMs)));
    res.setHeader('Cache-Control', 'no-cache');
    // Only empty answers are cacheable (GitLab's X-Gitlab-Skip-Etag)
    if (!ordered.length) res.setHeader('ETag', await this.etags.remember({ id: ctx.issue.id, iid: ctx.issue.iid, project_path: p.fullPath }, ctx.issue.eventSeq));
    const canNote = canIssue(actor, 'create_note', facts, ctx.facts);
    const reporter = canProject(actor, 'read_confidential_issues', facts);
    return {
      notes: ordered.map((n) => this.toPolled(n, authors.get(n.authorId ?? -1) ?? null, ctx.issue.iid, actor, { canNote, reporter })),
      last_fetched_at: Number(next),
      more,
    };
  }

  private async iidOf(issueId: number, projectId: number): Promise<number> {
    const rows: Array<{ iid: number }> = await this.ds.query('SELECT iid FROM issues WHERE id = $1 AND project_id = $2', [issueId, projectId]);
    if (!rows[0]) throw new AppError('ISSUE_NOT_FOUND');
    return rows[0].iid;
  }

  private async nowMicros(): Promise<bigint> {
    const rows: Array<{ now_us: string }> = await this.ds.query(`SELECT (extract(epoch from clock_timestamp()) * 1000000)::bigint::text AS now_us`);
    return BigInt(rows[0]!.now_us);
  }

  private toPolled(n: Note, author: UserBasic | null, iid: number, actor: Actor | null, can: { canNote: boolean; reporter: boolean }): PolledNote {
    const mine = actor !== null && n.authorId === actor.id;
    return {
      id: String(n.id),
      type: n.type,
      author: author ? { ...author, path: `/${author.username}` } : null,
      note: n.note,
      note_html: n.noteHtml,
      created_at: n.createdAt.toISOString(),
      updated_at: n.updatedAt.toISOString(),
      last_edited_at: n.lastEditedAt?.toISOString() ?? null,
      system: n.system,
      ...(n.system && n.systemNoteIconName ? { system_note_icon_name: n.systemNoteIconName } : {}),
      noteable_id: n.noteableId,
      noteable_type: n.noteableType,
      noteable_iid: iid,
      project_id: n.projectId,
      discussion_id: n.discussionId,
      internal: n.internal,
      confidential: n.internal,
      resolvable: n.resolvable,
      resolved: n.resolvedAt !== null,
      resolved_at: n.resolvedAt?.toISOString() ?? null,
      individual_note: n.type === null,
      emoji_awardable: !n.system,
      current_user: {
        can_edit: !n.system && (mine || (can.reporter && actor !== null)),
        can_award_emoji: actor !== null && !n.system,
        can_resolve: n.resolvable && can.canNote && (mine || can.reporter),
        can_resolve_discussion: n.resolvable && can.canNote && (mine || can.reporter),
      },
    };
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
