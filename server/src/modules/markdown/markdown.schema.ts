import { z } from 'zod';
import { LIMITS, VALIDATION } from '@tandem/shared-types';

/**
 * POST /api/v4/markdown: `text` (required), `gfm` (accepted; always GFM here), `project` (a full
 * path), and Tandem's `group` (a group's full path or id: &epic references resolve in it, for an
 * epic's editors; GitLab's endpoint has only `project`, docs/decisions.md).
 */
export const markdownPreviewSchema = z.object({
  text: z.string({ required_error: VALIDATION.missing }).max(LIMITS.descriptionMaxLength, VALIDATION.tooLong(LIMITS.descriptionMaxLength)),
  gfm: z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { errorMap: () => ({ message: VALIDATION.notBoolean }) }).optional(),
  project: z.string().max(LIMITS.usernameMaxLength * 2, VALIDATION.tooLong(LIMITS.usernameMaxLength * 2)).optional(),
  /** Tandem's: the text is a comment's, so quick-action lines are left out and explained (`commands`, GitLab's preview). */
  quick_actions: z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { errorMap: () => ({ message: VALIDATION.notBoolean }) }).optional(),
  /** GitLab's preview_markdown target_type: whose quick actions a comment's preview explains (absent: an issue's). */
  target_type: z.enum(['Issue', 'MergeRequest'], { errorMap: () => ({ message: VALIDATION.invalid }) }).optional(),
  group: z.string().max(LIMITS.usernameMaxLength * 2, VALIDATION.tooLong(LIMITS.usernameMaxLength * 2)).optional(),
});
