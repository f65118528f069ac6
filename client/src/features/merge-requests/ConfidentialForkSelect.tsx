import { useEffect, useState } from 'react';
import { MERGE_REQUEST_TEXTS as T, type ApiProject } from '@tandem/shared-types';
import { errorText } from '../../shared/api/http';
import { ComboboxList } from '../../shared/ui/ComboboxList';
import { fetchPrivateForks, forkPrivately } from './mergeRequestApi';

export type ForkChoice = Pick<ApiProject, 'id' | 'name_with_namespace' | 'path_with_namespace'>;

/**
 * The create-merge-request dropdown's project field for a confidential issue (GitLab's
 * confidential merge request project_form_group): the private forks the user may push to and
 * open merge requests in (spec §5, §6), the first one chosen; none: 'No forks are available to
 * you.' and a link that makes a private fork of the project in the user's namespace and chooses it.
 */
export function ConfidentialForkSelect({ projectPath, value, onChange }: { projectPath: string; value: ForkChoice | null; onChange(fork: ForkChoice | null): void }) {
  const [forks, setForks] = useState<ForkChoice[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [search, setSearch] = useState('');
  const [forking, setForking] = useState(false);
  const [forkError, setForkError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  useEffect(() => {
    let live = true;
    setFailed(false);
    fetchPrivateForks(projectPath)
      .then((list) => {
        if (!live) return;
        setForks(list);
        if (list[0]) onChange(list[0]);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
    // onChange is the parent's setter; the list is read again only after a fork is made
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projectPath, reload]);

  const fork = async () => {
    setForking(true);
    setForkError(null);
    const res = await forkPrivately(projectPath).catch(() => null);
    setForking(false);
    if (!res?.ok) {
      setForkError(errorText(res?.data, T.forksFailed));
      return;
    }
    setReload((n) => n + 1);
  };

  const term = search.trim().toLowerCase();
  const shown = (forks ?? []).filter((f) => !term || f.name_with_namespace.toLowerCase().includes(term) || f.path_with_namespace.toLowerCase().includes(term));
  return (
    <div className="create-mr-fork" data-testid="create-mr-fork">
      <span className="create-mr-fork__label">{T.forkProject}</span>
      {failed && (
        <p className="create-mr-check is-error" role="alert">
          {T.forksFailed}
        </p>
      )}
      {forks && forks.length > 0 && (
        <>
          <ComboboxList<ForkChoice>
            inputLabel={T.searchForks}
            placeholder={T.searchForks}
            listLabel={T.forkProject}
            items={shown}
            itemKey={(f) => String(f.id)}
            itemLabel={(f) => f.name_with_namespace}
            isChosen={(f) => value?.id === f.id}
            renderItem={(f) => f.name_with_namespace}
            inputValue={search}
            onInputValueChange={setSearch}
            onSelect={onChange}
            autoFocus={false}
          >
            {shown.length === 0 && <p className="create-mr-fork__empty">{T.noMatchingResults}</p>}
          </ComboboxList>
          <p className="create-mr-fork__help">{T.privateForkSelected}</p>
        </>
      )}
      {forks && forks.length === 0 && (
        <p className="create-mr-fork__help" data-testid="create-mr-no-forks">
          {T.noForks}
          <br />
          {T.forkHelpBefore}
          <button type="button" className="link-button" onClick={() => void fork()} disabled={forking} aria-busy={forking}>
            {T.forkLink}
          </button>
          {T.forkHelpAfter}
        </p>
      )}
      {forkError && (
        <p className="create-mr-check is-error" role="alert">
          {forkError}
        </p>
      )}
    </div>
  );
}
