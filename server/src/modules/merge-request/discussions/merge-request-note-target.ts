import { MERGE_REQUEST_QUICK_ACTION_NAMES } from '@tandem/shared-types';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CrossReferenceVisibility } from '../../note/cross-reference-visibility';
import { APP_CONFIG, type AppConfig } from '../../../core/config/config';
import { mergeRequestNoteableAbilities } from '../../../core/policy/merge-request-permissions';
import type { Actor } from '../../../core/policy/policy';
import { NoteTargetRegistry } from '../../note/note-target-registry';
import type { NoteTarget } from '../../note/note-target';
import { routeParam, type NoteableKind, type NoteableTargets, type RouteParams } from '../../note/noteable-kind';
import { MergeRequestLoader, mergeRequestFacts, type LoadedMergeRequest } from '../merge-request.loader';
import { mergeRequestNoteable } from '../merge-request.mapper';
import { parseMergeRequestIid } from '../merge-request.validation';
import { sha1 } from '../diffs/diff-lines';
import { parseDiffPosition } from '../diffs/diff-position';
import { MergeRequestDiffs } from '../diffs/merge-request-diffs.service';
import { RepositoryService } from '../../repository';
import { MergeRequestQuickActions } from '../quick-actions/merge-request-quick-actions';
import { parsePageDraft } from '../drafts/draft-note.validation';
import { DraftNotesService } from '../drafts/draft-notes.service';

/** A merge request as the note actions take it. */
export interface MergeRequestNoteTarget extends NoteTarget {
  mergeRequest: LoadedMergeRequest;
}

/** Finds merge requests as note targets: readable by the actor (read_merge_request; "not found" otherwise). */
@Injectable()
export class MergeRequestNoteTargets implements OnModuleInit, NoteableTargets<MergeRequestNoteTarget> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly loader: MergeRequestLoader,
    private readonly registry: NoteTargetRegistry,
    private readonly diffs: MergeRequestDiffs,
    private readonly crossReferences: CrossReferenceVisibility,
    private readonly repos: RepositoryService,
    private readonly quickActions: MergeRequestQuickActions,
    private readonly drafts: DraftNotesService,
  ) {}

  get publicUrl(): string {
    return this.config.publicUrl;
  }

  /** Offers merge requests to the note module's global-id entry points (GraphQL createNote, awards) and, by path and iid, to abuse reports. */
  onModuleInit(): void {
    this.registry.register('MergeRequest', { byId: (actor, id) => this.byId(actor, id), byIid: async (actor, path, iid) => this.of(actor, await this.loader.findReadable(actor, path, iid)) });
    // "mentioned in / closed via merge request !N" on an issue: hidden from who may not read !N
    this.crossReferences.register('merge_request', (actor, refs) =>
      Promise.all(refs.map((r) => this.loader.findReadable(actor, r.path, r.iid).then(() => true, () => false))),
    );
  }

  async byId(actor: Actor | null, id: number): Promise<MergeRequestNoteTarget> {
    return this.of(actor, await this.loader.byId(actor, id));
  }

  async fromRest(actor: Actor | null, params: RouteParams): Promise<MergeRequestNoteTarget> {
    return this.of(actor, await this.loader.findReadable(actor, routeParam(params, 'id'), parseMergeRequestIid(routeParam(params, 'mrIid'))));
  }

  async fromPage(actor: Actor | null, params: RouteParams): Promise<MergeRequestNoteTarget> {
    return this.of(actor, await this.loader.findReadable(actor, routeParam(params, 'project'), parseMergeRequestIid(routeParam(params, 'iid'))));
  }

  /** A merge request's page note routes sit under it: the route names it. */
  fromPageNote(actor: Actor | null, params: RouteParams): Promise<MergeRequestNoteTarget> {
    return this.fromPage(actor, params);
  }

  /** admin_merge_request, or the version's author while they may still update it. */
  canDeleteDescriptionVersion(actor: Actor | null, t: MergeRequestNoteTarget, authorId: number | null): boolean {
    if (MergeRequestLoader.can(actor, 'admin_merge_request', t.mergeRequest)) return true;
    return actor !== null && authorId === actor.id && MergeRequestLoader.can(actor, 'update_merge_request', t.mergeRequest);
  }

  of(actor: Actor | null, l: LoadedMergeRequest): MergeRequestNoteTarget {
    const { mr, project, facts } = l;
    const abilities = mergeRequestNoteableAbilities(actor, facts, mergeRequestFacts(mr));
    const target: MergeRequestNoteTarget = {
      kind: 'target',
      mergeRequest: l,
      noteable: mergeRequestNoteable(mr, project.fullPath),
      projectId: project.id,
      abilities,
      accessLevel: facts.accessLevel,
      markdown: { projectPath: project.fullPath },
      labelProjectId: project.id,
      membership: { projectId: project.id, namespaceId: project.namespaceId },
      place: { type: 'MergeRequest', projectPath: project.fullPath, projectId: project.id, iid: mr.iid, issueId: mr.id },
      actorUser: null,
      // A diff note's position: checked against the whole current diff (collapsed files expanded)
      diffPosition: async (raw) => {
        const hash = typeof raw === 'object' && raw && typeof (raw as { new_path?: unknown }).new_path === 'string' ? sha1((raw as { new_path: string }).new_path) : '';
        return parseDiffPosition(raw, await this.diffs.present(l, { ignoreWhitespace: false, expand: new Set([hash]) }));
      },
      // A code suggestion replaces lines of the new file as the note's diff shows it
      suggestionSource: async (position) => {
        const repo = await this.repos.open(l.mr.sourceProjectId);
        return repo.blob(position.head_sha, position.new_path).then((b) => b.content.toString('utf8'), () => null);
      },
      // GitLab's merge request commands, through the sidebar's actions in the note's transaction; /merge after it
      commandNames: MERGE_REQUEST_QUICK_ACTION_NAMES,
      commands: (tx, a, commands) => this.quickActions.apply(tx, a, l, commands, abilities.awardEmoji),
      afterCommands: (a, changes, status) => this.quickActions.afterCommit(a, l, changes, status),
      // The page's review comment (draft_note): validated and stored as the REST draft notes API's
      createDraft: (a, body) => this.drafts.create(a, target, parsePageDraft(body)),
    };
    return target;
  }
}

/** Merge requests' notes, discussions, awards and description versions (GitLab's project merge request routes). */
export const MERGE_REQUEST_NOTEABLE: NoteableKind = {
  type: 'MergeRequest',
  rest: 'api/v4/projects/:id/merge_requests/:mrIid',
  page: '*project/-/merge_requests/:iid',
  pageNotes: '*project/-/merge_requests/:iid/notes',
  targets: MergeRequestNoteTargets,
};
