import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import {
  globalNotificationSettingsSchema,
  projectNotificationSettingsSchema,
  type ApiGlobalNotificationSettings,
  type ApiNotificationSettings,
  type ApiNotificationSettingsPage,
} from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import { SignedInActor } from '../../core/http/current-actor.decorator';
import { parseInput } from '../../core/http/zod-input';
import { scopeAllows, type Actor } from '../../core/policy/policy';
import { GroupService } from '../group/group.service';
import { ProjectService } from '../project/project.service';
import { NotificationSettingsStore } from './notification-settings.store';

/**
 * GitLab's notification settings API: the user's global level (default participating) and
 * their level per group and per project (default global, which defers to the group's, then the
 * global one), with the custom level's events. Read by the notification worker
 * (notification-recipients.ts) when it picks who is mailed.
 */
@Controller('api/v4')
export class NotificationSettingsController {
  constructor(
    private readonly settings: NotificationSettingsStore,
    private readonly projects: ProjectService,
    private readonly groups: GroupService,
  ) {}

  /** Policy: own (signed in: the user's own settings). */
  @Get('notification_settings')
  async global(@SignedInActor() actor: Actor): Promise<ApiGlobalNotificationSettings> {
    return this.settings.global(actor.id);
  }

  /** Policy: own (a signed-in user sets their own; a read_api token may not). */
  @Put('notification_settings')
  async setGlobal(@SignedInActor() actor: Actor, @Body() body: unknown): Promise<ApiGlobalNotificationSettings> {
    if (!scopeAllows(actor, 'update_subscription')) throw new AppError('FORBIDDEN');
    await this.settings.put(actor.id, { type: 'Global' }, parseInput(globalNotificationSettingsSchema, body));
    return this.settings.global(actor.id);
  }

  /** Policy: read_project (own settings for a project the user may see; others are 404). */
  @Get('projects/:id/notification_settings')
  async project(@SignedInActor() actor: Actor, @Param('id') id: string): Promise<ApiNotificationSettings> {
    const { project } = await this.projects.findReadable(actor, id);
    return this.settings.of(actor.id, { type: 'Project', id: project.id });
  }

  /** Policy: read_project and own (a read_api token may not change it). */
  @Put('projects/:id/notification_settings')
  async setProject(@SignedInActor() actor: Actor, @Param('id') id: string, @Body() body: unknown): Promise<ApiNotificationSettings> {
    const { project } = await this.projects.findReadable(actor, id);
    if (!scopeAllows(actor, 'update_subscription')) throw new AppError('FORBIDDEN');
    await this.settings.put(actor.id, { type: 'Project', id: project.id }, parseInput(projectNotificationSettingsSchema, body));
    return this.settings.of(actor.id, { type: 'Project', id: project.id });
  }

  /** Policy: read_group (own settings for a group the user may see; others are 404). */
  @Get('groups/:id/notification_settings')
  async group(@SignedInActor() actor: Actor, @Param('id') id: string): Promise<ApiNotificationSettings> {
    const { group } = await this.groups.findReadable(actor, id);
    return this.settings.of(actor.id, { type: 'Group', id: group.id });
  }

  /** Policy: read_group and own (a read_api token may not change it). */
  @Put('groups/:id/notification_settings')
  async setGroup(@SignedInActor() actor: Actor, @Param('id') id: string, @Body() body: unknown): Promise<ApiNotificationSettings> {
    const { group } = await this.groups.findReadable(actor, id);
    if (!scopeAllows(actor, 'update_subscription')) throw new AppError('FORBIDDEN');
    await this.settings.put(actor.id, { type: 'Group', id: group.id }, parseInput(projectNotificationSettingsSchema, body));
    return this.settings.of(actor.id, { type: 'Group', id: group.id });
  }
}

/** The notification settings page's data (GitLab's profile notifications page, as JSON for the client). */
@Controller('-/profile')
export class NotificationSettingsPageController {
  constructor(private readonly settings: NotificationSettingsStore) {}

  /** Policy: own (signed in: the user's own settings and memberships). */
  @Get('notifications.json')
  async page(@SignedInActor() actor: Actor): Promise<ApiNotificationSettingsPage> {
    return this.settings.page(actor.id);
  }
}
