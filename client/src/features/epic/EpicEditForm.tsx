import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { AUTOSAVE_PREFIX, EPIC_TEXTS, epicNoteablePaths, type ApiEpic } from '@tandem/shared-types';
import { clearEditDraft, readEditDraft, writeEditDraft } from '../../shared/edit-conflict/editDraft';
import { LockedWarning } from '../../shared/edit-conflict/LockedWarning';
import type { EditedText } from '../../shared/edit-conflict/mergeEdit';
import { EditMergeNotices, useEditMerge, type EditSnapshot } from '../../shared/edit-conflict/useEditMerge';
import { MarkdownEditor } from '../../shared/markdown/MarkdownEditor';
import { appStore } from '../../shared/store';
import { Alert } from '../../shared/ui/Alert';
import { epicAtomFamily } from './epicAtoms';
import { fetchEpic, updateEpicText } from './epicQueries';

const snapshotOf = (e: ApiEpic): EditSnapshot => ({ title: e.title, description: e.description ?? '', lock_version: e.lock_version });

/** One autosave key per epic under the spec's 'autosave/' prefix. */
export const epicDraftKey = (groupPath: string, iid: number) => `${AUTOSAVE_PREFIX}groups/${groupPath}/-/epics/${iid}/edit`;

/**
 * The epic page's title and description form (for those who may edit the epic). The
 * description box attaches, autocompletes and previews for the epic's group, as its comment
 * boxes do. It saves with the lock_version it started from, as the issue form does: a
 * concurrent save is refused (409) instead of overwritten, the locked warning shows, and the
 * user's description edit is merged three-way onto the new text (overlaps offered to choose).
 * The open form autosaves a draft (with its version and base), kept until saved or cancelled.
 */
export function EpicEditForm({ epic, epicKey, groupPath, onClose }: { epic: ApiEpic; epicKey: string; groupPath: string; onClose(): void }) {
  const live = useAtomValue(epicAtomFamily(epicKey), { store: appStore }) ?? epic;
  const draftKey = epicDraftKey(groupPath, epic.iid);
  // A draft left open earlier comes back with the version and text it was editing: a stale one
  // is then a conflict like any other (the warning now, the merge on save)
  const [draft] = useState(() => readEditDraft(draftKey));
  const edit = useEditMerge(() => (draft?.base ? { ...draft.base, lock_version: draft.lock_version } : snapshotOf(live)));
  const { base, lockVersion, adopt } = edit;
  const [title, setTitle] = useState(draft?.title ?? base.title);
  const [description, setDescription] = useState(draft?.description ?? base.description);
  const [lockedWarning, setLockedWarning] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sources = epicNoteablePaths(groupPath, epic.iid, epic.id);
  const dirty = title !== base.title || description !== base.description;

  // A remote change of the epic (its epic.updated event): the title or description raise the
  // warning; anything else (state, dates) only moves the version the form saves with
  useEffect(() => {
    if (saving || live.lock_version <= lockVersion) return;
    if (live.title === base.title && (live.description ?? '') === base.description && !lockedWarning) {
      adopt(snapshotOf(live));
    } else setLockedWarning(true);
  }, [live, lockVersion, base, lockedWarning, saving, adopt]);

  // Autosave the open form's edit, with the version and text it started from
  useEffect(() => {
    if (dirty) writeEditDraft(draftKey, { title, description, lock_version: lockVersion, base: { title: base.title, description: base.description } });
    else clearEditDraft(draftKey);
  }, [title, description, lockVersion, base, dirty, draftKey]);

  async function save() {
    if (!title.trim() || saving) return;
    setSaving(true);
    setError(null);
    const done = await updateEpicText(groupPath, epic.iid, { title, description, lock_version: lockVersion }).catch(() => ({ epic: null, status: 0, error: EPIC_TEXTS.updateFailed }));
    if (done.status === 409) {
      setLockedWarning(true);
      await mergeOntoLatest();
      setSaving(false);
      return;
    }
    setSaving(false);
    if (!done.epic) return setError(done.error);
    const saved = done.epic;
    clearEditDraft(draftKey);
    appStore.set(epicAtomFamily(epicKey), (cur) => (cur && cur.lock_version > saved.lock_version ? cur : cur ? { ...cur, ...saved } : saved));
    onClose();
  }

  /**
   * After a 409: three-way merge of the user's edit (from `base`) onto the epic as saved now.
   * Edits that do not overlap are applied and the form moves to the new lock_version, so the
   * next Save goes through; overlapping ones are shown for the user to choose (the issue form's).
   */
  async function mergeOntoLatest() {
    edit.clearMerge();
    const latest = await fetchEpic(groupPath, epic.iid).catch(() => null);
    if (!latest) return setError(EPIC_TEXTS.fetchEpicFailed);
    const theirs = snapshotOf(latest);
    appStore.set(epicAtomFamily(epicKey), (cur) => (cur && cur.lock_version >= latest.lock_version ? cur : latest));
    edit.mergeOnto(theirs, { title, description }, setText);
  }

  function setText(t: EditedText) {
    setTitle(t.title);
    setDescription(t.description);
  }

  function cancel() {
    clearEditDraft(draftKey);
    onClose();
  }

  return (
    <form
      className="epic-edit-form"
      aria-label={EPIC_TEXTS.editEpic}
      data-testid="epic-edit-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {lockedWarning && <LockedWarning type="epic" path={`/groups/${groupPath}/-/epics/${epic.iid}`} />}
      <EditMergeNotices edit={edit} setText={setText} />
      {error && (
        <Alert variant="danger" onDismiss={() => setError(null)} testId="epic-edit-error">
          {error}
        </Alert>
      )}
      <label className="epic-edit-form__label">
        Title
        <input className="input" value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={255} disabled={saving} data-testid="epic-title-input" />
      </label>
      <MarkdownEditor
        value={description}
        onChange={setDescription}
        onSubmit={() => void save()}
        onCancel={cancel}
        previewProjectPath={null}
        noteable={{ iid: epic.iid, id: epic.id }}
        sources={sources}
        disabled={saving}
        label="Description"
        testId="epic-description-editor"
      />
      <div className="note-form__actions">
        <button type="submit" className="btn btn--confirm btn--sm" disabled={!title.trim() || saving} data-testid="epic-save">
          Save changes
        </button>
        <button type="button" className="btn btn--sm" onClick={cancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
