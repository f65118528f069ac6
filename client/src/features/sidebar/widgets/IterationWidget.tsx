import { useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { iterationDates, TAXONOMY_TEXTS, type ApiIssueIteration } from '@tandem/shared-types';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { FieldError } from '../../../shared/ui/FieldError';
import { SidebarBlock } from '../SidebarBlock';
import { useIssueFieldUpdate } from '../useIssueFieldUpdate';
import { fetchIterations, iterationListKey } from './taxonomyApi';
import { SearchableDropdown, useDropdownSearch } from './SearchableDropdown';
import { useDismiss } from './useDismiss';
import './taxonomyWidgets.css';

/** The spec's iteration search debounce. */
export const ITERATION_SEARCH_DEBOUNCE_MS = 250;

interface IterationWidgetProps {
  issueKey: string;
  endpoint: string;
  projectPath: string;
  editable: boolean;
}

const iterationName = (it: ApiIssueIteration) => it.title ?? iterationDates(it);

/**
 * Iteration: the issue's iteration with its cadence and dates; editors pick one of the
 * group's opened iterations (search debounced 250 ms), 'No iteration' clears, reselecting the
 * current one does nothing. Saved through the page's PUT.
 */
export function IterationWidget({ issueKey, endpoint, projectPath, editable }: IterationWidgetProps) {
  const issue = useAtomValue(issueAtomFamily(issueKey))!;
  const current = issue.iteration ?? null;
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const { search, setSearch, term, reset } = useDropdownSearch(ITERATION_SEARCH_DEBOUNCE_MS);
  const { save, saving, error } = useIssueFieldUpdate(issueKey, endpoint, projectPath, TAXONOMY_TEXTS.iterationFailed);
  const list = useQuery({ queryKey: iterationListKey(projectPath, term), queryFn: ({ signal }) => fetchIterations(projectPath, term, signal), enabled: open, placeholderData: keepPreviousData });
  useDismiss(rootRef, open, () => setOpen(false));

  const choose = async (id: number | null) => {
    // Reselecting the current value does nothing
    if (id === (current?.id ?? null) || (await save({ iteration_id: id }))) setOpen(false);
  };

  return (
    <div ref={rootRef}>
      <SidebarBlock
        title={TAXONOMY_TEXTS.iterationTitle}
        icon={<RefreshCw size={16} />}
        testId="sidebar-iteration"
        edit={editable ? { open, onToggle: () => (reset(), setOpen((v) => !v)) } : undefined}
      >
        {current ? (
          <span data-testid="iteration-value">
            <span className="sidebar-dropdown__meta muted">{current.iteration_cadence.title}</span>
            <a href={current.web_url}>{iterationName(current)}</a>
            {current.title && <span className="sidebar-dropdown__meta muted">{iterationDates(current)}</span>}
          </span>
        ) : (
          <span className="muted">{TAXONOMY_TEXTS.none}</span>
        )}
        {open && (
          <SearchableDropdown
            testId="iteration-dropdown"
            searchLabel="Search iterations"
            listLabel={TAXONOMY_TEXTS.iterationTitle}
            noneLabel={TAXONOMY_TEXTS.noIteration}
            items={list.data ?? []}
            currentId={current?.id ?? null}
            saving={saving}
            search={search}
            onSearch={setSearch}
            onChoose={(id) => void choose(id)}
            renderItem={(it) => (
              <>
                <span className="sidebar-dropdown__meta muted">{it.iteration_cadence.title}</span>
                {iterationName(it)}
                {it.title && <span className="sidebar-dropdown__meta muted">{iterationDates(it)}</span>}
              </>
            )}
            fetchError={list.isError ? TAXONOMY_TEXTS.iterationsFetchFailed : null}
          />
        )}
        <FieldError message={error} />
      </SidebarBlock>
    </div>
  );
}
