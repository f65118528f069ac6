import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { ArrowRight } from 'lucide-react';
import { ASSIGNEE_SEARCH_DEBOUNCE_MS, PEOPLE_TEXTS, type ApiProject } from '@tandem/shared-types';
import { useDebouncedSearch } from '../../../shared/search/useDebouncedSearch';
import { ComboboxList } from '../../../shared/ui/ComboboxList';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { SidebarBlock } from '../SidebarBlock';
import { moveIssue, searchProjects } from '../people/peopleApi';
import './peopleWidgets.css';

interface MoveIssueWidgetProps {
  issueKey: string;
  projectPath: string;
  iid: number;
  /** May move it (admin_issue on this issue; the server checks the target too). */
  editable: boolean;
  /** Where a successful move goes (the new issue's page). */
  navigate?: (url: string) => void;
}

/** The move is allowed only with a chosen project of a positive id (spec §4, §5). */
export const canConfirmMove = (project: Pick<ApiProject, 'id'> | null, moving: boolean) => !moving && project !== null && project.id > 0;

/**
 * The move issue block: a moved issue links to where it went; otherwise who may move it opens
 * a project search (projects they are a member of), picks one and confirms; the button is
 * disabled and says so while moving, then the page goes to the new issue.
 */
export function MoveIssueWidget({ issueKey, projectPath, iid, editable, navigate = (url) => window.location.assign(url) }: MoveIssueWidgetProps) {
  const issue = useAtomValue(issueAtomFamily(issueKey))!;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<ApiProject | null>(null);
  const [moving, setMoving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const search = useDebouncedSearch<ApiProject[]>(open ? query.trim() : null, searchProjects, { debounceMs: ASSIGNEE_SEARCH_DEBOUNCE_MS });
  const projects = (search.data ?? []).filter((p) => p.path_with_namespace !== projectPath);
  const shownError = error ?? (search.error ? PEOPLE_TEXTS.projectsAutocompleteFailed : null);

  if (issue.moved_to_web_url) {
    return (
      <SidebarBlock title={PEOPLE_TEXTS.moveIssue} icon={<ArrowRight size={16} />} testId="sidebar-move">
        <p className="people-moved" data-testid="moved-to">
          {PEOPLE_TEXTS.movedTo} <a href={issue.moved_to_web_url}>{issue.moved_to_web_url.replace(/^https?:\/\/[^/]+\//, '').replace('/-/issues/', '#')}</a>
        </p>
      </SidebarBlock>
    );
  }
  if (!editable) return null;

  const confirm = async () => {
    if (!canConfirmMove(chosen, moving)) return;
    setMoving(true);
    setError(null);
    try {
      const res = await moveIssue(projectPath, iid, chosen!.path_with_namespace);
      if (res.errors.length || !res.webUrl) {
        setError(res.errors.length ? `${PEOPLE_TEXTS.moveFailed} ${res.errors.join(' ')}` : PEOPLE_TEXTS.moveFailed);
        setMoving(false);
        return;
      }
      navigate(res.webUrl);
    } catch {
      setError(PEOPLE_TEXTS.moveFailed);
      setMoving(false);
    }
  };

  return (
    <SidebarBlock title={PEOPLE_TEXTS.moveIssue} icon={<ArrowRight size={16} />} testId="sidebar-move" edit={{ open, onToggle: () => setOpen((o) => !o) }}>
      {open && (
        <div className="people-dropdown" data-testid="move-dropdown">
          <ComboboxList<ApiProject>
            inputLabel={PEOPLE_TEXTS.moveSearchProjects}
            placeholder={PEOPLE_TEXTS.moveSearchProjects}
            listLabel="Projects"
            items={projects}
            itemKey={(p) => String(p.id)}
            itemLabel={(p) => p.name_with_namespace}
            isChosen={(p) => chosen?.id === p.id}
            renderItem={(p) => p.name_with_namespace}
            inputValue={query}
            onInputValueChange={setQuery}
            onSelect={setChosen}
            busy={search.loading}
            onEscape={() => setOpen(false)}
          />
          <div className="people-move__actions">
            <button type="button" className="btn btn--small" onClick={() => setOpen(false)} disabled={moving}>
              Cancel
            </button>
            <button type="button" className="btn btn--small btn--confirm" disabled={!canConfirmMove(chosen, moving)} aria-busy={moving} onClick={() => void confirm()}>
              {moving ? 'Moving…' : PEOPLE_TEXTS.moveConfirm}
            </button>
          </div>
        </div>
      )}
      {shownError && (
        <p className="field-error" role="alert">
          {shownError}
        </p>
      )}
    </SidebarBlock>
  );
}
