import { Module } from '@nestjs/common';
import { IssueModule } from '../issue/issue.module';
import { ProjectModule } from '../project/project.module';
import { ErrorRetentionService } from './error-retention.service';
import { ErrorTrackingController } from './error-tracking.controller';
import { ErrorTrackingResolver, ProjectSentryErrorsResolver } from './error-tracking.resolver';
import { ErrorTrackingService } from './error-tracking.service';
import { ErrorTrackingSettingsController } from './error-tracking-settings.controller';
import { ErrorListWatchAccess } from './error-watch-access';
import { IngestDb } from './ingest/ingest-db';
import { IngestHttp } from './ingest/ingest-http';
import { IngestWriter } from './ingest/ingest-writer.service';
import { LinkedIssueNotifier } from './linked-issue-notifier';

/**
 * Error tracking (issue #22, docs/error-tracking.md): settings and client keys, the Sentry
 * ingest path (answered ahead of Express, app.ts), grouping and batched writes, the list and
 * detail JSON, GraphQL `project.sentryErrors`, status, issues made from errors, retention.
 */
@Module({
  imports: [IssueModule, ProjectModule],
  controllers: [ErrorTrackingSettingsController, ErrorTrackingController],
  providers: [ErrorTrackingService, IngestDb, IngestHttp, IngestWriter, LinkedIssueNotifier, ErrorRetentionService, ErrorListWatchAccess, ProjectSentryErrorsResolver, ErrorTrackingResolver],
  exports: [ErrorListWatchAccess, ErrorTrackingService, IngestDb, IngestHttp, IngestWriter, ErrorRetentionService],
})
export class ErrorTrackingModule {}
