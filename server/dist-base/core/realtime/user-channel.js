"use strict";
var __decorate = (this && this.__decorate) || function (decorators, target, key, desc) {
    var c = arguments.length, r = c < 3 ? target : desc === null ? desc = Object.getOwnPropertyDescriptor(target, key) : desc, d;
    if (typeof Reflect === "object" && typeof Reflect.decorate === "function") r = Reflect.decorate(decorators, target, key, desc);
    else for (var i = decorators.length - 1; i >= 0; i--) if (d = decorators[i]) r = (c < 3 ? d(r) : c > 3 ? d(target, key, r) : d(target, key)) || r;
    return c > 3 && r && Object.defineProperty(target, key, r), r;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.UserChannel = void 0;
const common_1 = require("@nestjs/common");
const shared_types_1 = require("@tandem/shared-types");
/**
 * The per-user channel (shared-types realtime/user-channel.ts): domain code tells a user's open
 * tabs about their own state (the to-do count) without importing the realtime module. The
 * gateway binds the Socket.IO server and joins each signed-in socket to its user's room; the
 * emit goes through the adapter (Redis with REDIS_URL), so tabs on other nodes get it too.
 */
let UserChannel = class UserChannel {
    io = null;
    bind(io) {
        this.io = io;
    }
    todosCount(userId, count) {
        this.io?.to((0, shared_types_1.userRoom)(userId)).emit('todos.count', { count });
    }
};
exports.UserChannel = UserChannel;
exports.UserChannel = UserChannel = __decorate([
    (0, common_1.Injectable)()
], UserChannel);
//# sourceMappingURL=user-channel.js.map