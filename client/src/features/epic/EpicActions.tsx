import { useState } from 'react';
import { CONFIDENTIALITY_TEXTS as C, EPIC_TEXTS, TEXTS, type ApiEpic } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { updateEpicAtom } from './epicAtoms';
import { deleteEpic, setEpicConfidential } from './epicQueries';

/**
 * The epic page's confidentiality toggle (who may update the epic; the confirmation words the
 * sidebar's) and Delete (owners; 'Delete this epic and all descendants?'), each the epic API's
 * write, so other pages follow through the epic's events.
 */
export function EpicActions({ epic, epicKey, groupPath, canUpdate, canDestroy }: { epic: ApiEpic; epicKey: string; groupPath: string; canUpdate: boolean; canDestroy: boolean }) {
  const [confirm, setConfirm] = useState<'confidential' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!canUpdate && !canDestroy) return null;

  async function toggleConfidential() {
    setBusy(true);
    setError(null);
    const done = await setEpicConfidential(groupPath, epic.iid, !epic.confidential).catch(() => ({ epic: null, error: EPIC_TEXTS.updateFailed }));
    setBusy(false);
    if (done.epic) updateEpicAtom(appStore, epicKey, (e) => ({ ...e, ...done.epic! }));
    else setError(done.error);
  }

  async function remove() {
    setBusy(true);
    setError(null);
    const gone = await deleteEpic(groupPath, epic.iid).catch(() => false);
    setBusy(false);
    if (gone) window.location.assign(`/groups/${groupPath}/-/epics`);
    else setError(TEXTS.errorDeleting('epic'));
  }

  return (
    <div className="epic-page__actions" data-testid="epic-actions">
      {canUpdate && (
        <button type="button" className="btn btn--sm" disabled={busy} onClick={() => setConfirm('confidential')} data-testid="epic-confidentiality">
          {C.title}: {epic.confidential ? C.turnOff : C.turnOn}
        </button>
      )}
      {canDestroy && (
        <button type="button" className="btn btn--sm btn--danger" disabled={busy} onClick={() => setConfirm('delete')} data-testid="epic-delete">
          Delete epic
        </button>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'delete' ? 'Delete epic' : C.title}
        message={confirm === 'delete' ? TEXTS.confirmDeleteEpic : epic.confidential ? C.warnTurnOff('epic') : C.warnTurnOn('epic')}
        confirmLabel={confirm === 'delete' ? 'Delete epic' : epic.confidential ? C.turnOff : C.turnOn}
        danger={confirm === 'delete'}
        onConfirm={() => {
          const which = confirm;
          setConfirm(null);
          void (which === 'delete' ? remove() : toggleConfidential());
        }}
        onOpenChange={(o) => !o && setConfirm(null)}
      />
    </div>
  );
}
