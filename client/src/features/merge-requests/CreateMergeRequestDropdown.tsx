import { useEffect, useState, type KeyboardEvent } from 'react';
import { ChevronDown } from 'lucide-react';
import { MERGE_REQUEST_TEXTS as T } from '@tandem/shared-types';
import { ConfidentialForkSelect, type ForkChoice } from './ConfidentialForkSelect';
import { createBranch, createMergeRequestFromIssue, fetchCanCreateBranch, fetchRefs } from './mergeRequestApi';
import { useRefCheck, type RefCheck } from './useRefCheck';
import './mergeRequests.css';

type Availability = 'checking' | 'available' | 'unavailable' | 'creating' | 'redirect';
type Action = 'merge_request' | 'branch';

const branchText: Record<RefCheck, string | null> = { valid: null, checking: T.checkingBranchName, available: T.branchAvailable, unavailable: T.branchTaken, failed: T.refLookupFailed };
const sourceText: Record<RefCheck, string | null> = { valid: null, checking: T.checkingSource, available: T.sourceAvailable, unavailable: T.sourceNotAvailable, failed: T.refLookupFailed };

/** Navigates the page (a seam for tests). */
export const navigation = { go: (url: string) => window.location.assign(url) };

/**
 * The issue's create-merge-request dropdown (spec issue-page.md §4, §5): the server says whether
 * a branch can be made (can_create_branch) and suggests `<iid>-<title>`; the menu creates the
 * merge request and branch, or only the branch, from a source checked against the refs (500 ms
 * debounce), then goes to the returned url. Every state and failure text is the spec's. For a
 * confidential issue of a project that is not private (`privateForkRequired`) the branch and the
 * merge request go to a private fork chosen in the menu, and nothing is created without one.
 */
export function CreateMergeRequestDropdown({
  projectPath,
  iid,
  issueState,
  privateForkRequired = false,
}: {
  projectPath: string;
  iid: number;
  issueState: string;
  privateForkRequired?: boolean;
}) {
  const [availability, setAvailability] = useState<Availability>('checking');
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [action, setAction] = useState<Action>('merge_request');
  const [branch, setBranch] = useState('');
  const [suggested, setSuggested] = useState('');
  const [source, setSource] = useState('');
  const [defaultRef, setDefaultRef] = useState('main');
  const [fork, setFork] = useState<ForkChoice | null>(null);
  // Branch and source are checked against the repository they go to: the fork's for a confidential issue
  const refsPath = privateForkRequired ? (fork?.path_with_namespace ?? projectPath) : projectPath;

  useEffect(() => {
    let live = true;
    setAvailability('checking');
    fetchCanCreateBranch(projectPath, iid)
      .then((r) => {
        if (!live) return;
        setSuggested(r.suggested_branch_name);
        setAvailability(r.can_create_branch ? 'available' : 'unavailable');
      })
      .catch(() => {
        if (!live) return;
        setError(T.checkRelatedBranchesFailed);
        setAvailability('unavailable');
      });
    return () => {
      live = false;
    };
    // The spec rechecks after the issue's state changes
  }, [projectPath, iid, issueState]);

  useEffect(() => {
    let live = true;
    fetchRefs(refsPath, '')
      .then((r) => live && setDefaultRef(r.Branches.includes('main') ? 'main' : (r.Branches[0] ?? 'main')))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [refsPath]);

  const branchCheck = useRefCheck(refsPath, branch, 'free');
  const sourceCheck = useRefCheck(refsPath, source, 'exists', setSource);
  const valid = (c: RefCheck) => c === 'valid' || c === 'available';
  const canCreate = availability === 'available' && valid(branchCheck) && valid(sourceCheck) && (!privateForkRequired || fork !== null);

  const create = async (what: Action) => {
    if (!canCreate) return;
    const name = branch.trim() || suggested;
    const ref = source.trim() || defaultRef;
    setAvailability('creating');
    setError(null);
    const into = privateForkRequired ? fork?.id : undefined;
    const res = await (what === 'branch' ? createBranch(projectPath, iid, name, ref, into) : createMergeRequestFromIssue(projectPath, iid, name, ref, into)).catch(() => null);
    if (!res?.ok || !res.data?.url) {
      setError(what === 'branch' ? T.createBranchFailed : T.createMergeRequestFailed);
      setAvailability('available');
      return;
    }
    setAvailability('redirect');
    navigation.go(res.data.url);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void create(action);
    }
  };
  const busy = availability === 'checking' || availability === 'creating' || availability === 'redirect';
  const disabled = availability !== 'available' || busy;
  const label = action === 'branch' ? T.createBranch : T.createMergeRequest;
  return (
    <div className="create-mr" data-testid="create-mr-dropdown" data-state={availability}>
      <button type="button" className="btn btn-confirm" disabled={disabled || !canCreate} aria-busy={busy} onClick={() => void create(action)} data-testid="create-mr-button">
        {availability === 'checking' ? 'Checking branch availability…' : availability === 'creating' ? 'Creating…' : label}
      </button>
      <button type="button" className="btn btn-confirm" disabled={disabled} aria-expanded={open} aria-label="Create merge request options" onClick={() => setOpen((o) => !o)} data-testid="create-mr-toggle">
        <ChevronDown size={14} aria-hidden="true" />
      </button>
      {open && !disabled && (
        <div className="create-mr-menu" role="dialog" aria-label="Create merge request options">
          {privateForkRequired && <ConfidentialForkSelect projectPath={projectPath} value={fork} onChange={setFork} />}
          <label>
            <input type="radio" name="create-mr-action" checked={action === 'merge_request'} onChange={() => setAction('merge_request')} /> {T.createMergeRequestAndBranch}
          </label>
          <label>
            <input type="radio" name="create-mr-action" checked={action === 'branch'} onChange={() => setAction('branch')} /> {T.createBranch}
          </label>
          <label htmlFor="create-mr-branch">Branch name</label>
          <input id="create-mr-branch" data-testid="create-mr-branch" value={branch} placeholder={suggested} onChange={(e) => setBranch(e.target.value)} onKeyDown={onKey} />
          {branchText[branchCheck] && <p className={`create-mr-check ${branchCheck === 'unavailable' || branchCheck === 'failed' ? 'is-error' : branchCheck === 'available' ? 'is-ok' : ''}`} data-testid="create-mr-branch-check">{branchText[branchCheck]}</p>}
          <label htmlFor="create-mr-source">Source (branch or tag)</label>
          <input id="create-mr-source" data-testid="create-mr-source" value={source} placeholder={defaultRef} onChange={(e) => setSource(e.target.value)} onKeyDown={onKey} />
          {sourceText[sourceCheck] && <p className={`create-mr-check ${sourceCheck === 'unavailable' || sourceCheck === 'failed' ? 'is-error' : sourceCheck === 'available' ? 'is-ok' : ''}`} data-testid="create-mr-source-check">{sourceText[sourceCheck]}</p>}
          <button type="button" className="btn btn-confirm" disabled={!canCreate} onClick={() => void create(action)} data-testid="create-mr-submit">
            {label}
          </button>
        </div>
      )}
      {error && (
        <p className="create-mr-check is-error" role="alert" data-testid="create-mr-error">
          {error}
        </p>
      )}
    </div>
  );
}
