import { Injectable, Module } from '@nestjs/common';
import type { AnyRealtimeEvent } from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import { canProject, canReadIssue, type Actor, type ProjectFacts } from '../../core/policy/policy';
import type { AccessSnapshot, DeliveryAbilities, NoteableAccess, NoteableGrant } from '../../core/realtime/noteable-access';
import type { ProjectWatchAccess } from '../../core/realtime/project-watch-access';
import { ProjectModule } from '../project/project.module';
import { IssueModule } from './issue.module';
import { ProjectService } from '../project/project.service';
import type { IssueContext } from './issue-context';
import { IssueLoader } from './issue.loader';

/** What an IssuesChannel subscriber names. */
export interface IssueTarget {
  project_path: string;
  iid: number;
}

type RoomIssue = Pick<NoteableGrant, 'noteable' | 'projectId'>;

const abilitiesOf = (actor: Actor | null, facts: ProjectFacts): DeliveryAbilities => ({
  readInternalNotes: canProject(actor, 'read_confidential_issues', facts),
});

const grantOf = (actor: Actor | null, ctx: IssueContext): NoteableGrant => ({
  noteable: { type: 'Issue', id: ctx.issue.id, ref: { id: ctx.issue.id, iid: ctx.issue.iid, project_path: ctx.project.fullPath } },
  projectId: ctx.project.id,
  seq: ctx.issue.eventSeq,
  abilities: abilitiesOf(actor, ctx.projectFacts),
});

/** Live rooms of issues: the read policy (`canReadIssue`) behind the realtime port. */
@Injectable()
export class IssueNoteableAccess implements NoteableAccess<IssueTarget> {
  readonly type = 'Issue' as const;

  constructor(
    private readonly issues: IssueLoader,
    private readonly projects: ProjectService,
  ) {}

  /** Throws the not-found AppError an HTTP read would get: the same for "missing" and "may not read". */
  async resolve(actor: Actor | null, target: IssueTarget): Promise<NoteableGrant> {
    // The project, the actor's level, the issue and its assignees: one statement, shared by the
    // checks of the same turn (a restart's reconnections come in bursts)
    return grantOf(actor, await this.issues.readableInTurn(actor, target.project_path, target.iid));
  }

  targetKey(target: IssueTarget): string {
    return `${target.project_path.toLowerCase()}#${target.iid}`;
  }

  keyOf(grant: Pick<NoteableGrant, 'noteable'>): string {
    return this.targetKey(grant.noteable.ref);
  }

  async verify(actor: Actor | null, room: RoomIssue): Promise<DeliveryAbilities | null> {
    try {
      // By the project's id: a rename since the subscribe does not matter
      const ctx = await this.issues.findReadable(actor, room.projectId ?? room.noteable.ref.project_path, room.noteable.ref.iid);
      return abilitiesOf(actor, ctx.projectFacts);
    } catch (e) {
      if (e instanceof AppError) return null;
      throw e;
    }
  }

  async snapshot(room: RoomIssue): Promise<AccessSnapshot> {
    // The project with its namespace (one statement), then the issue with its assignees
    const project = await this.projects.findByIdOrPath(room.projectId ?? room.noteable.ref.project_path);
    if (!project) return { found: false, reason: 'access_revoked' };
    const ctx = await this.issues.contextFor(project, { visibility: project.visibility, archived: project.archived, accessLevel: 0 }, room.noteable.ref.iid);
    if (!ctx) return { found: false, reason: 'deleted' };
    // Members of one user share one membership lookup
    const factsByActor = new Map<number, Promise<ProjectFacts>>();
    return {
      found: true,
      abilitiesOf: async (actor) => {
        const key = actor?.id ?? 0;
        let facts = factsByActor.get(key);
        if (!facts) {
          facts = this.projects.facts(actor, project);
          factsByActor.set(key, facts);
        }
        const f = await facts;
        return canReadIssue(actor, f, ctx.facts) ? abilitiesOf(actor, f) : null;
      },
    };
  }

  /** Confidentiality and assignees decide who may read a confidential issue. */
  changesAccess(e: AnyRealtimeEvent): boolean {
    if (e.type === 'issue.updated') return e.payload.fields.confidential !== undefined;
    return e.type === 'issue.assignees';
  }
}

/** The project watch port (issue lists kept live): whoever may read the project sees its issue list. */
@Injectable()
export class IssueListWatchAccess implements ProjectWatchAccess {
  constructor(private readonly projects: ProjectService) {}

  async resolve(actor: Actor | null, projectPath: string): Promise<{ fullPath: string }> {
    const { project } = await this.projects.findReadable(actor, projectPath);
    return { fullPath: project.fullPath };
  }
}

/** The app composes it: `RealtimeModule.register({ imports: [IssueNoteableAccessModule, ...], noteableAccess: [IssueNoteableAccess, ...], projectWatchAccess: IssueListWatchAccess, eventAudience: NoteEventAudience })`. */
@Module({
  imports: [IssueModule, ProjectModule],
  providers: [IssueNoteableAccess, IssueListWatchAccess],
  exports: [IssueNoteableAccess, IssueListWatchAccess],
})
export class IssueNoteableAccessModule {}
