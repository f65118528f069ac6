import { z } from 'zod';
import { LIMITS } from '../constants';
import { VALIDATION } from '../errors';

/** A description template's name: what the chooser lists and the URL names (no slash). */
export const ISSUE_TEMPLATE_NAME_MAX = 100;

export const issueTemplateNameSchema = z
  .string({ message: VALIDATION.notString })
  .trim()
  .min(1, VALIDATION.required)
  .max(ISSUE_TEMPLATE_NAME_MAX, VALIDATION.tooLong(ISSUE_TEMPLATE_NAME_MAX))
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  .regex(/^[^/\\\u0000-\u001f]*$/, 'must not contain slashes or control characters');

const contentSchema = z.string({ message: VALIDATION.notString }).max(LIMITS.descriptionMaxLength, VALIDATION.tooLong(LIMITS.descriptionMaxLength));

/** POST /projects/:id/templates/issues */
export const issueTemplateCreateSchema = z.object({ name: issueTemplateNameSchema, content: contentSchema });
/** PUT /projects/:id/templates/issues/:name */
export const issueTemplateUpdateSchema = z.object({ content: contentSchema });

/** GitLab's template list entry and template. */
export interface IssueTemplateListItem {
  key: string;
  name: string;
}
export interface IssueTemplate {
  name: string;
  content: string;
}

/** The edit form's template chooser texts (spec sidebar-and-widgets §template dropdown). */
export const TEMPLATE_TEXTS = {
  choose: 'Choose a template',
  noTemplate: 'No template',
  reset: 'Reset template',
  overrideTitle: 'Apply template?',
  overrideMessage: 'Applying a template will replace the existing issue description. Any changes you have made will be lost.',
  overrideConfirm: 'Apply template',
  loadFailed: 'Unable to load the template.',
} as const;
