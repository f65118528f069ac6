"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.descriptionField = void 0;
const shared_types_1 = require("@tandem/shared-types");
const markdown_service_1 = require("../../../core/markdown/markdown.service");
const system_notes_1 = require("../../note/system-notes");
const params_1 = require("./params");
exports.descriptionField = {
    key: 'description',
    params: { description: (0, params_1.textParam)(shared_types_1.LIMITS.descriptionMaxLength) },
    read: (p) => p.description,
    ability: () => 'update_issue',
    plan: (description, cur, env) => (description ?? '') === (cur.description ?? '')
        ? null
        : { set: { description, descriptionHtml: env.markdown.render(description, env.render) }, edited: true, notes: [system_notes_1.systemNotes.descriptionChanged()] },
    event: (i) => ({ description: i.description ?? '', description_html: i.descriptionHtml ?? '', task_completion_status: (0, markdown_service_1.taskCompletionStatus)(i.description) }),
};
//# sourceMappingURL=description.js.map