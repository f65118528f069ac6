import { groupOfStreamPath } from '@tandem/shared-types';

/** An issue or epic a system note names, with its path resolved from where the note lives. */
export interface CrossReference {
  kind: 'issue' | 'epic' | 'merge_request' | 'commit';
  /** The project (issue, merge request, commit) or group (epic) full path. */
  path: string;
  /** 0 for a commit: what must be readable is its project's code. */
  iid: number;
}

/** Where a note lives, for references without a path (#12 in the issue's project, &3 in its group). */
export interface ReferenceBase {
  projectPath?: string;
  groupPath?: string;
}

const PATH = String.raw`[A-Za-z0-9_.][A-Za-z0-9_.\-/]*`;
const ISSUE_REF = String.raw`(${PATH})?#(\d{1,10})`;
const EPIC_REF = String.raw`(${PATH})?&(\d{1,10})`;
const MR_REF = String.raw`(${PATH})?!(\d{1,10})`;
const COMMIT_REF = String.raw`(?:(${PATH})@)?([0-9a-f]{7,40})`;

/**
 * The system notes that name another issue or epic (system-notes.ts: relatedIssue,
 * unrelatedIssue, movedTo/From, the epic notes), GitLab's cross-reference notes
 * (SystemNoteMetadata::TYPES_WITH_CROSS_REFERENCES: relate, unrelate, moved, epic_issue_*).
 * A whole-body match, so user text inside other notes (escaped titles, checklist items) never
 * reads as one. The unit test runs every writer through these.
 */
const CROSS_REFERENCE_NOTES: ReadonlyArray<{ re: RegExp; kind: CrossReference['kind'] }> = [
  { re: new RegExp(`^marked this issue as (?:related to|blocking|blocked by) ${ISSUE_REF}$`), kind: 'issue' },
  { re: new RegExp(`^removed the relation with ${ISSUE_REF}$`), kind: 'issue' },
  { re: new RegExp(`^moved (?:to|from) ${ISSUE_REF}$`), kind: 'issue' },
  { re: new RegExp(`^(?:added issue|removed issue|promoted from issue) ${ISSUE_REF}$`), kind: 'issue' },
  { re: new RegExp(`^(?:added to epic|changed epic to|removed from epic|promoted to epic) ${EPIC_REF}$`), kind: 'epic' },
  // merge-request-links.ts: a merge request's notes on the issues it names or closes
  { re: new RegExp(`^(?:mentioned in|closed via) merge request ${MR_REF}$`), kind: 'merge_request' },
  // commit-mentions.ts: a pushed commit's message named the issue
  { re: new RegExp(`^mentioned in commit ${COMMIT_REF}$`), kind: 'commit' },
];

/** The base of a noteable's stream path (an event's `issue.project_path`): a project, or `groups/<path>` for an epic. */
export function referenceBaseOfStream(streamPath: string): ReferenceBase {
  const group = groupOfStreamPath(streamPath);
  return group !== null ? { groupPath: group } : { projectPath: streamPath };
}

/**
 * What a note names that a viewer must be able to read to see it: empty for every note but the
 * cross-reference system notes. A reference that cannot be resolved (no base for a short one)
 * comes back with an empty path, which no reader finds: such a note stays hidden (fail closed).
 */
export function crossReferencesOf(n: { system: boolean; note: string }, base: ReferenceBase): CrossReference[] {
  if (!n.system) return [];
  for (const { re, kind } of CROSS_REFERENCE_NOTES) {
    const m = re.exec(n.note);
    if (!m) continue;
    const fallback = kind !== 'epic' ? base.projectPath : (base.groupPath ?? parentOf(base.projectPath));
    return [{ kind, path: m[1] ?? fallback ?? '', iid: kind === 'commit' ? 0 : Number(m[2]) }];
  }
  return [];
}

const parentOf = (projectPath: string | undefined) => (projectPath && projectPath.includes('/') ? projectPath.slice(0, projectPath.lastIndexOf('/')) : undefined);

/** A stable key of a reference (paths compare case-insensitively). */
export const referenceKey = (r: CrossReference) => `${r.kind}:${r.path.toLowerCase()}:${r.iid}`;
