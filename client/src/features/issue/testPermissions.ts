import type { IssuePermissions } from '@tandem/shared-types';

/**
 * A complete IssuePermissions for unit tests: a member who may do everything but delete, with
 * the header's optional flags off. A new flag is one line here; tests say only what they change.
 */
export function testPermissions(over: Partial<IssuePermissions> = {}): IssuePermissions {
  return {
    canUpdateIssue: true,
    canReopenIssue: true,
    canCreateIssue: true,
    canDestroy: false,
    canAdmin: true,
    canCreateNote: true,
    canCreateNoteWhenLocked: true,
    canCreateNoteWhenUnlocked: true,
    canUpdate: true,
    canCreateInternalNote: true,
    canAwardEmoji: true,
    canReportAbuse: false,
    canReportSpam: false,
    canPromoteToEpic: false,
    showDeleteButton: false,
    ...over,
  };
}
