"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseAwardName = parseAwardName;
const zod_1 = require("zod");
const shared_types_1 = require("@tandem/shared-types");
const zod_input_1 = require("../../core/http/zod-input");
const emoji_names_1 = require("./emoji-names");
/** `{name}`: an emoji name of the set (emoji-names.ts), a number counting as its digits. */
const awardInput = zod_1.z.object({
    name: zod_1.z.unknown().transform((raw, ctx) => {
        const fail = (message) => {
            ctx.addIssue({ code: zod_1.z.ZodIssueCode.custom, message });
            return zod_1.z.NEVER;
        };
        if (raw === undefined || raw === null)
            return fail(shared_types_1.VALIDATION.missing);
        if (typeof raw !== 'string' && typeof raw !== 'number')
            return fail(shared_types_1.VALIDATION.notString);
        return (0, emoji_names_1.normalizeAwardName)(raw) ?? fail(shared_types_1.VALIDATION.notEmojiName);
    }),
});
/** The award name of a request body, or a 400 naming `name`. */
function parseAwardName(body) {
    return (0, zod_input_1.parseInput)(awardInput, body ?? {}).name;
}
//# sourceMappingURL=award.validation.js.map