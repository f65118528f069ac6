import { Body, Controller, Delete, Get, Param, Patch, Post, Put } from '@nestjs/common';
import type { ApiErrorTrackingClientKey, ApiErrorTrackingSettings } from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import { CurrentActor } from '../../core/http/current-actor.decorator';
import type { Actor } from '../../core/policy/policy';
import { ErrorTrackingService } from './error-tracking.service';
import { parseErrorId, parseSettings } from './error-tracking.validation';

/** GitLab's Error Tracking settings API (maintainers): the project's setting and its client keys (DSNs). */
@Controller('api/v4/projects/:id/error_tracking')
export class ErrorTrackingSettingsController {
  constructor(private readonly service: ErrorTrackingService) {}

  /** Policy: admin_error_tracking. */
  @Get('settings')
  async settings(@CurrentActor() actor: Actor | null, @Param('id') id: string): Promise<ApiErrorTrackingSettings> {
    return this.service.settings(await this.service.access(actor, id, 'admin_error_tracking'));
  }

  /** Policy: admin_error_tracking. {active?, integrated?} (GitLab's PUT; PATCH alike). */
  @Put('settings')
  async update(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Body() body: unknown): Promise<ApiErrorTrackingSettings> {
    const p = await this.service.access(actor, id, 'admin_error_tracking');
    return this.service.updateSettings(p, parseSettings(body));
  }

  /** Policy: admin_error_tracking. */
  @Patch('settings')
  patch(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Body() body: unknown): Promise<ApiErrorTrackingSettings> {
    return this.update(actor, id, body);
  }

  /** Policy: admin_error_tracking. */
  @Get('client_keys')
  async keys(@CurrentActor() actor: Actor | null, @Param('id') id: string): Promise<ApiErrorTrackingClientKey[]> {
    return this.service.clientKeys(await this.service.access(actor, id, 'admin_error_tracking'));
  }

  /** Policy: admin_error_tracking. A new key and its DSN (201). */
  @Post('client_keys')
  async createKey(@CurrentActor() actor: Actor | null, @Param('id') id: string): Promise<ApiErrorTrackingClientKey> {
    return this.service.createClientKey(await this.service.access(actor, id, 'admin_error_tracking'));
  }

  /** Policy: admin_error_tracking. Revokes the key: its DSN is refused from then on (403). */
  @Delete('client_keys/:keyId')
  async revokeKey(@CurrentActor() actor: Actor | null, @Param('id') id: string, @Param('keyId') keyId: string): Promise<ApiErrorTrackingClientKey> {
    const p = await this.service.access(actor, id, 'admin_error_tracking');
    const n = parseErrorId(keyId);
    if (n === null || n > 2_147_483_647) throw new AppError('CLIENT_KEY_NOT_FOUND');
    return this.service.revokeClientKey(p, n);
  }
}
