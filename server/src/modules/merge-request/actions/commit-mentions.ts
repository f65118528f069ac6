import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { MarkdownService } from '../../../core/markdown/markdown.service';
import { canProject, type Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { issueNoteable } from '../../issue/issue-context';
import { IssueLoader, type LoadedIssue } from '../../issue/issue.loader';
import { CrossReferenceVisibility } from '../../note/cross-reference-visibility';
import { writeSystemNotes } from '../../note/note-writer';
import type { SystemNoteText } from '../../note/system-notes';
import { ProjectService } from '../../project/project.service';
import { RepositoryService, ZERO_OID, type CommitInfo, type GitRepository, type RefsChangedEvent, type RefUpdate } from '../../repository';
import { toUserBasic } from '../../user/user.mapper';
import { USER_COLUMNS, userFromRow, type UserRow } from '../../user/user.row';
import { issueMentions } from '../merge-request.store';

/** GitLab's cross-reference note for a commit: its short sha, with its project's path when the issue lives elsewhere. */
export const commitMentionNote = (commitProjectPath: string, issueProjectPath: string, sha: string): SystemNoteText => ({
  body: `mentioned in commit ${commitProjectPath.toLowerCase() === issueProjectPath.toLowerCase() ? '' : `${commitProjectPath}@`}${sha.slice(0, 8)}`,
  icon: 'comment-dots',
});

/** The commits a push looks at per moved branch (GitLab's PROCESS_COMMIT_LIMIT). */
const COMMITS_PER_REF = 100;

/**
 * GitLab's ProcessCommitWorker, its cross-reference part: every commit a push brings to a branch
 * whose message names an issue (#N, group/project#N) leaves "mentioned in commit <short sha>"
 * on that issue (another project's commit: "mentioned in commit group/project@<short sha>"),
 * once per commit however many branches bring it, live (note.created on the issue's stream).
 * The pusher writes the note, and only on issues they may read; a reader of the issue who may
 * not read the commit's code does not see it (the 'commit' cross-reference reader below).
 * Merge commits and seeded history are not looked at (Tandem wrote their messages itself).
 */
@Injectable()
export class CommitMentionsAction implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly repos: RepositoryService,
    private readonly projects: ProjectService,
    private readonly issues: IssueLoader,
    private readonly markdown: MarkdownService,
    private readonly events: EventLogService,
    private readonly crossReferences: CrossReferenceVisibility,
  ) {}

  onModuleInit(): void {
    this.repos.onRefsChanged((e) => this.record(e));
    // "mentioned in commit [path@]sha" on an issue: hidden from who may not read that project's code
    this.crossReferences.register('commit', (actor, refs) =>
      Promise.all(refs.map((r) => this.projects.findReadable(actor, r.path).then(({ facts }) => canProject(actor, 'read_code', facts), () => false))),
    );
  }

  async record(e: RefsChangedEvent): Promise<void> {
    if (e.actorId === null || e.source === 'merge' || e.source === 'seed') return;
    const branches = e.updates.filter((u) => u.ref.startsWith('refs/heads/') && u.newSha !== ZERO_OID);
    if (!branches.length) return;
    const [userRow] = (await this.ds.query(`SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1`, [e.actorId])) as UserRow[];
    const [projectRow] = (await this.ds.query('SELECT full_path FROM projects WHERE id = $1', [e.projectId])) as Array<{ full_path: string }>;
    if (!userRow || !projectRow) return;
    const user = userFromRow(userRow);
    const actor: Actor = { id: user.id, username: user.username, isAdmin: user.isAdmin, scopes: null };
    const repo = await this.repos.open(e.projectId);
    const commits = new Map<string, CommitInfo>();
    for (const u of branches) for (const c of await this.newCommits(repo, u)) commits.set(c.id, c);

    // Oldest first, so an issue's notes follow the history; each issue looked up (and its access checked) once
    const found = new Map<string, Promise<LoadedIssue | null>>();
    const planned: Array<{ issue: LoadedIssue; text: SystemNoteText }> = [];
    for (const c of [...commits.values()].reverse()) {
      const seen = new Set<number>();
      for (const ref of issueMentions(c.message)) {
        const path = ref.path ?? projectRow.full_path;
        const key = `${path.toLowerCase()}#${ref.iid}`;
        if (!found.has(key)) found.set(key, this.issues.findReadable(actor, path, ref.iid).catch(() => null));
        const issue = await found.get(key)!;
        if (!issue || seen.has(issue.issue.id)) continue;
        seen.add(issue.issue.id);
        planned.push({ issue, text: commitMentionNote(projectRow.full_path, issue.project.fullPath, c.id) });
      }
    }
    if (!planned.length) return;
    const author = toUserBasic(user, this.config.publicUrl);
    const env = { markdown: this.markdown, publicUrl: this.config.publicUrl };
    await this.events.transaction(async (tx) => {
      for (const { issue, text } of planned) {
        // Once per commit: a branch pushed again, or a second branch with the same commit, adds nothing
        const [dup] = (await tx.manager.query(`SELECT 1 AS one FROM notes WHERE noteable_type = 'Issue' AND noteable_id = $1 AND system AND note = $2 LIMIT 1`, [issue.issue.id, text.body])) as unknown[];
        if (dup) continue;
        await writeSystemNotes(tx, env, issueNoteable(issue.issue, issue.project), issue.project.id, author, [text], issue.project.fullPath);
      }
    });
  }

  /** What a moved branch brought: old..new, or for a new branch what the default branch does not have (newest first). */
  private async newCommits(repo: GitRepository, u: RefUpdate): Promise<CommitInfo[]> {
    try {
      if (u.oldSha !== ZERO_OID) return await repo.commits({ ref: u.newSha, from: u.oldSha, perPage: COMMITS_PER_REF });
      const defaultRef = `refs/heads/${await repo.defaultBranch()}`;
      const base = defaultRef !== u.ref ? await repo.resolve(defaultRef) : null;
      return await repo.commits({ ref: u.newSha, from: base ?? undefined, perPage: COMMITS_PER_REF });
    } catch {
      // An old sha git no longer has (a force push after gc): nothing to tell
      return [];
    }
  }
}
