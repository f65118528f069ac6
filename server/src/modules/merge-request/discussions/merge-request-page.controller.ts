import { Controller, Get, Param } from '@nestjs/common';
import { NOTES_FILTER_OPTIONS, type MergeRequestPageData } from '@tandem/shared-types';
import { CurrentActor } from '../../../core/http/current-actor.decorator';
import { canApplySuggestion, mergeRequestPagePermissions, mergeRequestReceivesSuggestions } from '../../../core/policy/merge-request-permissions';
import { canProject, type Actor } from '../../../core/policy/policy';
import { EventLogService } from '../../../core/realtime/event-log.service';
import { AwardFinder } from '../../award/award.finder';
import { toNoteAward } from '../../award/award.mapper';
import { DiscussionFinder } from '../../note/discussion.finder';
import type { RouteParams } from '../../note/noteable-kind';
import { MergeRequestLoader, mergeRequestFacts } from '../merge-request.loader';
import { forkSourceFacts } from '../merge-request-source';
import { MergeRequestPeople } from '../merge-request-people';
import { MergeRequestSubscriptions } from '../merge-request-subscriptions';
import { toApiMergeRequest } from '../merge-request.mapper';
import { RepositoryService } from '../../repository';
import { MergeRequestNoteTargets } from './merge-request-note-target';

/**
 * What only the merge request page has: its start (page.json: the merge request, the viewer's
 * flags, the stream's seq, notes data with the saved filter and the filter's choices, awards, the sidebar's people, the viewer's
 * notifications as the merge request's `subscribed`). Its discussion calls are the shared noteable routes.
 */
@Controller('*project/-/merge_requests/:iid')
export class MergeRequestPageController {
  constructor(
    private readonly targets: MergeRequestNoteTargets,
    private readonly discussions: DiscussionFinder,
    private readonly awards: AwardFinder,
    private readonly events: EventLogService,
    private readonly people: MergeRequestPeople,
    private readonly loader: MergeRequestLoader,
    private readonly subscriptions: MergeRequestSubscriptions,
    private readonly repos: RepositoryService,
  ) {}

  /** Policy: read_merge_request. */
  @Get('page.json')
  async page(@CurrentActor() actor: Actor | null, @Param() params: RouteParams): Promise<MergeRequestPageData> {
    const t = await this.targets.fromPage(actor, params);
    const { mr, project, facts } = t.mergeRequest;
    const [seq, notesData, awards, sidebar, fork, subscribed, sourceProjectPath] = await Promise.all([
      this.events.currentSeqs('MergeRequest', [mr.id]).then((m) => m.get(mr.id) ?? 0),
      this.discussions.pageNotesData(actor, t),
      this.awards.list('MergeRequest', mr.id),
      this.people.sidebar(t.mergeRequest),
      forkSourceFacts(this.loader.projects, actor, mr),
      actor ? this.subscriptions.isSubscribed(mr.id, actor.id) : false,
      this.sourceProjectPath(actor, mr, project),
    ]);
    return {
      mergeRequest: { ...toApiMergeRequest(mr, project.fullPath, this.targets.publicUrl), subscribed },
      projectPath: project.fullPath,
      sourceProjectPath,
      // Apply on a suggestion: who may push to the source branch (a fork's: GitLab's collaboration rule)
      permissions: { ...mergeRequestPagePermissions(actor, facts, mergeRequestFacts(mr)), canApplySuggestions: canApplySuggestion(actor, facts, mergeRequestFacts(mr), fork),
        // The diff header's fork message (GitLab's can_current_user_fork)
        canForkProject: canProject(actor, 'fork_project', facts),
      },
      can_receive_suggestion: mergeRequestReceivesSuggestions(),
      seq,
      lastFetchedAt: Date.now() * 1000,
      awards: awards.map(toNoteAward),
      // The discussion filter dropdown's choices come with the page (GitLab's data-notes-filters)
      notesData: { ...notesData, notesFilters: [...NOTES_FILTER_OPTIONS] },
      sidebar,
    };
  }

  /**
   * Where the single-file editor edits the source branch (GitLab's edit_path): the project, or the
   * fork the viewer may read; null unless the merge request is open and its branch is still there.
   */
  private async sourceProjectPath(actor: Actor | null, mr: { state: string; sourceProjectId: number; sourceBranch: string }, project: { id: number; fullPath: string }): Promise<string | null> {
    if (mr.state !== 'opened') return null;
    const [path, head] = await Promise.all([
      mr.sourceProjectId === project.id ? project.fullPath : this.loader.projects.findReadable(actor, mr.sourceProjectId).then((f) => f.project.fullPath, () => null),
      this.repos.open(mr.sourceProjectId).then((r) => r.branchHead(mr.sourceBranch), () => null),
    ]);
    return path !== null && head !== null ? path : null;
  }
}
