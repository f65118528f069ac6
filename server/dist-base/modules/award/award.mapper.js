"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toNoteAward = toNoteAward;
exports.toApiAwardEmoji = toApiAwardEmoji;
/** The page's shape (NoteEntity award_emoji): name and who. */
function toNoteAward(a) {
    return { name: a.name, user: { id: a.user.id, name: a.user.name, username: a.user.username } };
}
/** REST v4 AwardEmoji. */
function toApiAwardEmoji(a) {
    return {
        id: a.id,
        name: a.name,
        user: a.user,
        created_at: a.createdAt.toISOString(),
        updated_at: a.updatedAt.toISOString(),
        awardable_id: a.awardableId,
        awardable_type: a.awardableType,
    };
}
//# sourceMappingURL=award.mapper.js.map