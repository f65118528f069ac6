import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '../../core/errors/app-error';
import { canDeleteDescriptionVersion, type Actor } from '../../core/policy/policy';
import { IssueLoader, type LoadedIssue } from '../issue/issue.loader';
import { issueTarget, type NoteTarget } from './note-target';
import { routeParam, type NoteableKind, type NoteableTargets, type PageNoteRef, type RouteParams } from './noteable-kind';

/** An issue as the shared note routes take it: the target, with the loaded issue. */
export type IssueNoteTarget = NoteTarget & { issue: LoadedIssue };

/** Finds issues as note targets: readable by the actor (read_issue), "not found" otherwise. */
@Injectable()
export class IssueNoteTargets implements NoteableTargets<IssueNoteTarget> {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly loader: IssueLoader,
  ) {}

  fromRest(actor: Actor | null, params: RouteParams): Promise<IssueNoteTarget> {
    return this.find(actor, routeParam(params, 'id'), routeParam(params, 'iid'));
  }

  fromPage(actor: Actor | null, params: RouteParams): Promise<IssueNoteTarget> {
    return this.find(actor, routeParam(params, 'project'), routeParam(params, 'iid'));
  }

  /**
   * The issue a page note call (`*project/notes...`) is about: the note's noteable, else
   * `target_id` (the issue's database id; a note deleted meanwhile still finds its issue, for
   * the 410), checked readable.
   */
  async fromPageNote(actor: Actor | null, params: RouteParams, ref: PageNoteRef): Promise<IssueNoteTarget> {
    if (ref.targetType !== undefined && ref.targetType !== 'issue') throw new AppError('NOT_FOUND');
    const target = typeof ref.targetId === 'string' || typeof ref.targetId === 'number' ? String(ref.targetId) : '';
    const issueId = /^\d{1,10}$/.test(target) && Number(target) <= 2_147_483_647 ? Number(target) : null;
    const path = routeParam(params, 'project');
    if (Array.isArray(params.project) && params.project[0] === 'api') throw new AppError('NOT_FOUND');
    const rows = (await this.ds.query(
      `SELECT i.iid FROM issues i JOIN projects p ON p.id = i.project_id
       WHERE lower(p.full_path) = lower($1::text)
         AND i.id = COALESCE((SELECT n.noteable_id FROM notes n WHERE n.id = $2::int AND n.noteable_type = 'Issue'), $3::int)`,
      [path, ref.noteId ?? 0, issueId],
    )) as Array<{ iid: number }>;
    if (!rows[0]) {
      // Still answer a missing project as one (and a missing note on the page as gone)
      await this.loader.findReadable(actor, path, 0).catch((e: AppError) => {
        if (e.code === 'PROJECT_NOT_FOUND') throw e;
      });
      throw new AppError(ref.gone && ref.noteId !== null ? 'NOTE_GONE' : 'NOTE_NOT_FOUND');
    }
    return this.find(actor, path, rows[0].iid);
  }

  /** update_issue for the version's author, admin_issue for anyone else. */
  canDeleteDescriptionVersion(actor: Actor | null, t: IssueNoteTarget, authorId: number | null): boolean {
    return canDeleteDescriptionVersion(actor, t.issue.projectFacts, t.issue.facts, authorId);
  }

  private async find(actor: Actor | null, project: string, iid: string | number): Promise<IssueNoteTarget> {
    const ctx = await this.loader.findReadable(actor, project, iid);
    return { ...issueTarget(actor, ctx), issue: ctx };
  }
}

/** Issues' notes, discussions, awards and description versions (GitLab's project issue routes). */
export const ISSUE_NOTEABLE: NoteableKind = {
  type: 'Issue',
  rest: 'api/v4/projects/:id/issues/:iid',
  page: '*project/-/issues/:iid',
  pageNotes: '*project/notes',
  targets: IssueNoteTargets,
};
