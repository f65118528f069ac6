import { Module } from '@nestjs/common';
import { IssueModule } from '../issue/issue.module';
import { ProjectModule } from '../project/project.module';
import { AlertController } from './alert.controller';
import { AlertStatusResolver } from './alert-status.resolver';
import { IssueAlertResolver, ProjectAlertResolver } from './alert.resolver';
import { AlertService } from './alert.service';
import { IncidentListController } from './incident-list.controller';

/** Alerts and incidents: the alert endpoint, incident settings, Issue.alertManagementAlert / slaDueAt, Project.alertManagementAlert, updateAlertStatus. */
@Module({
  imports: [IssueModule, ProjectModule],
  controllers: [AlertController, IncidentListController],
  providers: [AlertService, IssueAlertResolver, ProjectAlertResolver, AlertStatusResolver],
})
export class AlertModule {}
