import { useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { formatDayDate, localYmd, sortMilestones, TAXONOMY_TEXTS, type ApiIssueMilestone } from '@tandem/shared-types';
import { SidebarBlock } from '../../sidebar/SidebarBlock';
import { milestoneTooltip } from '../../sidebar/widgets/MilestoneWidget';
import { SearchableDropdown, useDropdownSearch } from '../../sidebar/widgets/SearchableDropdown';
import { fetchMilestones, milestoneListKey } from '../../sidebar/widgets/taxonomyApi';
import { useDismiss } from '../../sidebar/widgets/useDismiss';
import { setMergeRequestMilestone } from './mergeRequestSidebarApi';
import '../../sidebar/widgets/taxonomyWidgets.css';

/**
 * The merge request's milestone (its dates as a tooltip); editors pick one of the project's and
 * its groups' active milestones (expired last, by due date) or 'No milestone', saved through
 * mergeRequestSetMilestone.
 */
export function MergeRequestMilestoneBlock({ milestone, projectPath, iid, canUpdate, onSaved }: { milestone: ApiIssueMilestone | null; projectPath: string; iid: number; canUpdate: boolean; onSaved(): void }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { search, setSearch, term, reset } = useDropdownSearch(0);
  const list = useQuery({ queryKey: milestoneListKey(projectPath, term), queryFn: ({ signal }) => fetchMilestones(projectPath, term, signal), enabled: open, placeholderData: keepPreviousData });
  useDismiss(rootRef, open, () => setOpen(false));

  const choose = async (id: number | null) => {
    if (id === (milestone?.id ?? null)) return setOpen(false);
    setSaving(true);
    setError(null);
    try {
      const errors = await setMergeRequestMilestone(projectPath, iid, id);
      if (errors.length) return setError(TAXONOMY_TEXTS.milestoneUpdateFailed);
      setOpen(false);
      onSaved();
    } catch {
      setError(TAXONOMY_TEXTS.milestoneUpdateFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div ref={rootRef}>
      <SidebarBlock
        title={TAXONOMY_TEXTS.milestoneTitle}
        icon={<Clock size={16} />}
        testId="mr-sidebar-milestone"
        collapsed={{ text: milestone?.title ?? TAXONOMY_TEXTS.none }}
        edit={canUpdate ? { open, onToggle: () => (reset(), setOpen((v) => !v)) } : undefined}
      >
        {milestone ? (
          <a href={milestone.web_url} title={milestoneTooltip(milestone)} data-testid="mr-milestone" className={milestone.expired ? 'text-danger' : undefined}>
            {milestone.title}
            {milestone.expired && ' (expired)'}
          </a>
        ) : (
          <span className="muted">{TAXONOMY_TEXTS.none}</span>
        )}
        {open && (
          <SearchableDropdown
            testId="mr-milestone-dropdown"
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
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </SidebarBlock>
    </div>
  );
}
