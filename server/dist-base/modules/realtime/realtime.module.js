"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
var RealtimeModule_1;
Object.defineProperty(exports, "__esModule", { value: true });
exports.RealtimeModule = void 0;
const common_1 = require("@nestjs/common");
const realtime_core_module_1 = require("../../core/realtime/realtime-core.module");
const noteable_access_1 = require("../../core/realtime/noteable-access");
const auth_module_1 = require("../auth/auth.module");
const etag_poll_middleware_1 = require("./etag-poll.middleware");
const event_pruner_service_1 = require("./event-pruner.service");
const realtime_gateway_1 = require("./realtime.gateway");
const room_access_service_1 = require("./room-access.service");
const room_delivery_service_1 = require("./room-delivery.service");
const presence_service_1 = require("./presence.service");
const project_watch_service_1 = require("./project-watch.service");
const project_watch_access_1 = require("../../core/realtime/project-watch-access");
const room_registry_1 = require("./room-registry");
const socket_auth_service_1 = require("./socket-auth.service");
const subscribe_service_1 = require("./subscribe.service");
/**
 * The Socket.IO gateway, replay, polling (ETag 304s, notes polling) and pruning (issue #3).
 * It knows noteables only through the NoteableAccess port; the app composes it with the
 * implementations: `RealtimeModule.register({ imports: [IssueNoteableAccessModule], noteableAccess: [IssueNoteableAccess], projectWatchAccess: IssueListWatchAccess })`.
 */
let RealtimeModule = RealtimeModule_1 = class RealtimeModule {
    static register(options) {
        return {
            module: RealtimeModule_1,
            imports: [realtime_core_module_1.RealtimeCoreModule, auth_module_1.AuthModule, ...options.imports],
            providers: [
                {
                    provide: noteable_access_1.NOTEABLE_ACCESS,
                    inject: options.noteableAccess,
                    useFactory: (...all) => (0, noteable_access_1.noteableAccessRegistry)(all),
                },
                { provide: project_watch_access_1.PROJECT_WATCH_ACCESS, useExisting: options.projectWatchAccess },
                room_registry_1.RoomRegistry,
                presence_service_1.PresenceService,
                project_watch_service_1.ProjectWatchService,
                room_access_service_1.RoomAccess,
                room_delivery_service_1.RoomDelivery,
                subscribe_service_1.SubscribeService,
                socket_auth_service_1.SocketAuth,
                realtime_gateway_1.RealtimeGateway,
                event_pruner_service_1.EventPrunerService,
                etag_poll_middleware_1.EtagPollMiddleware,
            ],
            exports: [realtime_gateway_1.RealtimeGateway, etag_poll_middleware_1.EtagPollMiddleware],
        };
    }
};
exports.RealtimeModule = RealtimeModule;
exports.RealtimeModule = RealtimeModule = RealtimeModule_1 = __decorate([
    (0, common_1.Module)({})
], RealtimeModule);
//# sourceMappingURL=realtime.module.js.map