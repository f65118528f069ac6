"use strict";
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.normalizeAwardName = normalizeAwardName;
exports.emojiFacts = emojiFacts;
const github_json_1 = __importDefault(require("emojibase-data/en/shortcodes/github.json"));
const iamcal_json_1 = __importDefault(require("emojibase-data/en/shortcodes/iamcal.json"));
const data_json_1 = __importDefault(require("emojibase-data/en/data.json"));
/**
 * The award names Tandem accepts: the shortcodes of GitHub's and Slack's (iamcal) sets from
 * emojibase-data, which hold GitLab's names (thumbsup, thumbsdown, smile, tada, 100, 8ball).
 * `+1` and `-1` are aliases stored as thumbsup and thumbsdown, so counts and the exclusive
 * pair see one name each.
 */
const ALIASES = { '+1': 'thumbsup', '-1': 'thumbsdown' };
let byName = null;
function table() {
    if (byName)
        return byName;
    const byHex = new Map(data_json_1.default.map((e) => [e.hexcode, e]));
    const out = new Map();
    for (const set of [github_json_1.default, iamcal_json_1.default]) {
        for (const [hex, codes] of Object.entries(set)) {
            const e = byHex.get(hex);
            for (const code of Array.isArray(codes) ? codes : [codes]) {
                if (!out.has(code))
                    out.set(code, { hexcode: hex, emoji: e?.emoji ?? '', description: e?.label ?? code, unicodeVersion: e ? String(e.version) : '' });
            }
        }
    }
    byName = out;
    return out;
}
/**
 * The stored name for what a client sent, or null when it is no emoji: colons and case are
 * not part of a name; a number (the spec: "a purely numeric name is converted to a number")
 * counts as its digits.
 */
function normalizeAwardName(raw) {
    if (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0)
        raw = String(raw);
    if (typeof raw !== 'string')
        return null;
    const name = raw.trim().replace(/^:(.*):$/, '$1');
    if (!name || name.length > 64)
        return null;
    const canonical = ALIASES[name] ?? name;
    return table().has(canonical) ? canonical : null;
}
/** What GraphQL's AwardEmoji shows of a name (its character and description). */
function emojiFacts(name) {
    return table().get(name) ?? null;
}
//# sourceMappingURL=emoji-names.js.map