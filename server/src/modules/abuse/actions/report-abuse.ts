import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AbuseReportInput } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import { issueHeaderFlags, issuePermissions } from '../../../core/policy/issue-permissions';
import { mergeRequestHeaderFlags } from '../../../core/policy/merge-request-permissions';
import type { Actor } from '../../../core/policy/policy';
import { IssueLoader } from '../../issue/issue.loader';
import { NoteTargetRegistry } from '../../note/note-target-registry';

/**
 * A report about an issue's author (spec §6: anyone signed in who is not the author, and who
 * may read the issue) or, with `noteable_type: 'MergeRequest'`, a merge request's (its header's
 * Report abuse, as GitLab's), or about a comment's author (`note_id`: a comment of the issue or
 * of the merge request the actor may read, not their own; discussions §6). Stored in
 * abuse_reports for admins; one statement.
 */
@Injectable()
export class ReportAbuseAction {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly loader: IssueLoader,
    private readonly targets: NoteTargetRegistry,
  ) {}

  async execute(actor: Actor | null, input: AbuseReportInput, reportedFromUrl: string): Promise<{ id: number }> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    if (input.noteable_type === 'MergeRequest') {
      return input.note_id === undefined ? this.mergeRequestAuthor(actor, input, reportedFromUrl) : this.mergeRequestNote(actor, input, input.note_id, reportedFromUrl);
    }
    const ctx = await this.loader.findReadable(actor, input.project_path, input.iid);
    let reported = ctx.issue.authorId;
    if (input.note_id !== undefined) {
      const [note] = (await this.ds.query(`SELECT author_id, system, internal FROM notes WHERE id = $1 AND noteable_type = 'Issue' AND noteable_id = $2`, [input.note_id, ctx.issue.id])) as Array<{ author_id: number | null; system: boolean; internal: boolean }>;
      // A note the actor cannot see is not found, as an unknown one
      if (!note || note.system || note.author_id === null || (note.internal && !issuePermissions(actor, ctx.projectFacts, ctx.facts).readInternalNote)) throw new AppError('NOT_FOUND');
      if (Number(note.author_id) === actor.id) throw new AppError('FORBIDDEN');
      reported = Number(note.author_id);
    } else if (!issueHeaderFlags(actor, ctx.projectFacts, ctx.facts).canReportAbuse) throw new AppError('FORBIDDEN');
    const [row] = (await this.ds.query(
      `INSERT INTO abuse_reports (reporter_id, user_id, issue_id, category, message, reported_from_url) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [actor.id, reported, ctx.issue.id, input.category, input.message, reportedFromUrl],
    )) as Array<{ id: number }>;
    return { id: Number(row!.id) };
  }

  /**
   * A merge request's author (no `note_id`): the merge request named, readable by the actor
   * (found through the note module's registry, so this module needs no merge request code), and
   * not the actor's own (mergeRequestHeaderFlags, the header's rule: 403 as the issue's).
   */
  private async mergeRequestAuthor(actor: Actor, input: AbuseReportInput, reportedFromUrl: string): Promise<{ id: number }> {
    // One answer for a merge request the actor may not read and one that does not exist
    const t = await this.targets.byIid(actor, 'MergeRequest', input.project_path, input.iid).catch(notFound);
    if (!t.abilities.read) throw new AppError('NOT_FOUND');
    if (!mergeRequestHeaderFlags(actor, t.abilities).canReportAbuse) throw new AppError('FORBIDDEN');
    return this.insertMergeRequestReport(actor, t.abilities.authorId!, input, reportedFromUrl);
  }

  /**
   * A merge request comment's author: the note's merge request must be the one named and readable
   * by the actor (found through the note module's registry, so this module needs no merge
   * request code); an internal note only for who may read internal notes there.
   */
  private async mergeRequestNote(actor: Actor, input: AbuseReportInput, noteId: number, reportedFromUrl: string): Promise<{ id: number }> {
    const [note] = (await this.ds.query(`SELECT author_id, system, internal, noteable_id FROM notes WHERE id = $1 AND noteable_type = 'MergeRequest'`, [noteId])) as Array<{
      author_id: number | null;
      system: boolean;
      internal: boolean;
      noteable_id: number;
    }>;
    if (!note || note.system || note.author_id === null) throw new AppError('NOT_FOUND');
    // One answer for every note the actor may not report on (an unreadable merge request's too)
    const t = await this.targets.byId(actor, 'MergeRequest', Number(note.noteable_id)).catch(notFound);
    const named = t.place.iid === input.iid && t.place.projectPath.toLowerCase() === input.project_path.toLowerCase();
    if (!named || !t.abilities.read || (note.internal && !t.abilities.readInternalNote)) throw new AppError('NOT_FOUND');
    if (Number(note.author_id) === actor.id) throw new AppError('FORBIDDEN');
    return this.insertMergeRequestReport(actor, Number(note.author_id), input, reportedFromUrl);
  }

  /** A merge request's report names no issue (`issue_id` null); its URL is the merge request's. */
  private async insertMergeRequestReport(actor: Actor, reported: number, input: AbuseReportInput, reportedFromUrl: string): Promise<{ id: number }> {
    const [row] = (await this.ds.query(
      `INSERT INTO abuse_reports (reporter_id, user_id, issue_id, category, message, reported_from_url) VALUES ($1, $2, NULL, $3, $4, $5) RETURNING id`,
      [actor.id, reported, input.category, input.message, reportedFromUrl],
    )) as Array<{ id: number }>;
    return { id: Number(row!.id) };
  }
}

/** Any refusal finding a merge request (unknown, or not readable) as one "not found". */
function notFound(e: unknown): never {
  if (e instanceof AppError) throw new AppError('NOT_FOUND');
  throw e;
}
