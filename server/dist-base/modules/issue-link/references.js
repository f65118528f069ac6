"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.splitReferences = splitReferences;
exports.parseIssueReference = parseIssueReference;
const IID = '([1-9]\\d{0,9})';
const PATH = '([A-Za-z0-9_.][A-Za-z0-9_.-]*(?:/[A-Za-z0-9_.][A-Za-z0-9_.-]*)+)';
const SHORT = new RegExp(`^#${IID}$`);
const FULL = new RegExp(`^${PATH}#${IID}$`);
const URL_PATH = new RegExp(`^/${PATH}(?:/-)?/issues/${IID}/?$`);
/**
 * The references a related-issues form sent (spec §5): pieces split on whitespace, empty ones
 * dropped, one starting with a digit gets '#', duplicates removed (first kept).
 */
function splitReferences(input) {
    const out = [];
    for (const piece of input.flatMap((s) => s.split(/[\s,]+/))) {
        if (!piece)
            continue;
        const ref = /^\d/.test(piece) ? `#${piece}` : piece;
        if (!out.includes(ref))
            out.push(ref);
    }
    return out;
}
/**
 * '#12' (this project), 'group/project#12', or an issue URL of this instance
 * (`{publicUrl}/group/project/-/issues/12`, also path-only); null when it names no issue.
 */
function parseIssueReference(raw, currentProject, publicUrl) {
    const ref = /^\d/.test(raw) ? `#${raw}` : raw;
    let m = SHORT.exec(ref);
    if (m)
        return { raw, projectPath: currentProject, iid: Number(m[1]) };
    m = FULL.exec(ref);
    if (m)
        return { raw, projectPath: m[1], iid: Number(m[2]) };
    let path = null;
    if (ref.startsWith('/'))
        path = ref;
    else if (/^https?:\/\//i.test(ref)) {
        try {
            const url = new URL(ref);
            if (url.origin !== new URL(publicUrl).origin)
                return null;
            path = url.pathname;
        }
        catch {
            return null;
        }
    }
    if (path === null)
        return null;
    m = URL_PATH.exec(decodeURIComponent(path.replace(/[?#].*$/, '')));
    return m ? { raw, projectPath: m[1], iid: Number(m[2]) } : null;
}
//# sourceMappingURL=references.js.map