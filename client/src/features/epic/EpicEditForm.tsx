import { useState } from 'react';
import { EPIC_TEXTS, epicNoteablePaths, type ApiEpic } from '@tandem/shared-types';
import { MarkdownEditor } from '../../shared/markdown/MarkdownEditor';
import { appStore } from '../../shared/store';
import { Alert } from '../../shared/ui/Alert';
import { epicAtomFamily } from './epicAtoms';
import { updateEpicText } from './epicQueries';

/**
 * The epic page's title and description form (for those who may edit the epic). The
 * description box attaches and autocompletes for the epic's group, as its comment boxes do.
 * Saving writes the epic (REST PUT); a description change adds the "changed the description"
 * note with its version, which everyone watching sees live.
 */
export function EpicEditForm({ epic, epicKey, groupPath, onClose }: { epic: ApiEpic; epicKey: string; groupPath: string; onClose(): void }) {
  const [title, setTitle] = useState(epic.title);
  const [description, setDescription] = useState(epic.description ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sources = epicNoteablePaths(groupPath, epic.iid, epic.id);

  async function save() {
    if (!title.trim() || saving) return;
    setSaving(true);
    setError(null);
    const done = await updateEpicText(groupPath, epic.iid, { title, description }).catch(() => ({ epic: null, error: EPIC_TEXTS.updateFailed }));
    setSaving(false);
    if (!done.epic) return setError(done.error);
    appStore.set(epicAtomFamily(epicKey), (cur) => (cur ? { ...cur, ...done.epic } : done.epic));
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
        onCancel={onClose}
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
        <button type="button" className="btn btn--sm" onClick={onClose} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
