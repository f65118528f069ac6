import { useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'lucide-react';
import { collapsedLabelsTooltip, TAXONOMY_TEXTS } from '@tandem/shared-types';
import { appStore } from '../../../shared/store';
import { ComboboxList } from '../../../shared/ui/ComboboxList';
import { issueAtomFamily, updateIssueAtom } from '../../issue/issueAtoms';
import { useProjectLabels } from '../../labels/projectLabels';
import { FieldError } from '../../../shared/ui/FieldError';
import { SidebarBlock } from '../SidebarBlock';
import { fetchLabelList, labelListKey, updateIssueLabels, type ApiLabel } from './taxonomyApi';
import { LabelCreateForm, toggleLabelChoice } from './LabelCreateForm';
import { ScopedLabelBadge } from './ScopedLabelBadge';
import { useDismiss } from './useDismiss';
import './taxonomyWidgets.css';

interface LabelsWidgetProps {
  issueKey: string;
  projectPath: string;
  editable: boolean;
}

/** Labels that differ from `a` to `b` (case-sensitive, as titles are shown). */
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * Labels: the issue's labels (scoped ones as key|value); editors open a dropdown of the
 * project's and its groups' labels with search, multiselect (a scoped label replaces its
 * sibling of the same scope) and a create form. The selection is saved when the dropdown
 * closes (Apply, Escape, a click outside) through GraphQL updateIssue(addLabelIds, removeLabelIds).
 */
export function LabelsWidget({ issueKey, projectPath, editable }: LabelsWidgetProps) {
  const issue = useAtomValue(issueAtomFamily(issueKey))!;
  const colors = useProjectLabels(projectPath);
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const list = useQuery({ queryKey: labelListKey(projectPath), queryFn: ({ signal }) => fetchLabelList(projectPath, signal), enabled: open, staleTime: 30_000 });
  const labels = useMemo(() => list.data ?? [], [list.data]);
  const changed = open && !sameSet(draft, issue.labels);

  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q ? labels.filter((l) => l.name.toLowerCase().includes(q)) : labels;
  }, [labels, search]);

  const colorOf = (name: string) => {
    const l = labels.find((x) => x.name === name);
    return l ? { color: l.color, text_color: l.text_color, description: l.description } : colors[name];
  };

  const openDropdown = () => {
    setDraft(issue.labels);
    setSearch('');
    setCreating(false);
    setError(null);
    setOpen(true);
  };

  const close = async () => {
    setOpen(false);
    setCreating(false);
    if (sameSet(draft, issue.labels)) return;
    const idOf = (name: string) => {
      const matches = labels.filter((l) => l.name === name);
      return (matches.find((l) => l.is_project_label) ?? matches[0])?.id;
    };
    const add = draft.filter((n) => !issue.labels.includes(n)).map(idOf).filter((id): id is number => id !== undefined);
    const remove = issue.labels.filter((n) => !draft.includes(n)).map(idOf).filter((id): id is number => id !== undefined);
    setSaving(true);
    try {
      const res = await updateIssueLabels(projectPath, issue.iid, add, remove);
      if (!res.titles) {
        setError(res.errors[0] ? `${TAXONOMY_TEXTS.labelsUpdateFailed} ${res.errors[0]}` : TAXONOMY_TEXTS.labelsUpdateFailed);
        return;
      }
      const titles = res.titles;
      updateIssueAtom(appStore, issueKey, (cur) => ({ ...cur, labels: titles }));
    } catch {
      setError(TAXONOMY_TEXTS.labelsUpdateFailed);
    } finally {
      setSaving(false);
    }
  };

  useDismiss(rootRef, open, () => void close());

  const toggle = (name: string) => setDraft((cur) => toggleLabelChoice(cur, name));

  return (
    <div ref={rootRef}>
      <SidebarBlock
        title={TAXONOMY_TEXTS.labelsTitle}
        icon={<Tag size={16} />}
        testId="sidebar-labels"
        collapsed={{ text: String(issue.labels.length), tooltip: collapsedLabelsTooltip(issue.labels) }}
        edit={editable ? { open, onToggle: () => (open ? void close() : openDropdown()), label: changed ? 'Apply' : 'Edit' } : undefined}
      >
        {(open ? draft : issue.labels).length ? (
          <div className="label-list">
            {(open ? draft : issue.labels).map((l) => (
              <ScopedLabelBadge key={l} name={l} color={colorOf(l)} />
            ))}
          </div>
        ) : (
          <span className="muted">{TAXONOMY_TEXTS.none}</span>
        )}
        {open && (
          <div className="sidebar-dropdown" data-testid="labels-dropdown">
            <span className="sidebar-dropdown__toggle" data-testid="labels-dropdown-text">
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
                  items={list.isError || list.isPending ? [] : shown}
                  itemKey={(l) => String(l.id)}
                  itemLabel={(l) => l.name}
                  isChosen={(l) => draft.includes(l.name)}
                  renderItem={(l) => <ScopedLabelBadge name={l.name} color={{ color: l.color, text_color: l.text_color, description: l.description }} />}
                  inputValue={search}
                  onInputValueChange={setSearch}
                  onSelect={(l) => toggle(l.name)}
                  multiple
                  busy={list.isPending}
                >
                  {list.isError ? (
                    <p className="field-error" role="alert">
                      {TAXONOMY_TEXTS.labelsFetchFailed}
                    </p>
                  ) : list.isPending ? (
                    <p className="muted">Loading…</p>
                  ) : shown.length === 0 ? (
                    <p className="muted">No matching results</p>
                  ) : null}
                </ComboboxList>
                {editable && (
                  <div className="sidebar-dropdown__footer">
                    <button type="button" className="link-button" onClick={() => setCreating(true)}>
                      {TAXONOMY_TEXTS.createLabel}
                    </button>
                  </div>
                )}
              </>
            )}
          </div>
        )}
        {saving && <span className="muted">Saving…</span>}
        <FieldError message={error} />
      </SidebarBlock>
    </div>
  );
}
