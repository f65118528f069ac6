"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.titleField = void 0;
const shared_types_1 = require("@tandem/shared-types");
const system_notes_1 = require("../../note/system-notes");
const params_1 = require("./params");
exports.titleField = {
    key: 'title',
    params: { title: (0, params_1.textParam)(shared_types_1.LIMITS.titleMaxLength, { required: true }) },
    read: (p) => (typeof p.title === 'string' ? p.title.trim() : undefined),
    ability: () => 'update_issue',
    plan: (title, cur) => (title === cur.title ? null : { set: { title }, edited: true, notes: [system_notes_1.systemNotes.titleChanged(cur.title, title)] }),
    event: (i, env) => ({ title: i.title, title_html: env.markdown.renderInline(i.title, env.render) }),
};
//# sourceMappingURL=title.js.map