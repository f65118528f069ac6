"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseEpicRef = parseEpicRef;
/**
 * What a user types to name an epic: `&3` (the project's own group), `group/path&3`, or the
 * epic's URL (`https://host/groups/group/path/-/epics/3`). Null for anything else.
 */
function parseEpicRef(text) {
    const t = text.trim();
    const url = /\/groups\/([\w.-]+(?:\/[\w.-]+)*)\/-\/epics\/(\d{1,9})\/?$/.exec(t);
    if (url)
        return { groupPath: url[1], iid: Number(url[2]) };
    const ref = /^([\w.-]+(?:\/[\w.-]+)*)?&(\d{1,9})$/.exec(t);
    if (ref)
        return { groupPath: ref[1] ?? null, iid: Number(ref[2]) };
    return null;
}
//# sourceMappingURL=epic-reference.js.map