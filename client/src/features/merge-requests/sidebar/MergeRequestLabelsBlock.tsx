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
import { setMergeRequestLabels } from './mergeRequestSidebarApi';
import { useMergeRequestSave } from './useMergeRequestSave';
import '../../sidebar/widgets/taxonomyWidgets.css';

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.some((y) => y.toLowerCase() === x.toLowerCase()));

/**
 * The merge request's labels: coloured (scoped ones as key|value); editors toggle the project's
 * and its groups' labels, saved when the dropdown closes through mergeRequestSetLabels.
 */
export function MergeRequestLabelsBlock({ labels, projectPath, iid, canUpdate, onSaved }: { labels: readonly string[]; projectPath: string; iid: number; canUpdate: boolean; onSaved(): void }) {
  const colors = useProjectLabels(projectPath);
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const { run, saving, error, setError } = useMergeRequestSave(TAXONOMY_TEXTS.labelsUpdateFailed, onSaved);
  const list = useQuery({ queryKey: labelListKey(projectPath), queryFn: ({ signal }) => fetchLabelList(projectPath, signal), enabled: open, staleTime: 30_000 });
  const all = useMemo<ApiLabel[]>(() => list.data ?? [], [list.data]);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q ? all.filter((l) => l.name.toLowerCase().includes(q)) : all;
  }, [all, search]);

  const close = async () => {
    setOpen(false);
    if (sameSet(draft, labels)) return;
    const ids = draft.flatMap((title) => all.filter((l) => l.name.toLowerCase() === title.toLowerCase()).map((l) => l.id));
    await run(() => setMergeRequestLabels(projectPath, iid, ids));
  };
  useDismiss(rootRef, open, () => void close());
  const toggle = (name: string) => setDraft((d) => (d.some((x) => x.toLowerCase() === name.toLowerCase()) ? d.filter((x) => x.toLowerCase() !== name.toLowerCase()) : [...d, name]));

  return (
    <div ref={rootRef}>
      <SidebarBlock
        title={TAXONOMY_TEXTS.labelsTitle}
        icon={<Tag size={16} />}
        testId="mr-sidebar-labels"
        collapsed={{ text: String(labels.length), tooltip: collapsedLabelsTooltip(labels) }}
        edit={canUpdate ? { open, onToggle: () => (open ? void close() : (setDraft([...labels]), setSearch(''), setError(null), setOpen(true))) } : undefined}
      >
        {open && (
          <div className="sidebar-dropdown" data-testid="mr-labels-dropdown">
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
