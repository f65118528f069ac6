"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.updateTaskField = void 0;
const zod_1 = require("zod");
const shared_types_1 = require("@tandem/shared-types");
const app_error_1 = require("../../../core/errors/app-error");
const markdown_service_1 = require("../../../core/markdown/markdown.service");
const system_notes_1 = require("../../note/system-notes");
const TASK_MARKER = /^(\s*(?:>\s*)*(?:[-*+]|\d+[.)])\s+\[)([ xX])(\](?:\s|$))/;
const taskParam = () => zod_1.z
    .object({
    checked: zod_1.z.union([zod_1.z.boolean(), zod_1.z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true'),
    line_number: zod_1.z.union([zod_1.z.number(), zod_1.z.string().regex(/^\d+$/, shared_types_1.VALIDATION.notInteger)]).transform(Number).pipe(zod_1.z.number().int(shared_types_1.VALIDATION.notInteger).min(1, shared_types_1.VALIDATION.mustBePositive).max(shared_types_1.LIMITS.descriptionMaxLength)),
    line_source: zod_1.z.string({ message: shared_types_1.VALIDATION.notString }).max(shared_types_1.LIMITS.descriptionMaxLength, shared_types_1.VALIDATION.tooLong(shared_types_1.LIMITS.descriptionMaxLength)),
    index: zod_1.z.unknown().optional(),
}, { message: 'must be an object with checked, line_number and line_source' })
    .transform((t) => ({ checked: t.checked, lineNumber: t.line_number, lineSource: t.line_source }));
/**
 * Ticks or clears one task-list item of the description. The line must still read as the
 * client saw it; otherwise someone changed the description meanwhile and the toggle is
 * refused as a version conflict (the page shows the spec's task-list conflict text).
 */
exports.updateTaskField = {
    key: 'updateTask',
    params: { update_task: taskParam() },
    read: (p) => p.update_task,
    ability: () => 'update_issue',
    plan: (task, cur, env) => {
        const lines = (cur.description ?? '').split('\n');
        const line = lines[task.lineNumber - 1];
        const m = line === undefined ? null : TASK_MARKER.exec(line);
        if (line === undefined || line.trimEnd() !== task.lineSource.trimEnd() || !m)
            throw new app_error_1.AppError('ISSUE_STALE');
        if ((m[2] !== ' ') === task.checked)
            return null;
        lines[task.lineNumber - 1] = line.replace(TASK_MARKER, `$1${task.checked ? 'x' : ' '}$3`);
        const description = lines.join('\n');
        const itemText = line.slice(m[0].length).trim();
        return {
            set: { description, descriptionHtml: env.markdown.render(description, env.render) },
            edited: true,
            notes: [system_notes_1.systemNotes.taskToggled(itemText, task.checked)],
        };
    },
    event: (i) => ({ description: i.description ?? '', description_html: i.descriptionHtml ?? '', task_completion_status: (0, markdown_service_1.taskCompletionStatus)(i.description) }),
};
//# sourceMappingURL=update-task.js.map