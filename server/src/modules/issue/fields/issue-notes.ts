import { systemNotes } from '../../note/system-notes';
import type { IssueField } from './issue-field';

/**
 * Notes that mark a relation to another issue made by a quick action, written as a field's
 * change so the note and its event are the issue write's (as a move's "moved from"). None is a
 * request parameter: the clone and duplicate actions set them.
 */

/** The original of a clone: "cloned to <ref>". */
export const clonedToField: IssueField<'clonedTo'> = {
  key: 'clonedTo',
  params: {},
  read: () => undefined,
  ability: () => 'admin_issue',
  write: async (ref) => ({ notes: [systemNotes.clonedTo(ref)], events: [] }),
};

/** The copy: "cloned from <ref>". */
export const clonedFromField: IssueField<'clonedFrom'> = {
  key: 'clonedFrom',
  params: {},
  read: () => undefined,
  ability: () => 'update_issue',
  write: async (ref) => ({ notes: [systemNotes.clonedFrom(ref)], events: [] }),
};

/** The duplicate (closed with it by /duplicate): "marked this issue as a duplicate of <ref>". */
export const duplicateOfField: IssueField<'duplicateOf'> = {
  key: 'duplicateOf',
  params: {},
  read: () => undefined,
  ability: () => 'update_issue',
  write: async (ref) => ({ notes: [systemNotes.duplicateOf(ref)], events: [] }),
};

/** The canonical issue: "marked <ref> as a duplicate of this issue" (whoever may comment on it). */
export const duplicatedByField: IssueField<'duplicatedBy'> = {
  key: 'duplicatedBy',
  params: {},
  read: () => undefined,
  ability: () => 'create_note',
  write: async (ref) => ({ notes: [systemNotes.duplicatedBy(ref)], events: [] }),
};
