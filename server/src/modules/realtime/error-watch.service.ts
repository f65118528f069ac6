import { Inject, Injectable, Logger } from '@nestjs/common';
import { PROJECT_WATCH, watchErrorsRequestSchema, firstIssue, type WatchProjectAck } from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import { ERROR_WATCH_ACCESS, ErrorsChannel, errorsRoom, type ErrorWatchAccess } from '../../core/realtime/errors-channel';
import type { Io, TandemSocket } from './noteable-room';

/**
 * Error lists kept live: `watch_errors` joins a project's error room after the read check
 * (read_error_tracking, through the ErrorWatchAccess port); the ErrorsChannel (core) emits the
 * coalesced `project_errors` signals there.
 */
@Injectable()
export class ErrorWatchService {
  private readonly logger = new Logger(ErrorWatchService.name);

  constructor(
    private readonly channel: ErrorsChannel,
    @Inject(ERROR_WATCH_ACCESS) private readonly access: ErrorWatchAccess,
  ) {}

  start(io: Io): void {
    this.channel.bind(io);
  }

  stop(): void {
    this.channel.bind(null);
  }

  attach(socket: TandemSocket): void {
    // Policy: read_error_tracking (through the ErrorWatchAccess port, as an HTTP read of the error list)
    socket.on('watch_errors', this.onWatchEvent);
    // Policy: none (a socket only stops its own watches)
    socket.on('unwatch_errors', onUnwatchErrors);
  }

  // Policy: read_error_tracking (through the ErrorWatchAccess port, as an HTTP read of the error list)
  // One handler for every socket (the socket is `this`): no closure per socket
  private readonly onWatchEvent = ((svc: ErrorWatchService) =>
    function (this: TandemSocket, raw: unknown, ack: unknown) {
      void svc.onWatch(this, raw, typeof ack === 'function' ? (ack as (res: WatchProjectAck) => void) : () => undefined);
    })(this);

  private async onWatch(socket: TandemSocket, raw: unknown, ack: (res: WatchProjectAck) => void): Promise<void> {
    const parsed = watchErrorsRequestSchema.safeParse(raw);
    if (!parsed.success) return ack({ ok: false, message: firstIssue(parsed.error) });
    const watching = [...socket.rooms].filter((r) => r.startsWith('ProjectErrors:')).length;
    if (watching >= PROJECT_WATCH.maxPerSocket) return ack({ ok: false, message: `at most ${PROJECT_WATCH.maxPerSocket} projects per connection` });
    try {
      const { fullPath } = await this.access.resolve(socket.data.actor, parsed.data.project_path);
      if (!socket.connected) return;
      await socket.join(errorsRoom(fullPath));
      ack({ ok: true });
    } catch (e) {
      if (e instanceof AppError) return ack({ ok: false, message: e.message });
      this.logger.error({ err: e }, 'watch_errors failed');
      ack({ ok: false, message: 'watch failed' });
    }
  }
}

// Policy: none (a socket only stops its own watches)
function onUnwatchErrors(this: TandemSocket, raw: unknown): void {
  const parsed = watchErrorsRequestSchema.safeParse(raw);
  if (parsed.success) void this.leave(errorsRoom(parsed.data.project_path));
}
