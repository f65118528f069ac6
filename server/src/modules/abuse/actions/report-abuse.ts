import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AbuseReportInput } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import { issueHeaderFlags } from '../../../core/policy/issue-permissions';
import type { Actor } from '../../../core/policy/policy';
import { IssueLoader } from '../../issue/issue.loader';

/**
 * A report about an issue's author (spec §6: anyone signed in who is not the author, and who
 * may read the issue). Stored in abuse_reports for admins; one statement.
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
    if (!issueHeaderFlags(actor, ctx.projectFacts, ctx.facts).canReportAbuse) throw new AppError('FORBIDDEN');
    const [row] = (await this.ds.query(
      `INSERT INTO abuse_reports (reporter_id, user_id, issue_id, category, message, reported_from_url) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [actor.id, ctx.issue.authorId, ctx.issue.id, input.category, input.message, reportedFromUrl],
    )) as Array<{ id: number }>;
    return { id: Number(row!.id) };
  }
}
