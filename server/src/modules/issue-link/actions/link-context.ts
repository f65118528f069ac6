import { DISCUSSION_TEXTS } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import type { Actor } from '../../../core/policy/policy';
import { canOnIssue } from '../../issue/issue-context';
import type { LoadedIssue } from '../../issue/issue.loader';
import { toUserBasic } from '../../user/user.mapper';

/** Related issues are changed by whoever may administer the issue (spec §6: canAdmin; canReorder = canAdmin). */
export function linkAdmin(actor: Actor | null, issue: LoadedIssue, publicUrl: string) {
  if (!actor) throw new AppError('UNAUTHORIZED');
  if (!canOnIssue(actor, 'admin_issue', issue) || !issue.actorUser) throw new AppError('FORBIDDEN', DISCUSSION_TEXTS.relatedNoPermission);
  return toUserBasic(issue.actorUser, publicUrl);
}
