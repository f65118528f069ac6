import { useRef, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { PROJECT_PICKER_TEXTS } from '@tandem/shared-types';
import { useDebouncedSearch } from '../../shared/search/useDebouncedSearch';
import { ComboboxList } from '../../shared/ui/ComboboxList';
import { useDismiss } from '../sidebar/widgets/useDismiss';
import { fetchGroupProjects, type PickedProject } from './projectPickerApi';
import { readRecentProject, saveRecentProject } from './recentProject';
import './projectPicker.css';

/** The project search waits for typing to pause. */
export const PROJECT_SEARCH_DEBOUNCE_MS = 250;

interface NewItemInProjectButtonProps {
  groupPath: string;
  /** 'issue': the resource in texts and the storage key. */
  resourceType: string;
  /** 'New issue'. */
  label: string;
  /** Where the item is created, under the project's path: '-/issues/new'. */
  newPath: string;
}

/**
 * A "new item in project" split button (spec: Project picker): the main part reads
 * '{label} in {project name}' and opens the new-item page of the chosen project, or 'Select
 * project to create {resource}' and opens the picker; the toggle lists the group's projects
 * where the item can be created. The choice is remembered per group and resource type.
 */
export function NewItemInProjectButton({ groupPath, resourceType, label, newPath }: NewItemInProjectButtonProps) {
  const [chosen, setChosen] = useState<PickedProject | null>(() => readRecentProject(groupPath, resourceType));
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const root = useRef<HTMLDivElement>(null);
  useDismiss(root, open, () => setOpen(false));

  const found = useDebouncedSearch<PickedProject[]>(open ? search : null, (term, signal) => fetchGroupProjects(groupPath, term, signal), { debounceMs: PROJECT_SEARCH_DEBOUNCE_MS });
  const projects = found.data;
  const failed = found.error;

  const choose = (p: PickedProject) => {
    setChosen(p);
    saveRecentProject(groupPath, resourceType, p);
    setOpen(false);
    setSearch('');
  };

  return (
    <div className="project-picker" ref={root}>
      <div className="project-picker__split">
        {chosen ? (
          <a className="btn btn--confirm project-picker__main" href={`/${chosen.path}/${newPath}`} data-testid="new-item-in-project">
            {PROJECT_PICKER_TEXTS.withProject(label, chosen.name)}
          </a>
        ) : (
          <button type="button" className="btn btn--confirm project-picker__main" onClick={() => setOpen(true)} data-testid="new-item-in-project">
            {PROJECT_PICKER_TEXTS.noProject(resourceType)}
          </button>
        )}
        <button type="button" className="btn btn--confirm project-picker__toggle" aria-label={PROJECT_PICKER_TEXTS.toggle} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          <ChevronDown size={14} aria-hidden="true" />
        </button>
      </div>
      {open && (
        <div className="project-picker__menu">
          <ComboboxList<PickedProject>
            inputLabel={PROJECT_PICKER_TEXTS.search}
            placeholder={PROJECT_PICKER_TEXTS.search}
            inputClassName="input"
            listLabel={PROJECT_PICKER_TEXTS.toggle}
            items={projects ?? []}
            itemKey={(p) => p.path}
            itemLabel={(p) => p.name_with_namespace}
            isChosen={(p) => chosen?.path === p.path}
            renderItem={(p) => p.name_with_namespace}
            inputValue={search}
            onInputValueChange={setSearch}
            onSelect={choose}
            busy={found.loading}
          >
            {failed && <p className="field-error">{PROJECT_PICKER_TEXTS.fetchFailed}</p>}
            {projects && !projects.length && !failed && <p className="muted">{PROJECT_PICKER_TEXTS.noMatches}</p>}
          </ComboboxList>
        </div>
      )}
    </div>
  );
}
