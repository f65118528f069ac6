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
Object.defineProperty(exports, "__esModule", { value: true });
exports.AccessChanges = void 0;
const common_1 = require("@nestjs/common");
const event_bus_1 = require("./event-bus");
/**
 * Domain code announces, after commit, changes that can take read access away without an
 * event of their own (membership removed or lowered, project made private, user blocked):
 * every node re-checks the live rooms concerned. Raising access needs no call. It is a bus
 * control message, so domain modules depend on core only, never on the realtime module.
 */
let AccessChanges = class AccessChanges {
    bus;
    constructor(bus) {
        this.bus = bus;
    }
    notify(change) {
        if (change.kind === 'noteable')
            this.bus.publishControl({ kind: 'recheck_noteable', noteableType: change.noteableType, noteableId: change.noteableId });
        else if (change.kind === 'project')
            this.bus.publishControl({ kind: 'recheck_project', projectId: change.projectId });
        else
            this.bus.publishControl({ kind: 'recheck_user', userId: change.userId });
    }
};
exports.AccessChanges = AccessChanges;
exports.AccessChanges = AccessChanges = __decorate([
    (0, common_1.Injectable)(),
    __param(0, (0, common_1.Inject)(event_bus_1.EVENT_BUS)),
    __metadata("design:paramtypes", [Object])
], AccessChanges);
//# sourceMappingURL=access-changes.js.map