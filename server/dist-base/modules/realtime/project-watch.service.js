"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var __metadata = (this && this.__metadata) || function (k, v) {
    if (typeof Reflect === "object" && typeof Reflect.metadata === "function") return Reflect.metadata(k, v);
};
var __param = (this && this.__param) || function (paramIndex, decorator) {
    return function (target, key) { decorator(target, key, paramIndex); }
};
var ProjectWatchService_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.ProjectWatchService = void 0;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../core/errors/app-error");
const event_log_service_1 = require("../../core/realtime/event-log.service");
const project_watch_access_1 = require("../../core/realtime/project-watch-access");
/** Issue events that change what an issue list shows. */
const LIST_EVENTS = new Set(['issue.created', 'issue.updated', 'issue.assignees', 'issue.labels', 'issue.deleted']);
const roomOf = (fullPath) => `ProjectIssues:${fullPath.toLowerCase()}`;
/**
 * Issue lists kept live (shared-types realtime/project-watch.ts). A socket watches a project it
 * may read; when a write commits issue events, the node that wrote sends the project's room one
 * `project_issues` signal through the adapter (every node's watchers), at most one per
 * PROJECT_WATCH.coalesceMs, and the lists refetch with their own access.
 */
let ProjectWatchService = ProjectWatchService_1 = class ProjectWatchService {
    log;
    access;
    logger = new common_1.Logger(ProjectWatchService_1.name);
    io = null;
    /** Projects with a signal due, by room: the path to name in it. */
    due = new Map();
    timer = null;
    constructor(log, access) {
        this.log = log;
        this.access = access;
    }
    start(io) {
        this.io = io;
        this.log.onCommit((events) => this.onCommit(events));
    }
    stop() {
        if (this.timer)
            clearTimeout(this.timer);
        this.timer = null;
        this.io = null;
    }
    attach(socket) {
        // Policy: read_project (through the ProjectWatchAccess port, as an HTTP read of the project)
        socket.on('watch_project', (raw, ack) => void this.onWatch(socket, raw, typeof ack === 'function' ? ack : () => undefined));
        // Policy: none (a socket only stops its own watches)
        socket.on('unwatch_project', (raw) => {
            const parsed = shared_types_1.watchProjectRequestSchema.safeParse(raw);
            if (parsed.success)
                void socket.leave(roomOf(parsed.data.project_path));
        });
    }
    async onWatch(socket, raw, ack) {
        const parsed = shared_types_1.watchProjectRequestSchema.safeParse(raw);
        if (!parsed.success)
            return ack({ ok: false, message: (0, shared_types_1.firstIssue)(parsed.error) });
        const watching = [...socket.rooms].filter((r) => r.startsWith('ProjectIssues:')).length;
        if (watching >= shared_types_1.PROJECT_WATCH.maxPerSocket)
            return ack({ ok: false, message: `at most ${shared_types_1.PROJECT_WATCH.maxPerSocket} projects per connection` });
        try {
            const { fullPath } = await this.access.resolve(socket.data.actor, parsed.data.project_path);
            if (!socket.connected)
                return;
            await socket.join(roomOf(fullPath));
            ack({ ok: true });
        }
        catch (e) {
            if (e instanceof app_error_1.AppError)
                return ack({ ok: false, message: e.message });
            this.logger.error({ err: e }, 'watch_project failed');
            ack({ ok: false, message: 'watch failed' });
        }
    }
    onCommit(events) {
        for (const e of events) {
            if (!LIST_EVENTS.has(e.event.type))
                continue;
            const path = e.event.issue.project_path;
            this.due.set(roomOf(path), path);
        }
        if (this.due.size && !this.timer)
            this.timer = setTimeout(() => this.flush(), shared_types_1.PROJECT_WATCH.coalesceMs);
    }
    flush() {
        this.timer = null;
        const io = this.io;
        if (!io)
            return;
        for (const [room, project_path] of this.due)
            io.to(room).emit('project_issues', { project_path });
        this.due.clear();
    }
};
exports.ProjectWatchService = ProjectWatchService;
exports.ProjectWatchService = ProjectWatchService = ProjectWatchService_1 = __decorate([
    (0, common_1.Injectable)(),
    __param(1, (0, common_1.Inject)(project_watch_access_1.PROJECT_WATCH_ACCESS)),
    __metadata("design:paramtypes", [event_log_service_1.EventLogService, Object])
], ProjectWatchService);
//# sourceMappingURL=project-watch.service.js.map