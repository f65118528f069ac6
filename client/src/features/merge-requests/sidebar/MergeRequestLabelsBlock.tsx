import { useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'lucide-react';
import { collapsedLabelsTooltip, TAXONOMY_TEXTS } from '@tandem/shared-types';
import { ComboboxList } from '../../../shared/ui/ComboboxList';
import { FieldError } from '../../../shared/ui/FieldError';
import { useProjectLabels } from '../../labels/projectLabels';
import { SidebarBlock } from '../../sidebar/SidebarBlock';
import { ScopedLabelBadge } from '../../sidebar/widgets/ScopedLabelBadge';
import { fetchLabelList, labelListKey, type ApiLabel } from '../../sidebar/widgets/taxonomyApi';
import { useDismiss } from '../../sidebar/widgets/useDismiss';
import { LabelCreateForm, toggleLabelChoice } from '../../sidebar/widgets/LabelCreateForm';
import { setMergeRequestLabels } from './mergeRequestSidebarApi';
import { useMergeRequestSave } from './useMergeRequestSave';
import '../../sidebar/widgets/taxonomyWidgets.css';

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.some((y) => y.toLowerCase() === x.toLowerCase()));

/**
 * The merge request's labels: coloured (scoped ones as key|value); editors toggle the project's
 * and its groups' labels, saved when the dropdown closes through mergeRequestSetLabels: the ones
 * added (APPEND), then the ones taken off (REMOVE), so a label applied but not among the labels the
 * dropdown read (its first 100) is kept. The dropdown says what is chosen ('first +N more', 'Label'),
 * and Edit reads Apply while the choice differs from what is saved. A scoped label replaces its
 * sibling of the same scope; Create project label makes one and chooses it (the issue's form).
 */
export function MergeRequestLabelsBlock({ labels, projectPath, iid, canUpdate, onSaved }: { labels: readonly string[]; projectPath: string; iid: number; canUpdate: boolean; onSaved(): void }) {
  const colors = useProjectLabels(projectPath);
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const { run, saving, error, setError } = useMergeRequestSave(TAXONOMY_TEXTS.labelsUpdateFailed, onSaved);
  const list = useQuery({ queryKey: labelListKey(projectPath), queryFn: ({ signal }) => fetchLabelList(projectPath, signal), enabled: open, staleTime: 30_000 });
  const all = useMemo<ApiLabel[]>(() => list.data ?? [], [list.data]);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q ? all.filter((l) => l.name.toLowerCase().includes(q)) : all;
  }, [all, search]);

  const close = async () => {
    setOpen(false);
    setCreating(false);
    if (sameSet(draft, labels)) return;
    const has = (list: readonly string[], title: string) => list.some((x) => x.toLowerCase() === title.toLowerCase());
    const idsOf = (titles: readonly string[]) => titles.flatMap((title) => all.filter((l) => l.name.toLowerCase() === title.toLowerCase()).map((l) => l.id));
    const added = idsOf(draft.filter((t) => !has(labels, t)));
    const removed = idsOf(labels.filter((t) => !has(draft, t)));
    await run(async () => {
      const errors = added.length ? await setMergeRequestLabels(projectPath, iid, added, 'APPEND') : [];
      return errors.length || !removed.length ? errors : setMergeRequestLabels(projectPath, iid, removed, 'REMOVE');
    });
  };
  const changed = open && !sameSet(draft, labels);
  useDismiss(rootRef, open, () => void close());
  const toggle = (name: string) => setDraft((d) => toggleLabelChoice(d, name));

  return (
    <div ref={rootRef}>
      <SidebarBlock
        title={TAXONOMY_TEXTS.labelsTitle}
        icon={<Tag size={16} />}
        testId="mr-sidebar-labels"
        collapsed={{ text: String(labels.length), tooltip: collapsedLabelsTooltip(labels) }}
        edit={canUpdate ? { open, onToggle: () => (open ? void close() : (setDraft([...labels]), setSearch(''), setCreating(false), setError(null), setOpen(true))), label: changed ? 'Apply' : 'Edit' } : undefined}
      >
        {open && (
          <div className="sidebar-dropdown" data-testid="mr-labels-dropdown">
            <span className="sidebar-dropdown__toggle" data-testid="mr-labels-dropdown-text">
              {TAXONOMY_TEXTS.labelsSummary(draft)}
            </span>
            {creating ? (
              <LabelCreateForm
                projectPath={projectPath}
                onCreated={(created) => {
                  toggle(created.name);
                  setCreating(false);
                }}
                onCancel={() => setCreating(false)}
                onError={setError}
              />
            ) : (
              <>
                <ComboboxList<ApiLabel>
                  inputLabel="Search labels"
                  listLabel={TAXONOMY_TEXTS.labelsTitle}
                  items={shown}
                  itemKey={(l) => String(l.id)}
                  isChosen={(l) => draft.some((x) => x.toLowerCase() === l.name.toLowerCase())}
                  renderItem={(l) => <ScopedLabelBadge name={l.name} color={{ color: l.color, text_color: l.text_color, description: l.description }} />}
                  inputValue={search}
                  onInputValueChange={setSearch}
                  onSelect={(l) => toggle(l.name)}
                  multiple
                  busy={list.isFetching}
                  disabled={saving}
                >
                  <FieldError message={list.isError ? TAXONOMY_TEXTS.labelsFetchFailed : null} />
                </ComboboxList>
                <div className="sidebar-dropdown__footer">
                  <button type="button" className="link-button" onClick={() => setCreating(true)}>
                    {TAXONOMY_TEXTS.createLabel}
                  </button>
                </div>
              </>
            )}
          </div>
        )}
        {labels.length ? (
          <div className="label-list" data-testid="mr-labels">
            {labels.map((name) => (
              <ScopedLabelBadge key={name} name={name} color={colors[name]} />
            ))}
          </div>
        ) : (
          <span className="muted">{TAXONOMY_TEXTS.none}</span>
        )}
        <FieldError message={error} />
      </SidebarBlock>
    </div>
  );
}
