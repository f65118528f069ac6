import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { Layers } from 'lucide-react';
import { afterFirstColon, EPIC_SEARCH_DEBOUNCE_MS, EPIC_TEXTS } from '@tandem/shared-types';
import { useDebouncedValue } from '../../../shared/search/useDebouncedSearch';
import { appStore } from '../../../shared/store';
import { ComboboxList } from '../../../shared/ui/ComboboxList';
import { fetchGroupEpics, groupPathOf, setIssueEpic } from '../../epic/epicApi';
import { searchEpics, type EpicOption } from '../../epic/epicSearch';
import { issueAtomFamily, updateIssueAtom } from '../../issue/issueAtoms';
import { SidebarBlock } from '../SidebarBlock';
import './epicWidget.css';

interface EpicWidgetProps {
  issueKey: string;
  projectPath: string;
  iid: number;
  editable: boolean;
}

/** The first option, which removes the epic. */
const NO_EPIC = { noEpic: true } as const;
const isNoEpic = (e: EpicOption | typeof NO_EPIC): e is typeof NO_EPIC => e === NO_EPIC;

export const groupEpicsKey = (groupPath: string) => ['group-epics', groupPath] as const;

/**
 * The epic selector: the issue's epic (or None); who may change it opens a list of the group's
 * open epics with a search box (trimmed, debounced 250 ms; a number is an iid, anything else
 * fuzzy-matches title, reference and url) and 'No Epic' to remove it.
 */
export function EpicWidget({ issueKey, projectPath, iid, editable }: EpicWidgetProps) {
  const epic = useAtomValue(issueAtomFamily(issueKey))!.epic ?? null;
  const groupPath = groupPathOf(projectPath);
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const epics = useQuery({ queryKey: groupEpicsKey(groupPath ?? ''), queryFn: () => fetchGroupEpics(groupPath!), enabled: open && groupPath !== null, retry: false });

  const debounced = useDebouncedValue(term, EPIC_SEARCH_DEBOUNCE_MS);

  const shown = useMemo(() => searchEpics(epics.data ?? [], debounced), [epics.data, debounced]);

  const choose = async (next: EpicOption | null) => {
    if (saving) return;
    if ((next?.iid ?? null) === (epic ? String(epic.iid) : null) && (!next || next.webUrl === epic?.web_url)) {
      setOpen(false);
      return;
    }
    setSaving(true);
    setError(null);
    const failure = next ? EPIC_TEXTS.assignFailed : EPIC_TEXTS.removeFailed;
    try {
      const res = await setIssueEpic(projectPath, iid, next?.id ?? null);
      if (res.errors.length) {
        setError(next ? (afterFirstColon(res.errors[0]!) ?? failure) : failure);
        return;
      }
      updateIssueAtom(appStore, issueKey, (cur) => ({ ...cur, epic: res.epic, epic_iid: res.epic?.iid ?? null }));
      setOpen(false);
      setTerm('');
    } catch {
      setError(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <SidebarBlock title="Epic" icon={<Layers size={16} />} testId="sidebar-epic" edit={editable && groupPath ? { open, onToggle: () => setOpen((v) => !v) } : undefined}>
      {epic ? (
        <a href={epic.web_url} data-testid="epic-value" title={epic.reference}>
          {epic.title}
        </a>
      ) : (
        <span className="muted" data-testid="epic-value">
          None
        </span>
      )}
      {open && (
        <div className="epic-select" data-testid="epic-select">
          <ComboboxList<EpicOption | typeof NO_EPIC>
            inputLabel="Search epics"
            placeholder="Search epics"
            listLabel="Epics"
            items={[NO_EPIC, ...shown]}
            itemKey={(e) => (isNoEpic(e) ? 'none' : String(e.id))}
            itemLabel={(e) => (isNoEpic(e) ? EPIC_TEXTS.noEpic : e.title)}
            isChosen={(e) => (isNoEpic(e) ? !epic : epic !== null && e.webUrl === epic.web_url)}
            renderItem={(e) =>
              isNoEpic(e) ? (
                EPIC_TEXTS.noEpic
              ) : (
                <span>
                  {e.title} <span className="muted">{e.reference}</span>
                </span>
              )
            }
            inputValue={term}
            onInputValueChange={setTerm}
            onSelect={(e) => void choose(isNoEpic(e) ? null : e)}
            disabled={saving}
            onEscape={() => setOpen(false)}
          />
          {epics.isLoading && <p className="muted">Loading…</p>}
          {epics.isError && (
            <p className="field-error" role="alert">
              {EPIC_TEXTS.fetchFailed}
            </p>
          )}
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </SidebarBlock>
  );
}
