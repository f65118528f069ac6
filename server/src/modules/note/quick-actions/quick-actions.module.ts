import { Module } from '@nestjs/common';
import { GroupModule } from '../../group/group.module';
import { IssueModule } from '../../issue/issue.module';
import { QuickActionsService } from './quick-actions.service';

/** Quick actions of comments (QuickActionsService.run, called by create-note in its transaction). */
@Module({ imports: [IssueModule, GroupModule], providers: [QuickActionsService], exports: [QuickActionsService] })
export class QuickActionsModule {}
