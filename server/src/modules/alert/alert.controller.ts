import { All, Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { AlertService } from './alert.service';
import { parseAlertPayload, parseIncidentSettings } from './alert.validation';

/** The alert endpoint (GitLab's generic HTTP integration) and the project's incident settings. */
@Controller()
export class AlertController {
  constructor(private readonly alerts: AlertService) {}

  /** Policy: none for users: the project's alert token (Authorization: Bearer), checked by AlertService; 401 without it. */
  @All('*project/alerts/notify.json')
  @HttpCode(200)
  async notify(@Param('project') project: string[], @Req() req: Request, @Body() body: unknown) {
    const bearer = /^Bearer\s+(.+)$/i.exec(req.get('authorization') ?? '')?.[1]?.trim() ?? null;
    const alert = await this.alerts.notify(project.join('/'), req.method === 'POST' ? bearer : null, () => parseAlertPayload(body));
    return [{ iid: Number(alert.iid), title: alert.title }];
  }

  /** Policy: admin_project (maintainers). */
  @Get('api/v4/projects/:id/incident_management_settings')
  settings(@CurrentActor() actor: Actor | null, @Param('id') id: string) {
    return this.alerts.settings(actor, id);
  }

  /** Policy: admin_project. {sla_minutes}. */
  @Put('api/v4/projects/:id/incident_management_settings')
  update(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Body() body: unknown) {
    return this.alerts.updateSettings(actor, id, parseIncidentSettings(body));
  }

  /** Policy: admin_project. A new alert endpoint token, shown once. */
  @Post('api/v4/projects/:id/incident_management_settings/alerts_token')
  resetToken(@CurrentActor() actor: Actor | null, @Param('id') id: string) {
    return this.alerts.resetToken(actor, id);
  }
}
