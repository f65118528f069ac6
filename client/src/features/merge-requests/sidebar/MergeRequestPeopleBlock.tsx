import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Check, RotateCcw, UserRound, Users } from 'lucide-react';
import { ASSIGNEE_AVATAR_SIZE, PEOPLE_TEXTS, REVIEWER_LIMITS, REVIEWER_TEXTS, type MergeRequestSidebarReviewer, type MergeRequestSidebarUser } from '@tandem/shared-types';
import { Avatar } from '../../../shared/ui/Avatar';
import { PeopleBlock } from '../../sidebar/people/PeopleBlock';
import { canRerequest, collapsedCount, collapsedTooltip, personTooltip, sortByCanMerge } from './reviewerRules';
import { rerequestReview, searchProjectMembers, setMergeRequestPeople } from './mergeRequestSidebarApi';
import { fetchMergeRequestParticipants, mergeRequestParticipantsKey } from '../mergeRequestPeopleApi';
import { offeredWithParticipants } from '../../sidebar/people/assigneeRules';

type Person = MergeRequestSidebarUser & Partial<Pick<MergeRequestSidebarReviewer, 'reviewed' | 'review_state'>>;

interface MergeRequestPeopleBlockProps {
  kind: 'assignees' | 'reviewers';
  people: readonly Person[];
  projectPath: string;
  iid: number;
  /** update_merge_request: edit the list, assign yourself, re-request reviews. */
  canUpdate: boolean;
  /** After a save: the page reads the merge request again (the event does the same for everyone else). */
  onSaved(): void;
}

const TEXTS = {
  assignees: { header: PEOPLE_TEXTS.assigneeHeader, failed: PEOPLE_TEXTS.updateAssigneesFailed, saveFailed: PEOPLE_TEXTS.saveAssigneesFailed, testId: 'mr-sidebar-assignees', list: 'Assignees' },
  reviewers: { header: REVIEWER_TEXTS.header, failed: REVIEWER_TEXTS.saveFailed, saveFailed: REVIEWER_TEXTS.saveFailed, testId: 'mr-sidebar-reviewers', list: 'Reviewers' },
} as const;

/**
 * Re-request review per reviewer: loading, then the success check for 1.5 s, then idle again
 * (spec §4). Kept by the block, so the check stays its 1.5 s although the reviewer, no longer
 * "reviewed" once the page reads the merge request again, loses the button.
 */
function useRerequest(projectPath: string, iid: number, onSaved: () => void, onError: (text: string) => void) {
  const [states, setStates] = useState<Record<number, 'loading' | 'success'>>({});
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => clearTimeout(t));
  }, []);
  const set = (id: number, state: 'loading' | 'success' | null) =>
    setStates((s) => {
      const next = { ...s };
      if (state) next[id] = state;
      else delete next[id];
      return next;
    });
  const request = async (userId: number) => {
    set(userId, 'loading');
    const errors = await rerequestReview(projectPath, iid, userId).catch(() => [REVIEWER_TEXTS.saveFailed]);
    if (errors.length) {
      set(userId, null);
      onError(REVIEWER_TEXTS.saveFailed);
      return;
    }
    set(userId, 'success');
    clearTimeout(timers.current.get(userId));
    timers.current.set(userId, setTimeout(() => set(userId, null), REVIEWER_LIMITS.rereviewSuccessMs));
    onSaved();
  };
  return { states, request };
}

/**
 * The merge request's assignees or reviewers block (PeopleBlock): sorted with those who can merge
 * first, a warning icon and 'Cannot merge' for those who cannot; collapsed, the count (99+ past 99)
 * and a tooltip of five names, '+ N more' and the merge status; reviewers who have reviewed offer
 * 'Re-request review' to who may update. Edit searches the project's members, merged with the
 * merge request's participants matching the term (getMrParticipants, the participants block's
 * read), de-duplicated by username; with no term it offers the selection, then the participants.
 */
export function MergeRequestPeopleBlock({ kind, people, projectPath, iid, canUpdate, onSaved }: MergeRequestPeopleBlockProps) {
  const t = TEXTS[kind];
  const [rerequestError, setRerequestError] = useState<string | null>(null);
  const sorted = useMemo(() => sortByCanMerge(people), [people]);
  const rerequest = useRerequest(projectPath, iid, onSaved, setRerequestError);
  const save = async (usernames: string[]): Promise<string | null> => {
    setRerequestError(null);
    try {
      const errors = await setMergeRequestPeople(kind, projectPath, iid, usernames);
      if (errors.length) return `${t.failed} ${errors.join(' ')}`.trim();
      onSaved();
      return null;
    } catch {
      return t.saveFailed;
    }
  };
  const search = useCallback((term: string, signal: AbortSignal) => searchProjectMembers(projectPath, term, signal), [projectPath]);
  // Read when the dropdown first opens (the participants block shares the read)
  const [wantParticipants, setWantParticipants] = useState(false);
  const participants = useQuery({ queryKey: mergeRequestParticipantsKey(projectPath, iid), queryFn: () => fetchMergeRequestParticipants(projectPath, iid), enabled: wantParticipants, placeholderData: (prev) => prev });
  const offered = useMemo(() => offeredWithParticipants(participants.data?.participants ?? []), [participants.data]);

  return (
    <PeopleBlock<Person>
      title={t.header(people.length)}
      icon={kind === 'assignees' ? <UserRound size={16} /> : <Users size={16} />}
      testIds={{ block: t.testId, dropdown: `${t.testId}-dropdown`, list: `${t.testId}-list` }}
      listLabel={t.list}
      people={sorted}
      collapsed={{
        text: collapsedCount(people.length),
        tooltip: people.length ? collapsedTooltip(sorted) : t.header(0),
        // The merge status in the tooltip, flagged: someone here cannot merge (GitLab's collapsed list's warning icon)
        warning: sorted.some((p) => !p.can_merge) ? <AlertTriangle size={12} className="mr-person__warning" aria-hidden="true" data-testid={`${t.testId}-collapsed-warning`} /> : undefined,
      }}
      editable={canUpdate}
      save={save}
      offered={offered}
      onOpen={() => setWantParticipants(true)}
      search={search}
      otherError={rerequestError}
      renderPerson={(u) => (
        <li key={u.id} className="mr-person" data-username={u.username}>
          <a href={u.web_url} className="user-list__item" title={personTooltip(u)}>
            <Avatar user={u} size={ASSIGNEE_AVATAR_SIZE} decorative />
            <span>
              <span className="user-list__name">{u.name}</span> <span className="muted">@{u.username}</span>
            </span>
          </a>
          {!u.can_merge && (
            <span className="mr-person__warning" title={REVIEWER_TEXTS.cannotMerge} data-testid="cannot-merge">
              <AlertTriangle size={14} aria-label={REVIEWER_TEXTS.cannotMerge} />
            </span>
          )}
          {kind === 'reviewers' && rerequest.states[u.id] === 'success' ? (
            <Check size={16} className="mr-reviewer__rerequested" aria-label={REVIEWER_TEXTS.reRequested} data-testid="rerequest-success" />
          ) : (
            kind === 'reviewers' &&
            canRerequest(canUpdate, { reviewed: u.reviewed ?? false }) && (
              <button
                type="button"
                className="btn btn--icon btn--tertiary"
                aria-label={`${REVIEWER_TEXTS.reRequest} (${u.name})`}
                title={REVIEWER_TEXTS.reRequest}
                disabled={rerequest.states[u.id] === 'loading'}
                aria-busy={rerequest.states[u.id] === 'loading'}
                onClick={() => void rerequest.request(u.id)}
                data-testid="rerequest-review"
              >
                <RotateCcw size={14} aria-hidden="true" />
              </button>
            )
          )}
        </li>
      )}
    />
  );
}
