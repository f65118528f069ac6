import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  NOTIFICATION_CUSTOM_EVENTS,
  type ApiGlobalNotificationSettings,
  type ApiNotificationSettings,
  type ApiNotificationSettingsPage,
  type NotificationCustomEvent,
  type NotificationEvents,
  type NotificationLevel,
} from '@tandem/shared-types';
import { groupLevelSql, projectLevelSql } from '../../core/policy/membership-sql';

/** Where a setting applies: the user's global one, a group's or a project's. */
export type SettingSource = { type: 'Global' } | { type: 'Group' | 'Project'; id: number };

/** A PUT's changes: the level and any custom event flags given (absent: unchanged). */
export type SettingChange = { level?: string } & Partial<Record<NotificationCustomEvent, boolean>>;

type Row = { level: NotificationLevel; events: Partial<Record<NotificationCustomEvent, boolean>> | null };

/** Every custom event, true where chosen. */
const eventsOf = (stored: Row['events']): NotificationEvents =>
  Object.fromEntries(NOTIFICATION_CUSTOM_EVENTS.map((e) => [e, stored?.[e] === true])) as NotificationEvents;

/** GitLab's entity: `events` only while the level is custom. */
function present(level: NotificationLevel, stored: Row['events']): ApiNotificationSettings {
  return level === 'custom' ? { level, events: eventsOf(stored) } : { level };
}

/**
 * The `notification_settings` rows as GitLab's notification settings API shows them: a global
 * level (default participating), and per group and project a level (default global, deferring
 * to the group's and then the global one), with the custom level's events. The notification
 * worker reads the same rows (notification-recipients.ts).
 */
@Injectable()
export class NotificationSettingsStore {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async global(userId: number): Promise<ApiGlobalNotificationSettings> {
    const [row] = (await this.ds.query(
      `SELECT u.email, s.level, s.events FROM users u LEFT JOIN notification_settings s ON s.user_id = u.id AND s.source_type = 'Global' WHERE u.id = $1`,
      [userId],
    )) as Array<{ email: string | null } & Partial<Row>>;
    const level = row?.level && row.level !== 'global' ? row.level : 'participating';
    return { ...(present(level, row?.events ?? null) as { level: ApiGlobalNotificationSettings['level'] }), notification_email: row?.email ?? null };
  }

  async of(userId: number, source: SettingSource & { id: number }): Promise<ApiNotificationSettings> {
    const [row] = (await this.ds.query(`SELECT level, events FROM notification_settings WHERE user_id = $1 AND source_type = $2 AND source_id = $3`, [
      userId,
      source.type,
      source.id,
    ])) as Row[];
    return row ? present(row.level, row.events) : { level: 'global' };
  }

  /**
   * Sets the level and the custom event flags given, in one statement; a new row starts at the
   * source's default level (participating globally, global elsewhere) with no events.
   */
  async put(userId: number, source: SettingSource, change: SettingChange): Promise<void> {
    const flags = Object.fromEntries(NOTIFICATION_CUSTOM_EVENTS.filter((e) => change[e] !== undefined).map((e) => [e, change[e]]));
    if (change.level === undefined && !Object.keys(flags).length) return;
    const fallback = source.type === 'Global' ? 'participating' : 'global';
    await this.ds.query(
      `INSERT INTO notification_settings (user_id, source_type, source_id, level, events) VALUES ($1, $2::varchar, $3::int, COALESCE($4::varchar, $5::varchar), $6::jsonb)
       ON CONFLICT (user_id, source_type, COALESCE(source_id, 0))
       DO UPDATE SET level = COALESCE($4::varchar, notification_settings.level), events = notification_settings.events || $6::jsonb, updated_at = now()`,
      [userId, source.type, source.type === 'Global' ? null : source.id, change.level ?? null, fallback, JSON.stringify(flags)],
    );
  }

  /**
   * The settings page (GitLab's profile notifications): the global setting, then the groups and
   * the projects the user is a current member of (directly, through a parent group or a share,
   * or their own) or has a setting for, each with their setting.
   */
  async page(userId: number): Promise<ApiNotificationSettingsPage> {
    const [global, groups, projects] = await Promise.all([
      this.global(userId),
      this.ds.query(
        `SELECT n.id, n.name, n.full_path, s.level, s.events FROM namespaces n
         LEFT JOIN notification_settings s ON s.user_id = $1 AND s.source_type = 'Group' AND s.source_id = n.id
         WHERE n.type = 'Group' AND (s.id IS NOT NULL OR ${groupLevelSql('n.id', '$1')} IS NOT NULL) ORDER BY n.full_path`,
        [userId],
      ) as Promise<Array<{ id: number; name: string; full_path: string } & Partial<Row>>>,
      this.ds.query(
        `SELECT p.id, p.name, p.full_path, ns.name AS ns_name, s.level, s.events FROM projects p JOIN namespaces ns ON ns.id = p.namespace_id
         LEFT JOIN notification_settings s ON s.user_id = $1 AND s.source_type = 'Project' AND s.source_id = p.id
         WHERE s.id IS NOT NULL OR (ns.type = 'User' AND ns.owner_id = $1) OR ${projectLevelSql('p.id', 'p.namespace_id', '$1')} IS NOT NULL
         ORDER BY p.full_path`,
        [userId],
      ) as Promise<Array<{ id: number; name: string; full_path: string; ns_name: string } & Partial<Row>>>,
    ]);
    const setting = (r: Partial<Row>): ApiNotificationSettings => (r.level ? present(r.level, r.events ?? null) : { level: 'global' });
    return {
      global,
      groups: groups.map((g) => ({ id: Number(g.id), name: g.name, full_path: g.full_path, setting: setting(g) })),
      projects: projects.map((p) => ({
        id: Number(p.id),
        name_with_namespace: `${p.ns_name} / ${p.name}`,
        path_with_namespace: p.full_path,
        setting: setting(p),
      })),
    };
  }
}
