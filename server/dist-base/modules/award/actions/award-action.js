"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.reactor = reactor;
exports.addedRecord = addedRecord;
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../../core/errors/app-error");
const user_mapper_1 = require("../../user/user.mapper");
/** The signed-in reactor, refused with the spec's text when they may not react here. */
function reactor(actor, awardable, publicUrl) {
    if (!actor)
        throw new app_error_1.AppError('UNAUTHORIZED');
    if (!awardable.canAward || !awardable.issue.actorUser)
        throw new app_error_1.AppError('FORBIDDEN', shared_types_1.DISCUSSION_TEXTS.awardNotAllowed);
    return (0, user_mapper_1.toUserBasic)(awardable.issue.actorUser, publicUrl);
}
function addedRecord(awardable, user, w) {
    if (!w.added)
        return null;
    return { id: w.added.id, name: w.added.name, awardableType: awardable.type, awardableId: awardable.id, createdAt: w.added.createdAt, updatedAt: w.added.updatedAt, user };
}
//# sourceMappingURL=award-action.js.map