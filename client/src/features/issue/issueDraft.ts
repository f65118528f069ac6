import { AUTOSAVE_PREFIX } from '@tandem/shared-types';
import { clearEditDraft, readEditDraft, writeEditDraft, type EditDraft } from '../../shared/edit-conflict/editDraft';

/** What the open edit form autosaves, including the lock_version it was editing. */
export type IssueDraft = EditDraft;

/** One key per issue under the spec's 'autosave/' prefix. */
export const issueDraftKey = (projectPath: string, iid: number) => `${AUTOSAVE_PREFIX}${projectPath}/-/issues/${iid}/edit`;

export const readIssueDraft = readEditDraft;
export const writeIssueDraft = writeEditDraft;
export const clearIssueDraft = clearEditDraft;
