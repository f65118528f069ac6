import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AbuseReportInput } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import { issueHeaderFlags, issuePermissions } from '../../../core/policy/issue-permissions';
import type { Actor } from '../../../core/policy/policy';
import { IssueLoader } from '../../issue/issue.loader';

/**
 * A report about an issue's author (spec §6: anyone signed in who is not the author, and who
 * may read the issue), or about a comment's author (`note_id`: a comment of the issue the actor
 * may read, not their own; discussions §6). Stored in abuse_reports for admins; one statement.
 */
@Injectable()
export class ReportAbuseAction {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly loader: IssueLoader,
  ) {}

  async execute(actor: Actor | null, input: AbuseReportInput, reportedFromUrl: string): Promise<{ id: number }> {
    if (!actor) throw new AppError('UNAUTHORIZED');
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
}
