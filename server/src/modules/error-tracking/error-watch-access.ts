import { Injectable } from '@nestjs/common';
import type { ErrorWatchAccess } from '../../core/realtime/errors-channel';
import type { Actor } from '../../core/policy/policy';
import { ErrorTrackingService } from './error-tracking.service';

/** watch_errors is allowed to whoever may read the list over HTTP (read_error_tracking). */
@Injectable()
export class ErrorListWatchAccess implements ErrorWatchAccess {
  constructor(private readonly service: ErrorTrackingService) {}

  async resolve(actor: Actor | null, projectPath: string): Promise<{ fullPath: string }> {
    const { project } = await this.service.access(actor, projectPath, 'read_error_tracking');
    return { fullPath: project.fullPath };
  }
}
