import { Module } from '@nestjs/common';
import { GroupController } from './group.controller';
import { GroupService } from './group.service';

/** Groups (REST /groups). */
@Module({ controllers: [GroupController], providers: [GroupService], exports: [GroupService] })
export class GroupModule {}
