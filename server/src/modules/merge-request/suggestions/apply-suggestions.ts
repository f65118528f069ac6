import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  applySuggestionLines,
  noteSuggestions,
  parseSuggestionBlocks,
  suggestionCommitMessage,
  suggestionPlace,
  SUGGESTION_TEXTS,
  VALIDATION,
  type ApiSuggestion,
  type StoredSuggestion,
} from '@tandem/shared-types';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { AppError, ValidationError } from '../../../core/errors/app-error';
import { canApplySuggestion } from '../../../core/policy/merge-request-permissions';
import type { Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { ResolveNoteAction } from '../../note/actions/resolve-note';
import { Note } from '../../note/note.entity';
import { NoteFinder } from '../../note/note.finder';
import { targetNoteMap } from '../../note/note-target';
import { toApiNote } from '../../note/note.mapper';
import { RepositoryError, RepositoryService, type FileAction } from '../../repository';
import { toUserBasic } from '../../user/user.mapper';
import { User } from '../../user/user.entity';
import { MergeRequestNoteTargets, type MergeRequestNoteTarget } from '../discussions/merge-request-note-target';
import { MergeRequestLoader, mergeRequestFacts } from '../merge-request.loader';
import { forkSourceFacts } from '../merge-request-source';

const refuse = (message: string): never => {
  throw new AppError('SUGGESTION_NOT_APPLICABLE', message);
};

interface Picked {
  id: number;
  note: Note;
  index: number;
  suggestion: ApiSuggestion;
}

/**
 * Applies code suggestions (GitLab's Suggestions::ApplyService): one, or a batch as ONE commit on
 * the merge request's source branch, written through the repository port with the applier as
 * author and each other suggester as a Co-authored-by trailer. The commit lands only if the branch
 * head is still the one read (else "A file has been changed."); each suggestion's lines must still
 * hold what it replaced (else the spec's "this line was changed" text); merged and closed merge
 * requests, applied suggestions and deleted branches are refused with GitLab's texts. Then, in one
 * transaction: the notes' suggestions are marked applied (note.updated) and their threads resolved.
 */
@Injectable()
export class ApplySuggestionsAction {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly targets: MergeRequestNoteTargets,
    private readonly repos: RepositoryService,
    private readonly loader: MergeRequestLoader,
    private readonly events: EventLogService,
    private readonly notes: NoteFinder,
    private readonly resolve: ResolveNoteAction,
  ) {}

  async execute(actor: Actor | null, ids: readonly number[], commitMessage: string | null): Promise<ApiSuggestion[]> {
    if (!actor) throw new AppError('UNAUTHORIZED');
    const places = ids.map((id) => ({ id, ...suggestionPlace(id) }));
    const noteRows = places.length ? await this.ds.getRepository(Note).findBy(places.map((p) => ({ id: p.noteId }))) : [];
    const byId = new Map(noteRows.map((n) => [n.id, n]));
    const first = byId.get(places[0]?.noteId ?? 0);
    if (!first || first.noteableType !== 'MergeRequest') throw new AppError('SUGGESTION_NOT_FOUND');
    // read_merge_request: a suggestion on a merge request the actor may not see does not exist for them
    const t = await this.targets.byId(actor, first.noteableId).catch(() => refuseNotFound());
    const picked: Picked[] = places.map((p) => {
      const note = byId.get(p.noteId);
      if (!note || note.noteableType !== 'MergeRequest' || note.noteableId !== first.noteableId || (note.internal && !t.abilities.readInternalNote)) {
        throw note && note.noteableId !== first.noteableId ? new AppError('SUGGESTION_NOT_APPLICABLE', SUGGESTION_TEXTS.sameBranch) : new AppError('SUGGESTION_NOT_FOUND');
      }
      const suggestion = noteSuggestions(note.id, note.note, note.position?.position_type === 'text' ? note.position.new_line : null, note.suggestions ?? [])[p.index];
      if (!suggestion || !note.position) throw new AppError('SUGGESTION_NOT_FOUND');
      return { id: p.id, note, index: p.index, suggestion };
    });
    const { mr, facts, project } = t.mergeRequest;
    // From a fork: push rights there, or the merge request's allow_collaboration and merge rights here (GitLab's rule)
    const fork = await forkSourceFacts(this.loader.projects, actor, mr);
    if (!canApplySuggestion(actor, facts, { ...mergeRequestFacts(mr), state: 'opened' }, fork)) throw new AppError('FORBIDDEN');
    if (mr.state === 'merged') refuse(SUGGESTION_TEXTS.merged);
    if (mr.state !== 'opened') refuse(SUGGESTION_TEXTS.closed);
    for (const p of picked) {
      if (p.suggestion.applied) refuse(SUGGESTION_TEXTS.alreadyApplied);
      if (p.suggestion.inapplicable_reason === 'same_content') refuse(SUGGESTION_TEXTS.sameContent);
      if (!p.suggestion.appliable) refuse(SUGGESTION_TEXTS.outdated(p.suggestion.to_line - p.suggestion.from_line + 1));
    }

    const repo = await this.repos.open(mr.sourceProjectId);
    const branch = await repo.branch(mr.sourceBranch);
    if (!branch) refuse(SUGGESTION_TEXTS.sourceBranchDeleted);
    const head = branch!.commit.id;
    // Each file once, every suggestion on it at once; a line that moved or changed since refuses all
    const byFile = new Map<string, Picked[]>();
    for (const p of picked) byFile.set(p.note.position!.new_path, [...(byFile.get(p.note.position!.new_path) ?? []), p]);
    const actions: FileAction[] = [];
    for (const [path, list] of byFile) {
      const blob = await repo.blob(head, path).catch(() => null);
      if (!blob) refuse(SUGGESTION_TEXTS.outdated(1));
      const edits = list.map((p) => ({ fromLine: p.suggestion.from_line, toLine: p.suggestion.to_line, fromContent: p.suggestion.from_content, toContent: p.suggestion.to_content }));
      const result = applySuggestionLines(blob!.content.toString('utf8'), edits);
      if (!result.ok) {
        const s = list[result.index]!.suggestion;
        refuse(result.reason === 'overlap' ? SUGGESTION_TEXTS.linesOverlap : SUGGESTION_TEXTS.outdated(s.to_line - s.from_line + 1));
      } else {
        actions.push({ action: 'update', path, content: Buffer.from(result.content, 'utf8') });
      }
    }

    const applier = await this.ds.getRepository(User).findOneBy({ id: actor.id });
    if (!applier) throw new AppError('UNAUTHORIZED');
    const coAuthorIds = [...new Set(picked.map((p) => p.note.authorId).filter((id): id is number => id !== null && id !== actor.id))];
    const coAuthors = coAuthorIds.length ? await this.ds.getRepository(User).findBy(coAuthorIds.map((id) => ({ id }))) : [];
    const message = suggestionCommitMessage(commitMessage ?? SUGGESTION_TEXTS.defaultCommitMessage, {
      suggestions: picked.length,
      files: byFile.size,
      branch: mr.sourceBranch,
      projectPath: project.fullPath,
      username: applier.username,
      filePaths: [...byFile.keys()],
    });
    const trailers = coAuthors.map((u) => `Co-authored-by: ${u.name} <${noreply(u)}>`);
    let written: { sha: string; oldSha: string | null };
    try {
      written = await repo.writeCommit({
        branch: mr.sourceBranch,
        expectedOldSha: head,
        message: trailers.length ? `${message}\n\n${trailers.join('\n')}\n` : message,
        author: { name: applier.name, email: noreply(applier) },
        actions,
      });
    } catch (e) {
      // The branch moved between our read and the write: nothing was written
      if (e instanceof RepositoryError && e.kind === 'stale_ref') refuse(SUGGESTION_TEXTS.fileChanged);
      throw e;
    }
    // The merge request follows its branch (new head, "added 1 commit", merge_request.updated)
    await this.repos.refsChanged({ projectId: mr.sourceProjectId, actorId: actor.id, updates: [{ ref: `refs/heads/${mr.sourceBranch}`, oldSha: written.oldSha ?? head, newSha: written.sha }], source: 'commit' });
    await this.markApplied(actor, t, picked, written.sha);
    return picked.map((p) => ({ ...p.suggestion, applied: true, appliable: false, inapplicable_reason: 'applied' }));
  }

  /** The notes' suggestions applied and their threads resolved: one transaction, its events published after it. */
  private async markApplied(actor: Actor, t: MergeRequestNoteTarget, picked: Picked[], sha: string): Promise<void> {
    const byNote = new Map<number, Picked[]>();
    for (const p of picked) byNote.set(p.note.id, [...(byNote.get(p.note.id) ?? []), p]);
    const users = await this.notes.users([...new Set([actor.id, ...picked.map((p) => p.note.authorId).filter((x): x is number => x !== null)])]);
    const map = targetNoteMap(this.config, t, users);
    const author = users.get(actor.id) ?? toUserBasic((await this.ds.getRepository(User).findOneByOrFail({ id: actor.id })), this.config.publicUrl);
    const resolves: Array<Awaited<ReturnType<ResolveNoteAction["prepare"]>>> = [];
    const resolving = new Set<string>();
    for (const discussionId of new Set(picked.map((p) => p.note.discussionId))) {
      const r = await this.resolve.prepare(actor, t, { discussionId }, true).catch(() => null);
      if (r) {
        resolves.push(r);
        resolving.add(discussionId);
      }
    }
    await this.events.transaction(async (tx) => {
      for (const [noteId, list] of byNote) {
        const note = list[0]!.note;
        const blocks = parseSuggestionBlocks(note.note).length;
        const stored: StoredSuggestion[] = Array.from({ length: blocks }, (_, i) => note.suggestions?.[i] ?? { from_content: null, applied: false, commit_id: null });
        for (const p of list) stored[p.index] = { ...stored[p.index]!, applied: true, commit_id: sha };
        const [row] = (await tx.manager.query(`UPDATE notes SET suggestions = $2::jsonb, updated_at = now() WHERE id = $1 RETURNING updated_at`, [noteId, JSON.stringify(stored)])) as [Array<{ updated_at: Date }>, number];
        const updatedAt = row?.[0]?.updated_at ? new Date(row[0].updated_at) : new Date();
        // Queued: appended after the resolves below, so this last word on the note carries both changes
        const resolved = resolving.has(note.discussionId) && note.resolvable && note.resolvedAt === null ? { resolvedAt: updatedAt, resolvedById: actor.id } : {};
        tx.recordLater(t.noteable, 'note.updated', { note: toApiNote({ ...note, suggestions: stored, updatedAt, ...resolved }, map) }, author);
      }
      for (const r of resolves) await r.run(tx);
    });
  }
}

const noreply = (u: Pick<User, 'username'>) => `${u.username}@users.noreply.tandem`;

function refuseNotFound(): never {
  throw new AppError('SUGGESTION_NOT_FOUND');
}

/** `ids` of batch_apply: a non-empty list of distinct positive integers (400 naming it otherwise). */
export function parseSuggestionIds(raw: unknown): number[] {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : null;
  if (!list || !list.length || list.length > 100) throw new ValidationError({ ids: [VALIDATION.invalid] });
  const ids = list.map((x) => (typeof x === 'number' ? x : typeof x === 'string' && /^\d{1,12}$/.test(x.trim()) ? Number(x) : NaN));
  if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0) || new Set(ids).size !== ids.length) throw new ValidationError({ ids: [VALIDATION.invalid] });
  return ids;
}

/** `commit_message`: optional text (400 naming it when not a string, empty or too long). */
export function parseCommitMessage(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string' || raw.trim() === '' || raw.length > 10_000 || raw.includes('\u0000')) throw new ValidationError({ commit_message: [VALIDATION.invalid] });
  return raw;
}
