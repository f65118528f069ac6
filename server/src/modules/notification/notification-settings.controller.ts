import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  globalNotificationSettingsSchema,
  projectNotificationSettingsSchema,
  type ApiGlobalNotificationSettings,
  type ApiNotificationSettings,
  type NotificationLevel,
} from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import { SignedInActor } from '../../core/http/current-actor.decorator';
import { parseInput } from '../../core/http/zod-input';
import { scopeAllows, type Actor } from '../../core/policy/policy';
import { ProjectService } from '../project/project.service';

/**
 * GitLab's notification settings API: the user's global level (default participating) and
 * their level per project (default global, which defers to it). Read by the notification
 * worker (notification-recipients.ts) when it picks who is mailed.
 */
@Controller('api/v4')
export class NotificationSettingsController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly projects: ProjectService,
  ) {}

  /** Policy: own (signed in: the user's own settings). */
  @Get('notification_settings')
  async global(@SignedInActor() actor: Actor): Promise<ApiGlobalNotificationSettings> {
    return this.globalOf(actor);
  }

  /** Policy: own (a signed-in user sets their own; a read_api token may not). */
  @Put('notification_settings')
  async setGlobal(@SignedInActor() actor: Actor, @Body() body: unknown): Promise<ApiGlobalNotificationSettings> {
    if (!scopeAllows(actor, 'update_subscription')) throw new AppError('FORBIDDEN');
    const { level } = parseInput(globalNotificationSettingsSchema, body);
    if (level) await this.put(actor.id, null, level as NotificationLevel);
    return this.globalOf(actor);
  }

  /** Policy: read_project (own settings for a project the user may see; others are 404). */
  @Get('projects/:id/notification_settings')
  async project(@SignedInActor() actor: Actor, @Param('id') id: string): Promise<ApiNotificationSettings> {
    const { project } = await this.projects.findReadable(actor, id);
    return { level: (await this.levelOf(actor.id, project.id)) ?? 'global' };
  }

  /** Policy: read_project and own (a read_api token may not change it). */
  @Put('projects/:id/notification_settings')
  async setProject(@SignedInActor() actor: Actor, @Param('id') id: string, @Body() body: unknown): Promise<ApiNotificationSettings> {
    const { project } = await this.projects.findReadable(actor, id);
    if (!scopeAllows(actor, 'update_subscription')) throw new AppError('FORBIDDEN');
    const { level } = parseInput(projectNotificationSettingsSchema, body);
    if (level) await this.put(actor.id, project.id, level as NotificationLevel);
    return { level: (await this.levelOf(actor.id, project.id)) ?? 'global' };
  }

  private async globalOf(actor: Actor): Promise<ApiGlobalNotificationSettings> {
    const [row] = (await this.ds.query(
      `SELECT u.email, s.level FROM users u LEFT JOIN notification_settings s ON s.user_id = u.id AND s.source_type = 'Global' WHERE u.id = $1`,
      [actor.id],
    )) as Array<{ email: string | null; level: NotificationLevel | null }>;
    const level = row?.level && row.level !== 'global' ? row.level : 'participating';
    return { level, notification_email: row?.email ?? null };
  }

  private async levelOf(userId: number, projectId: number): Promise<NotificationLevel | null> {
    const [row] = (await this.ds.query(`SELECT level FROM notification_settings WHERE user_id = $1 AND source_type = 'Project' AND source_id = $2`, [userId, projectId])) as Array<{
      level: NotificationLevel;
    }>;
    return row?.level ?? null;
  }

  private async put(userId: number, projectId: number | null, level: NotificationLevel): Promise<void> {
    await this.ds.query(
      `INSERT INTO notification_settings (user_id, source_type, source_id, level) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, source_type, COALESCE(source_id, 0)) DO UPDATE SET level = EXCLUDED.level, updated_at = now()`,
      [userId, projectId === null ? 'Global' : 'Project', projectId, level],
    );
  }
}
