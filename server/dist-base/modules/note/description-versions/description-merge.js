"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.mergesIntoPrevious = mergesIntoPrevious;
const shared_types_1 = require("@tandem/shared-types");
/**
 * Spec discussions §4: description-change system notes are merged into one when the same
 * author made them within the time limit (compared in minutes rounded up) and the earlier
 * one's version was not deleted. Pure: the clock is the caller's (the transaction's now()).
 */
function mergesIntoPrevious(prev, authorId, now, limitMinutes = shared_types_1.DISCUSSION_LIMITS.descriptionMergeMinutes) {
    if (!prev || prev.authorId !== authorId || prev.versionDeleted)
        return false;
    const minutes = Math.ceil((now.getTime() - prev.updatedAt.getTime()) / 60_000);
    return minutes <= limitMinutes;
}
//# sourceMappingURL=description-merge.js.map