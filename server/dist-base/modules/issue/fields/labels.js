"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.labelsField = void 0;
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../../core/errors/app-error");
const label_service_1 = require("../../label/label.service");
const system_notes_1 = require("../../note/system-notes");
const params_1 = require("./params");
const titles = (v) => (Array.isArray(v) ? v.map((title) => ({ title })) : undefined);
/** Labels: REST sends titles (`labels`, or `add_labels`/`remove_labels`), GraphQL and the page send ids. */
exports.labelsField = {
    key: 'labels',
    params: { labels: (0, params_1.nameListParam)(), add_labels: (0, params_1.nameListParam)(), remove_labels: (0, params_1.nameListParam)() },
    read: (p) => {
        if (p.labels === undefined && p.add_labels === undefined && p.remove_labels === undefined)
            return undefined;
        if (p.labels !== undefined && (p.add_labels !== undefined || p.remove_labels !== undefined))
            throw new app_error_1.ValidationError({ labels: ['is mutually exclusive with add_labels and remove_labels'] });
        return { set: titles(p.labels), add: titles(p.add_labels), remove: titles(p.remove_labels) };
    },
    ability: () => 'admin_issue',
    async write(change, tx, ctx, env) {
        const resolve = async (refs, create) => {
            if (!refs?.length)
                return [];
            const ids = refs.flatMap((r) => ('id' in r ? [r.id] : []));
            const names = refs.flatMap((r) => ('title' in r ? [r.title] : []));
            return [...(await env.labels.availableByIds(tx, ctx.project, ids)), ...(await env.labels.byTitles(tx, ctx.project, names, { create }))];
        };
        const current = await env.labels.ofIssue(tx, ctx.issue.id);
        // One label per scope: a scoped label added replaces its siblings of the same scope (for every API and /label)
        let kept;
        if (change.set)
            kept = (0, shared_types_1.onePerScope)([], await resolve(change.set, true));
        else {
            const removed = new Set((await resolve(change.remove, false)).map((l) => l.id));
            const added = (await resolve(change.add, true)).filter((l) => !removed.has(l.id));
            kept = (0, shared_types_1.onePerScope)(current.filter((l) => !removed.has(l.id)), added);
        }
        const next = new Map(kept.map((l) => [l.id, l]));
        const added = [...next.values()].filter((l) => !current.some((c) => c.id === l.id));
        const removed = current.filter((c) => !next.has(c.id));
        if (!added.length && !removed.length)
            return null;
        await env.labels.setOnIssue(tx, ctx.issue.id, [...next.keys()]);
        const labels = [...next.values()].sort((a, b) => a.title.localeCompare(b.title)).map(label_service_1.labelForEvent);
        return { notes: [system_notes_1.systemNotes.labels(added, removed)], events: [{ type: 'issue.labels', payload: () => ({ labels }) }] };
    },
};
//# sourceMappingURL=labels.js.map