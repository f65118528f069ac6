import { useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { formatDayDate, localYmd, sortMilestones, TAXONOMY_TEXTS, type ApiIssueMilestone } from '@tandem/shared-types';
import { FieldError } from '../../../shared/ui/FieldError';
import { SidebarBlock } from '../SidebarBlock';
import { fetchMilestones, milestoneListKey } from './taxonomyApi';
import { SearchableDropdown, useDropdownSearch } from './SearchableDropdown';
import { useDismiss } from './useDismiss';
import './taxonomyWidgets.css';

/** The milestone tooltip: its start and due dates ('d mmm, yyyy'). */
export function milestoneTooltip(m: Pick<ApiIssueMilestone, 'start_date' | 'due_date'>): string {
  const parts = [m.start_date ? `Start date: ${formatDayDate(m.start_date)}` : null, m.due_date ? `Due date: ${formatDayDate(m.due_date)}` : null].filter(Boolean);
  return parts.length ? parts.join('\n') : 'No dates';
}

export interface MilestoneBlockProps {
  milestone: ApiIssueMilestone | null;
  projectPath: string;
  editable: boolean;
  testIds: { block: string; value: string; dropdown: string };
  /** Saves the choice (null: none); resolves true once saved, which closes the dropdown. */
  save(id: number | null): Promise<boolean>;
  saving: boolean;
  error: string | null;
}

/**
 * A noteable's milestone (issues and merge requests): its dates as a tooltip; editors pick from
 * the project's and its groups' active milestones (expired last, by due date, undated after
 * dated), search them, or choose 'No milestone' to remove it; choosing the current one does nothing.
 */
export function MilestoneBlock({ milestone, projectPath, editable, testIds, save, saving, error }: MilestoneBlockProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const { search, setSearch, term, reset } = useDropdownSearch(0);
  const list = useQuery({ queryKey: milestoneListKey(projectPath, term), queryFn: ({ signal }) => fetchMilestones(projectPath, term, signal), enabled: open, placeholderData: keepPreviousData });
  useDismiss(rootRef, open, () => setOpen(false));

  const choose = async (id: number | null) => {
    if (id === (milestone?.id ?? null) || (await save(id))) setOpen(false);
  };

  return (
    <div ref={rootRef}>
      <SidebarBlock
        title={TAXONOMY_TEXTS.milestoneTitle}
        icon={<Clock size={16} />}
        testId={testIds.block}
        collapsed={{ text: milestone?.title ?? TAXONOMY_TEXTS.none }}
        edit={editable ? { open, onToggle: () => (reset(), setOpen((v) => !v)) } : undefined}
      >
        {milestone ? (
          <a href={milestone.web_url} title={milestoneTooltip(milestone)} data-testid={testIds.value} className={milestone.expired ? 'text-danger' : undefined}>
            {milestone.title}
            {milestone.expired && ' (expired)'}
          </a>
        ) : (
          <span className="muted">{TAXONOMY_TEXTS.none}</span>
        )}
        {open && (
          <SearchableDropdown
            testId={testIds.dropdown}
            searchLabel="Search milestones"
            listLabel={TAXONOMY_TEXTS.milestoneTitle}
            noneLabel={TAXONOMY_TEXTS.noMilestone}
            items={sortMilestones(list.data ?? [], localYmd(new Date()))}
            currentId={milestone?.id ?? null}
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
        <FieldError message={error} />
      </SidebarBlock>
    </div>
  );
}
