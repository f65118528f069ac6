import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EXCERPT_LINES, excerptLines, isTextPosition, type ApiDiffFile, type ApiDiffLine, type ApiDiffLineDiscussion, type ApiDiffPosition, type ApiDiffRefs, type MergeRequestDiffsResponse } from '@tandem/shared-types';
import { AppError } from '../../../core/errors/app-error';
import { mergeRequestNoteableAbilities } from '../../../core/policy/merge-request-permissions';
import type { Actor } from '../../../core/policy/policy';
import { mergeRequestFacts } from '../merge-request.loader';
import { blobLines, diffLines, sha1 } from './diff-lines';

/** The most of a file read for a thread's excerpt on a line outside the hunks. */
const EXCERPT_BLOB_BYTES = 10 * 1024 * 1024;
/** The most of a renamed file read for "Show file contents". */
const RENAMED_BLOB_BYTES = 10 * 1024 * 1024;
import { RepositoryService, type DiffFile, type DiffOptions } from '../../repository';
import type { LoadedMergeRequest } from '../merge-request.loader';
import { presentDiffFile } from './diff-presenter';
import { sourceHeadIn } from '../merge-request-source';

/** Where a thread sits: its file (both paths) and its line on each side (null on the side it is not on). */
const lineDiscussionKey = (oldPath: string, newPath: string, oldLine: number | null, newLine: number | null) => `${oldPath}\0${newPath}\0${oldLine ?? ''}\0${newLine ?? ''}`;

/** Presented diffs kept (GitLab's Gitlab::Diff::HighlightCache): a diff between two commits never changes. */
const PRESENTED_CACHE_SIZE = 16;

/** A merge request's commit range and diff, through the repository port. */
@Injectable()
export class MergeRequestDiffs {
  /** Highlighted files by project path, base, head, whitespace and expanded files; least recently used first. */
  private readonly presented = new Map<string, ApiDiffFile[]>();
  /** Presentations being computed, by key: callers asking meanwhile wait for the same one. */
  private readonly building = new Map<string, Promise<ApiDiffFile[]>>();

  constructor(
    private readonly repos: RepositoryService,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  /** A diff thread's excerpt at its own position's shas (its file's diff from base to head), or 404. */
  async discussionLines(actor: Actor | null, l: LoadedMergeRequest, discussionId: string): Promise<ApiDiffLine[]> {
    const [note] = (await this.ds.query(
      `SELECT position, internal FROM notes WHERE noteable_type = 'MergeRequest' AND noteable_id = $1 AND discussion_id = $2 AND position IS NOT NULL ORDER BY created_at, id LIMIT 1`,
      [l.mr.id, discussionId],
    )) as Array<{ position: ApiDiffPosition | string; internal: boolean }>;
    if (!note || (note.internal && !mergeRequestNoteableAbilities(actor, l.facts, mergeRequestFacts(l.mr)).readInternalNote)) throw new AppError('NOT_FOUND', '404 Discussion Not Found');
    const p = (typeof note.position === 'string' ? JSON.parse(note.position) : note.position) as ApiDiffPosition;
    // An image thread shows its image and badge, no lines
    if (!isTextPosition(p)) return [];
    const repo = await this.repos.open(l.project.id);
    if (!(await repo.resolve(p.base_sha)) || !(await repo.resolve(p.head_sha))) return [];
    const file = (await repo.diff(p.base_sha, p.head_sha)).find((f) => f.newPath === p.new_path && f.oldPath === p.old_path);
    if (!file) return [];
    const lines = excerptLines(diffLines(file.diff, file.newPath, sha1(file.newPath)), p.old_line, p.new_line, EXCERPT_LINES, p.line_range?.start.line_code ?? null);
    if (lines.length || p.old_line === null || p.new_line === null || file.binary) return lines;
    // An unchanged line outside the hunks (commented after context expansion): the file's own lines
    const blob = await repo.blob(p.head_sha, p.new_path, EXCERPT_BLOB_BYTES);
    return blobLines(blob.content.toString('utf8'), p.new_path, Math.max(1, p.new_line - EXCERPT_LINES + 1), p.new_line, p.new_line - p.old_line);
  }

  /**
   * The files with each line's threads (GitLab's line `discussions`): the diff threads the viewer
   * may read, not outdated, whose position is on this version (its head) and on that line of that
   * file, oldest first, by id. The presented lines are shared (cached): only lines with threads
   * are copied (the others keep the presenter's empty list). One statement.
   */
  async withLineDiscussions<F extends ApiDiffFile>(actor: Actor | null, l: LoadedMergeRequest, files: F[], refs: ApiDiffRefs): Promise<F[]> {
    if (!files.length || !refs.head_sha) return files;
    const rows = (await this.ds.query(
      `SELECT DISTINCT ON (discussion_id) discussion_id, position, internal, created_at, id FROM notes
        WHERE noteable_type = 'MergeRequest' AND noteable_id = $1 AND position IS NOT NULL AND NOT position_outdated AND position->>'head_sha' = $2
        ORDER BY discussion_id, created_at, id`,
      [l.mr.id, refs.head_sha],
    )) as Array<{ discussion_id: string; position: ApiDiffPosition | string; internal: boolean; created_at: Date; id: number }>;
    const readInternal = mergeRequestNoteableAbilities(actor, l.facts, mergeRequestFacts(l.mr)).readInternalNote;
    const byLine = new Map<string, ApiDiffLineDiscussion[]>();
    const filesWithThreads = new Set<string>();
    const visible = rows.filter((r) => readInternal || !r.internal).sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || Number(a.id) - Number(b.id));
    for (const r of visible) {
      const p = (typeof r.position === 'string' ? JSON.parse(r.position) : r.position) as ApiDiffPosition;
      // An image thread sits on its image, not on a line
      if (!isTextPosition(p)) continue;
      const k = lineDiscussionKey(p.old_path, p.new_path, p.old_line, p.new_line);
      byLine.set(k, [...(byLine.get(k) ?? []), { id: r.discussion_id }]);
      filesWithThreads.add(`${p.old_path}\0${p.new_path}`);
    }
    return files.map((f) => {
      if (!filesWithThreads.has(`${f.old_path}\0${f.new_path}`)) return f;
      const lines = f.highlighted_diff_lines.map((line) => {
        const found = line.type === 'match' || line.type.endsWith('nonewline') ? undefined : byLine.get(lineDiscussionKey(f.old_path, f.new_path, line.type === 'new' ? null : line.old_line, line.type === 'old' ? null : line.new_line));
        return found ? { ...line, discussions: found } : line;
      });
      return { ...f, highlighted_diff_lines: lines };
    });
  }

  /** Merge base of target and head (the merged head, and the base it was merged onto, once merged). */
  async range(l: LoadedMergeRequest): Promise<{ base: string | null; head: string | null }> {
    const repo = await this.repos.open(l.project.id);
    const head = l.mr.state === 'merged' ? l.mr.headSha : ((await sourceHeadIn(repo, l.mr)) ?? l.mr.headSha);
    if (!head || !(await repo.resolve(head))) return { base: null, head: null };
    if (l.mr.state === 'merged' && l.mr.mergeCommitSha) {
      const merge = await repo.commit(l.mr.mergeCommitSha);
      const first = merge?.parentIds.length && merge.parentIds.length > 1 ? merge.parentIds[0]! : null;
      return { base: first ? await repo.mergeBase(first, head) : null, head };
    }
    const target = await repo.branch(l.mr.targetBranch);
    return { base: target ? await repo.mergeBase(target.commit.id, head) : null, head };
  }

  async diffs(l: LoadedMergeRequest, opts: DiffOptions = {}): Promise<DiffFile[]> {
    const { base, head } = await this.range(l);
    if (!head || !base || base === head) return [];
    return (await this.repos.open(l.project.id)).diff(base, head, opts);
  }

  /**
   * The Changes tab's files: highlighted lines, viewers, raw paths and binary sizes. Files over
   * the collapse limit come without lines unless named in `expand` (file hashes).
   */
  async present(l: LoadedMergeRequest, opts: { ignoreWhitespace: boolean; expand?: ReadonlySet<string> }): Promise<MergeRequestDiffsResponse> {
    const { base, head } = await this.range(l);
    const refs = { base_sha: base, start_sha: base, head_sha: head };
    if (!head || !base || base === head) return { diff_files: [], diff_refs: refs, whitespace_hidden: opts.ignoreWhitespace };
    const key = [l.project.id, l.project.fullPath, base, head, opts.ignoreWhitespace ? 'w' : '', [...(opts.expand ?? [])].sort().join(',')].join(':');
    const cached = this.presented.get(key);
    if (cached) {
      this.presented.delete(key);
      this.presented.set(key, cached);
      return { diff_files: cached, diff_refs: refs, whitespace_hidden: opts.ignoreWhitespace };
    }
    // One computation for the calls that ask at once (a review's diff notes are planned together)
    let building = this.building.get(key);
    if (!building) {
      building = this.build(l, base, head, opts).finally(() => this.building.delete(key));
      this.building.set(key, building);
    }
    const diffFiles = await building;
    this.presented.set(key, diffFiles);
    if (this.presented.size > PRESENTED_CACHE_SIZE) this.presented.delete(this.presented.keys().next().value!);
    return { diff_files: diffFiles, diff_refs: refs, whitespace_hidden: opts.ignoreWhitespace };
  }

  private async build(l: LoadedMergeRequest, base: string, head: string, opts: { ignoreWhitespace: boolean; expand?: ReadonlySet<string> }): Promise<ApiDiffFile[]> {
    const repo = await this.repos.open(l.project.id);
    const files = await repo.diff(base, head, { ignoreWhitespace: opts.ignoreWhitespace });
    const sizes = new Map<string, number>();
    // Files that may go on past their last hunk: their new side's line count (one git process)
    const counted = files.filter((f) => !f.binary && !f.newFile && f.diff && f.newBlobId).map((f) => f.newBlobId!);
    const [lineCounts] = await Promise.all([
      repo.blobLineCounts(counted),
      ...files
        .filter((f) => f.binary)
        .flatMap((f) => [
          f.newFile ? null : repo.blob(base, f.oldPath, 1).then((b) => sizes.set(`old:${f.oldPath}`, b.size)),
          f.deletedFile ? null : repo.blob(head, f.newPath, 1).then((b) => sizes.set(`new:${f.newPath}`, b.size)),
        ]),
    ]);
    // "Show file contents" of a renamed file without changes: its whole text at the head
    const renamedContents = new Map<string, string>();
    await Promise.all(
      files
        .filter((f) => f.renamedFile && !f.binary && !f.diff && opts.expand?.has(sha1(f.newPath)))
        .map((f) => repo.blob(head, f.newPath, RENAMED_BLOB_BYTES).then((b) => renamedContents.set(f.newPath, b.content.toString('utf8')))),
    );
    const diffFiles: ApiDiffFile[] = files.map((f) => presentDiffFile(f, { projectPath: l.project.fullPath, baseSha: base, headSha: head, sizes, lineCounts, renamedContents }, opts.expand));
    return diffFiles;
  }
}
