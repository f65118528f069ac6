import { Inject, Injectable, Logger } from '@nestjs/common';
import { mergeRequestStreamPath, PROJECT_WATCH, watchProjectRequestSchema, firstIssue, type ProjectList, type WatchProjectAck } from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import { EventLogService } from '../../core/realtime/event-log.service';
import type { BusEvent } from '../../core/realtime/event-bus';
import { PROJECT_WATCH_ACCESS, type ProjectWatchAccess } from '../../core/realtime/project-watch-access';
import type { Io, TandemSocket } from './noteable-room';

/** Issue events that change what an issue list shows. */
const LIST_EVENTS = new Set(['issue.created', 'issue.updated', 'issue.assignees', 'issue.labels', 'issue.deleted']);
/** A merge request's stream path is its project's path with this suffix (mergeRequestStreamPath). */
const MR_STREAM_SUFFIX = mergeRequestStreamPath('');

/** A comment added or deleted: both lists show each row's comment count (`user_notes_count`; system notes are not counted). */
function changesCommentCount(e: BusEvent): boolean {
  return (e.event.type === 'note.created' && !e.event.payload.note.system) || e.event.type === 'note.deleted';
}

/**
 * The project and list an event changes, if any: issues' list events, a merge request's own
 * fields (created, edited, closed, merged, pushed to), and either one's comments (the count).
 */
function listChange(e: BusEvent): { path: string; list: ProjectList } | null {
  if (e.noteableType === 'Issue' && (LIST_EVENTS.has(e.event.type) || changesCommentCount(e))) return { path: e.event.issue.project_path, list: 'issues' };
  const stream = e.event.issue.project_path;
  if (e.noteableType === 'MergeRequest' && (e.event.type === 'merge_request.updated' || changesCommentCount(e)) && stream.endsWith(MR_STREAM_SUFFIX))
    return { path: stream.slice(0, -MR_STREAM_SUFFIX.length), list: 'merge_requests' };
  return null;
}

const roomOf = (fullPath: string) => `ProjectIssues:${fullPath.toLowerCase()}`;

/**
 * Issue and merge request lists kept live (shared-types realtime/project-watch.ts). A socket
 * watches a project it may read; when a write commits issue or merge request events, the node
 * that wrote sends the project's room one `project_issues` signal naming the lists that changed
 * through the adapter (every node's watchers), at most one per PROJECT_WATCH.coalesceMs, and the
 * lists refetch with their own access.
 */
@Injectable()
export class ProjectWatchService {
  private readonly logger = new Logger(ProjectWatchService.name);
  private io: Io | null = null;
  /** Projects with a signal due, by room: the path to name in it and the lists that changed. */
  private readonly due = new Map<string, { project_path: string; lists: Set<ProjectList> }>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly log: EventLogService,
    @Inject(PROJECT_WATCH_ACCESS) private readonly access: ProjectWatchAccess,
  ) {}

  start(io: Io): void {
    this.io = io;
    this.log.onCommit((events) => this.onCommit(events));
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.io = null;
  }

  attach(socket: TandemSocket): void {
    // Policy: read_project (through the ProjectWatchAccess port, as an HTTP read of the project)
    socket.on('watch_project', this.onWatchEvent);
    // Policy: none (a socket only stops its own watches)
    socket.on('unwatch_project', onUnwatchProject);
  }

  // Policy: read_project (through the ProjectWatchAccess port, as an HTTP read of the project)
  // One handler for every socket (the socket is `this`): no closure per socket
  private readonly onWatchEvent = ((svc: ProjectWatchService) =>
    function (this: TandemSocket, raw: unknown, ack: unknown) {
      void svc.onWatch(this, raw, typeof ack === 'function' ? (ack as (res: WatchProjectAck) => void) : () => undefined);
    })(this);

  private async onWatch(socket: TandemSocket, raw: unknown, ack: (res: WatchProjectAck) => void): Promise<void> {
    const parsed = watchProjectRequestSchema.safeParse(raw);
    if (!parsed.success) return ack({ ok: false, message: firstIssue(parsed.error) });
    const watching = [...socket.rooms].filter((r) => r.startsWith('ProjectIssues:')).length;
    if (watching >= PROJECT_WATCH.maxPerSocket) return ack({ ok: false, message: `at most ${PROJECT_WATCH.maxPerSocket} projects per connection` });
    try {
      const { fullPath } = await this.access.resolve(socket.data.actor, parsed.data.project_path);
      if (!socket.connected) return;
      await socket.join(roomOf(fullPath));
      ack({ ok: true });
    } catch (e) {
      if (e instanceof AppError) return ack({ ok: false, message: e.message });
      this.logger.error({ err: e }, 'watch_project failed');
      ack({ ok: false, message: 'watch failed' });
    }
  }

  private onCommit(events: readonly BusEvent[]): void {
    for (const e of events) {
      const change = listChange(e);
      if (!change) continue;
      const room = roomOf(change.path);
      const due = this.due.get(room) ?? { project_path: change.path, lists: new Set<ProjectList>() };
      due.lists.add(change.list);
      this.due.set(room, due);
    }
    if (this.due.size && !this.timer) this.timer = setTimeout(() => this.flush(), PROJECT_WATCH.coalesceMs);
  }

  private flush(): void {
    this.timer = null;
    const io = this.io;
    if (!io) return;
    for (const [room, { project_path, lists }] of this.due) io.to(room).emit('project_issues', { project_path, lists: [...lists] });
    this.due.clear();
  }
}

// Policy: none (a socket only stops its own watches)
function onUnwatchProject(this: TandemSocket, raw: unknown): void {
  const parsed = watchProjectRequestSchema.safeParse(raw);
  if (parsed.success) void this.leave(roomOf(parsed.data.project_path));
}
