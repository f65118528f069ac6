import { useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { formatDayDate, localYmd, sortMilestones, TAXONOMY_TEXTS, type ApiIssueMilestone } from '@tandem/shared-types';
import { issueAtomFamily } from '../../issue/issueAtoms';
import { SidebarBlock } from '../SidebarBlock';
import { useIssueFieldUpdate } from '../useIssueFieldUpdate';
import { fetchMilestones, milestoneListKey } from './taxonomyApi';
import { SearchableDropdown, useDropdownSearch } from './SearchableDropdown';
import { useDismiss } from './useDismiss';
import './taxonomyWidgets.css';

interface MilestoneWidgetProps {
  issueKey: string;
  endpoint: string;
  projectPath: string;
  editable: boolean;
}

/** The milestone tooltip: its start and due dates ('d mmm, yyyy'). */
export function milestoneTooltip(m: Pick<ApiIssueMilestone, 'start_date' | 'due_date'>): string {
  const parts = [m.start_date ? `Start date: ${formatDayDate(m.start_date)}` : null, m.due_date ? `Due date: ${formatDayDate(m.due_date)}` : null].filter(Boolean);
  return parts.length ? parts.join('\n') : 'No dates';
}

/**
 * Milestone: the issue's milestone with its dates as a tooltip; editors pick from the
 * project's and its groups' active milestones (expired last, by due date, undated after
 * dated), search them, or choose 'No milestone' to remove it. Saved through the page's PUT.
 */
export function MilestoneWidget({ issueKey, endpoint, projectPath, editable }: MilestoneWidgetProps) {
  const issue = useAtomValue(issueAtomFamily(issueKey))!;
  const current = issue.milestone;
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const { search, setSearch, term, reset } = useDropdownSearch(0);
  const { save, saving, error } = useIssueFieldUpdate(issueKey, endpoint, projectPath, TAXONOMY_TEXTS.milestoneUpdateFailed);
  const list = useQuery({
    queryKey: milestoneListKey(projectPath, term),
    queryFn: ({ signal }) => fetchMilestones(projectPath, term, signal),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  useDismiss(rootRef, open, () => setOpen(false));
  const today = localYmd(new Date());

  const choose = async (id: number | null) => {
    if (id === (current?.id ?? null) || (await save({ milestone_id: id }))) setOpen(false);
  };

  return (
    <div ref={rootRef}>
      <SidebarBlock
        title={TAXONOMY_TEXTS.milestoneTitle}
        icon={<Clock size={16} />}
        testId="sidebar-milestone"
        collapsed={{ text: current?.title ?? TAXONOMY_TEXTS.none }}
        edit={editable ? { open, onToggle: () => (reset(), setOpen((v) => !v)) } : undefined}
      >
        {current ? (
          <a href={current.web_url} title={milestoneTooltip(current)} data-testid="milestone-value" className={current.expired ? 'text-danger' : undefined}>
            {current.title}
            {current.expired && ' (expired)'}
          </a>
        ) : (
          <span className="muted">{TAXONOMY_TEXTS.none}</span>
        )}
        {open && (
          <SearchableDropdown
            testId="milestone-dropdown"
            searchLabel="Search milestones"
            listLabel={TAXONOMY_TEXTS.milestoneTitle}
            noneLabel={TAXONOMY_TEXTS.noMilestone}
            items={sortMilestones(list.data ?? [], today)}
            currentId={current?.id ?? null}
            saving={saving}
            search={search}
            onSearch={setSearch}
            onChoose={(id) => void choose(id)}
            itemTitle={milestoneTooltip}
            renderItem={(m) => (
              <>
                {m.title}
                {m.due_date && <span className="sidebar-dropdown__meta muted">{m.expired ? `Expired ${formatDayDate(m.due_date)}` : `Due ${formatDayDate(m.due_date)}`}</span>}
              </>
            )}
            fetchError={list.isError ? TAXONOMY_TEXTS.milestonesFetchFailed : null}
          />
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </SidebarBlock>
    </div>
  );
}
