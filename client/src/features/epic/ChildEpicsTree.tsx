import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { ChevronDown, ChevronRight, X } from 'lucide-react';
import { EPIC_TEXTS, type ApiEpic } from '@tandem/shared-types';
import { appStore } from '../../shared/store';
import { IssueStatusBadge } from '../issue/IssueStatusBadge';
import { epicChildrenVersionAtomFamily } from './epicAtoms';
import { EpicIssuesEditor } from './EpicIssuesEditor';
import { addChildEpic, createChildEpic, parseEpicRef, removeChildEpic, useChildEpics, useEpicIssues } from './epicQueries';

type Mode = 'existing' | 'new' | null;

/** What every level of one tree shares: the tree's version (refetch on change), who may edit, and the bump after a write. */
interface TreeContext {
  version: number;
  editable: boolean;
  refresh: () => void;
}

const groupPathOf = (e: ApiEpic) => e.references.full.slice(0, e.references.full.lastIndexOf('&'));

/**
 * The epic's child epics as a tree (GitLab's related items tree): each child opens to show its
 * own child epics and issues, and every level is edited where it stands: those who may edit the
 * epic add an existing epic by reference, create a new child, add an issue, and remove either
 * (child epics live in the epic's group or its subgroups, where an editor of the epic is at least
 * the same role; the server checks each write). Every level refetches when the page's epic's
 * `children_changed` or `descendants_changed` event bumps the tree's version, so a change at any
 * depth by anyone shows on every open ancestor's page.
 */
export function ChildEpicsTree({ epic, epicKey, editable }: { epic: ApiEpic; epicKey: string; editable: boolean }) {
  const version = useAtomValue(epicChildrenVersionAtomFamily(epicKey), { store: appStore });
  const q = useChildEpics(epic.group_id, epic.iid, version);
  const tree: TreeContext = { version, editable, refresh: () => appStore.set(epicChildrenVersionAtomFamily(epicKey), (v) => v + 1) };
  return (
    <section className="epic-page__children" data-testid="child-epics">
      <h2 className="epic-page__issues-title">
        {EPIC_TEXTS.childEpics} {q.data?.length ?? 0}
      </h2>
      {q.data && <ChildEpicList parent={epic} epics={q.data} tree={tree} role="tree" />}
    </section>
  );
}

/** One level's child epics, or the spec's empty text, with the controls that add one to the level's epic. */
function ChildEpicList({ parent, epics, tree, role }: { parent: ApiEpic; epics: ApiEpic[]; tree: TreeContext; role: 'tree' | 'group' }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(op: () => Promise<string | null>, fallback: string): Promise<boolean> {
    setBusy(true);
    setError(null);
    const failed = await op().catch(() => fallback);
    setBusy(false);
    if (failed) setError(failed);
    else tree.refresh();
    return !failed;
  }

  return (
    <>
      {epics.length ? (
        <ul className="epic-tree" role={role} aria-label={role === 'tree' ? EPIC_TEXTS.childEpics : `${EPIC_TEXTS.childEpics} of ${parent.references.full}`}>
          {epics.map((c) => (
            <ChildEpicNode key={c.id} epic={c} tree={tree} busy={busy} onRemove={tree.editable ? () => void run(() => removeChildEpic(parent, c.id), EPIC_TEXTS.removeEpicsFailed) : null} />
          ))}
        </ul>
      ) : (
        <p className={role === 'tree' ? 'muted' : 'muted epic-tree__empty'}>{EPIC_TEXTS.noChildEpics}</p>
      )}
      {tree.editable && <AddChildEpic parent={parent} busy={busy} run={run} />}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** 'Add an existing epic' (by reference) and 'Add a new epic' (by title) under one epic. */
function AddChildEpic({ parent, busy, run }: { parent: ApiEpic; busy: boolean; run: (op: () => Promise<string | null>, fallback: string) => Promise<boolean> }) {
  const [mode, setMode] = useState<Mode>(null);
  const [text, setText] = useState('');
  const ref = mode === 'existing' ? parseEpicRef(text, groupPathOf(parent)) : null;
  const canSubmit = mode === 'existing' ? ref !== null : text.trim() !== '';
  const toggle = (m: Exclude<Mode, null>) => {
    setMode(mode === m ? null : m);
    setText('');
  };
  return (
    <>
      <div className="epic-page__child-actions">
        <button type="button" className="btn btn--sm" aria-pressed={mode === 'existing'} onClick={() => toggle('existing')}>
          {EPIC_TEXTS.addExistingEpic}
        </button>
        <button type="button" className="btn btn--sm" aria-pressed={mode === 'new'} onClick={() => toggle('new')}>
          {EPIC_TEXTS.addNewEpic}
        </button>
      </div>
      {mode && (
        <form
          className="epic-page__add-issue"
          onSubmit={(e) => {
            e.preventDefault();
            if (!canSubmit) return;
            const op = mode === 'existing' ? () => addChildEpic(parent, ref!) : () => createChildEpic(parent, text.trim());
            void run(op, EPIC_TEXTS.addChildFailed).then((ok) => {
              if (!ok) return;
              setText('');
              setMode(null);
            });
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
    </>
  );
}

/** One child epic in the tree; opened, its own child epics and issues below it, edited there as at the top. */
function ChildEpicNode({ epic, tree, onRemove, busy }: { epic: ApiEpic; tree: TreeContext; onRemove: (() => void) | null; busy: boolean }) {
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
      {open && <ChildEpicLevel parent={epic} tree={tree} />}
    </li>
  );
}

/** An opened child's level: its child epics and its issues, both refetched with the tree's version. */
function ChildEpicLevel({ parent, tree }: { parent: ApiEpic; tree: TreeContext }) {
  const epics = useChildEpics(parent.group_id, parent.iid, tree.version);
  const groupPath = groupPathOf(parent);
  const issues = useEpicIssues(groupPath, parent.iid, tree.version);
  if (!epics.data || !issues.data) return null;
  return (
    <div className="epic-tree__level" data-testid="epic-tree-level">
      <ChildEpicList parent={parent} epics={epics.data} tree={tree} role="group" />
      <div className="epic-tree__issues">
        <EpicIssuesEditor groupPath={groupPath} epicIid={parent.iid} issues={issues.data} editable={tree.editable} onChanged={tree.refresh} />
      </div>
    </div>
  );
}
