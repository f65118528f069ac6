import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { ChevronDown, ChevronRight, X } from 'lucide-react';
import { EPIC_TEXTS, type ApiEpic } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { IssueStatusBadge } from '../issue/IssueStatusBadge';
import { epicChildrenVersionAtomFamily } from './epicAtoms';
import { addChildEpic, createChildEpic, parseEpicRef, removeChildEpic, useChildEpics } from './epicQueries';

type Mode = 'existing' | 'new' | null;

/**
 * The epic's child epics as a tree (GitLab's related items tree): each child opens to show its
 * own children. Those who may edit the epic add an existing epic by reference, create a new
 * child, and remove a child. Every level refetches when the epic's `children_changed` event
 * bumps its version, so two pages on the same epic show the same tree.
 */
export function ChildEpicsTree({ epic, epicKey, editable }: { epic: ApiEpic; epicKey: string; editable: boolean }) {
  const version = useAtomValue(epicChildrenVersionAtomFamily(epicKey), { store: appStore });
  const q = useChildEpics(epic.group_id, epic.iid, version);
  const [mode, setMode] = useState<Mode>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const children = q.data ?? [];
  const groupPath = epic.references.full.slice(0, epic.references.full.lastIndexOf('&'));

  async function run(op: () => Promise<string | null>, fallback: string, after?: () => void) {
    setBusy(true);
    setError(null);
    const failed = await op().catch(() => fallback);
    setBusy(false);
    if (failed) setError(failed);
    else {
      after?.();
      appStore.set(epicChildrenVersionAtomFamily(epicKey), (v) => v + 1);
    }
  }

  const ref = mode === 'existing' ? parseEpicRef(text, groupPath) : null;
  const canSubmit = mode === 'existing' ? ref !== null : text.trim() !== '';
  return (
    <section className="epic-page__children" data-testid="child-epics">
      <h2 className="epic-page__issues-title">
        {EPIC_TEXTS.childEpics} {children.length}
      </h2>
      {children.length ? (
        <ul className="epic-tree" role="tree" aria-label={EPIC_TEXTS.childEpics}>
          {children.map((c) => (
            <ChildEpicNode key={c.id} epic={c} version={version} onRemove={editable ? () => void run(() => removeChildEpic(epic, c.id), EPIC_TEXTS.removeEpicsFailed) : null} busy={busy} />
          ))}
        </ul>
      ) : (
        q.data && <p className="muted">{EPIC_TEXTS.noChildEpics}</p>
      )}
      {editable && (
        <div className="epic-page__child-actions">
          <button type="button" className="btn btn--sm" aria-pressed={mode === 'existing'} onClick={() => { setMode(mode === 'existing' ? null : 'existing'); setText(''); setError(null); }}>
            {EPIC_TEXTS.addExistingEpic}
          </button>
          <button type="button" className="btn btn--sm" aria-pressed={mode === 'new'} onClick={() => { setMode(mode === 'new' ? null : 'new'); setText(''); setError(null); }}>
            {EPIC_TEXTS.addNewEpic}
          </button>
        </div>
      )}
      {editable && mode && (
        <form
          className="epic-page__add-issue"
          onSubmit={(e) => {
            e.preventDefault();
            if (!canSubmit) return;
            const done = () => {
              setText('');
              setMode(null);
            };
            if (mode === 'existing') void run(() => addChildEpic(epic, ref!), EPIC_TEXTS.addChildFailed, done);
            else void run(() => createChildEpic(epic, text.trim()), EPIC_TEXTS.addChildFailed, done);
          }}
        >
          <input
            className="input input--small"
            aria-label={mode === 'existing' ? 'Epic to add' : 'New epic title'}
            placeholder={mode === 'existing' ? "&12, group/path&12 or the epic's URL" : 'Title'}
            value={text}
            onChange={(e) => setText(e.target.value)}
            disabled={busy}
            maxLength={255}
          />
          <button type="submit" className="btn btn--sm btn--confirm" disabled={!canSubmit || busy}>
            {mode === 'existing' ? 'Add' : 'Create epic'}
          </button>
        </form>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** One child epic in the tree; opened, its own children below it (read-only: they are edited on their own epic's page). */
function ChildEpicNode({ epic, version, onRemove, busy }: { epic: ApiEpic; version: number; onRemove: (() => void) | null; busy: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <li role="treeitem" aria-expanded={open} aria-selected={false} data-testid="child-epic">
      <button type="button" className="btn btn--icon btn--tertiary" aria-label={`${open ? 'Hide' : 'Show'} child epics of ${epic.references.full}`} onClick={() => setOpen(!open)}>
        {open ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronRight size={14} aria-hidden="true" />}
      </button>{' '}
      <IssueStatusBadge state={epic.state} /> <a href={epic.web_url}>{epic.title}</a> <span className="muted">{epic.references.full}</span>
      {onRemove && (
        <button type="button" className="btn btn--icon btn--tertiary" aria-label={`Remove ${epic.references.full} from the epic`} disabled={busy} onClick={onRemove}>
          <X size={14} aria-hidden="true" />
        </button>
      )}
      {open && <ChildEpicLevel parent={epic} version={version} />}
    </li>
  );
}

function ChildEpicLevel({ parent, version }: { parent: ApiEpic; version: number }) {
  const q = useChildEpics(parent.group_id, parent.iid, version);
  if (!q.data) return null;
  if (!q.data.length) return <p className="muted epic-tree__empty">{EPIC_TEXTS.noChildEpics}</p>;
  return (
    <ul className="epic-tree" role="group">
      {q.data.map((c) => (
        <ChildEpicNode key={c.id} epic={c} version={version} onRemove={null} busy={false} />
      ))}
    </ul>
  );
}
