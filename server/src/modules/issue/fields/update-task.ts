import { z } from 'zod';
import { LIMITS, VALIDATION } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import { taskCompletionStatus } from '../../../core/markdown/markdown.service';
import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';

/** A task-list checkbox toggled on the page (GitLab's `update_task`): the line it stands on, as the client saw it. */
export interface TaskToggle {
  checked: boolean;
  /** 1-based line of the description (the rendered item's data-sourcepos). */
  lineNumber: number;
  /** The line's text as the client read it; a different line now means the description moved on. */
  lineSource: string;
}

const TASK_MARKER = /^(\s*(?:>\s*)*(?:[-*+]|\d+[.)])\s+\[)([ xX])(\](?:\s|$))/;

const taskParam = () =>
  z
    .object({
      checked: z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true'),
      line_number: z.union([z.number(), z.string().regex(/^\d+$/, VALIDATION.notInteger)]).transform(Number).pipe(z.number().int(VALIDATION.notInteger).min(1, VALIDATION.mustBePositive).max(LIMITS.descriptionMaxLength)),
      line_source: z.string({ message: VALIDATION.notString }).max(LIMITS.descriptionMaxLength, VALIDATION.tooLong(LIMITS.descriptionMaxLength)),
      index: z.unknown().optional(),
    }, { message: 'must be an object with checked, line_number and line_source' })
    .transform((t): TaskToggle => ({ checked: t.checked, lineNumber: t.line_number, lineSource: t.line_source }));

/**
 * Ticks or clears one task-list item of the description. The line must still read as the
 * client saw it; otherwise someone changed the description meanwhile and the toggle is
 * refused as a version conflict (the page shows the spec's task-list conflict text).
 */
export const updateTaskField: IssueField<'updateTask'> = {
  key: 'updateTask',
  params: { update_task: taskParam() },
  read: (p) => p.update_task as TaskToggle | undefined,
  ability: () => 'update_issue',
  plan: (task, cur, env) => {
    const lines = (cur.description ?? '').split('\n');
    const line = lines[task.lineNumber - 1];
    const m = line === undefined ? null : TASK_MARKER.exec(line);
    if (line === undefined || line.trimEnd() !== task.lineSource.trimEnd() || !m) throw new AppError('ISSUE_STALE');
    if ((m[2] !== ' ') === task.checked) return null;
    lines[task.lineNumber - 1] = line.replace(TASK_MARKER, `$1${task.checked ? 'x' : ' '}$3`);
    const description = lines.join('\n');
    const itemText = line.slice(m[0].length).trim();
    return {
      set: { description, descriptionHtml: env.markdown.render(description, env.render) },
      edited: true,
      notes: [systemNotes.taskToggled(itemText, task.checked)],
    };
  },
  event: (i) => ({ description: i.description ?? '', description_html: i.descriptionHtml ?? '', task_completion_status: taskCompletionStatus(i.description) }),
};
