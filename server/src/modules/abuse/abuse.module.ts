import { Module } from '@nestjs/common';
import { IssueModule } from '../issue/issue.module';
import { AbuseController } from './abuse.controller';
import { MarkIssueAsSpamAction } from './actions/mark-issue-as-spam';
import { ReportAbuseAction } from './actions/report-abuse';

/** Abuse reports and spam: the issue header's Report abuse and Submit as spam, the admins' list. */
@Module({
  imports: [IssueModule],
  controllers: [AbuseController],
  providers: [ReportAbuseAction, MarkIssueAsSpamAction],
})
export class AbuseModule {}
