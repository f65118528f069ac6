import { Module } from '@nestjs/common';
import { IssueModule } from '../issue/issue.module';
import { NoteModule } from '../note/note.module';
import { AbuseController } from './abuse.controller';
import { MarkIssueAsSpamAction } from './actions/mark-issue-as-spam';
import { ReportAbuseAction } from './actions/report-abuse';

/** Abuse reports and spam: the issue and merge request headers' Report abuse, the issue's Submit as spam, a comment's Report abuse (issues and merge requests), the admins' list. */
@Module({
  imports: [IssueModule, NoteModule],
  controllers: [AbuseController],
  providers: [ReportAbuseAction, MarkIssueAsSpamAction],
})
export class AbuseModule {}
