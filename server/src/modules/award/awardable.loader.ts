import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '../../core/errors/app-error';
import { parseGlobalId } from '../../core/graphql/global-id';
import { issuePermissions, notePermissionsFor, notePermissionsOn } from '../../core/policy/issue-permissions';
import type { Actor } from '../../core/policy/policy';
import type { Noteable } from '../../core/realtime/event-log.service';
import { issueNoteable } from '../issue/issue-context';
import { IssueLoader, type LoadedIssue } from '../issue/issue.loader';
import type { NoteTarget } from '../note/note-target';
import { NoteTargetRegistry } from '../note/note-target-registry';
import type { User } from '../user/user.entity';

/** What an award hangs on: the issue itself or one of its notes, with the actor's right to react. */
export interface Awardable {
  type: 'Issue' | 'Note' | 'Epic';
  id: number;
  /** The issue (the awardable, or the note's noteable) as the actor may read it; absent for an epic's. */
  issue?: LoadedIssue;
  /** The signed-in reactor's row (read with the noteable). */
  actorUser: User | null | undefined;
  /** The event stream awards are announced on (the issue's, for its notes too). */
  noteable: Noteable;
  /** issuePermissions().awardEmoji; for a note also: readable and not a system note. */
  canAward: boolean;
  /** An internal note: its award events reach reporters and up only. */
  internal: boolean;
}

interface NoteRow {
  id: number;
  system: boolean;
  internal: boolean;
  author_id: number | null;
  resolvable: boolean;
  iid: number;
  project_id: number;
  full_path: string;
}

/** Finds awardables by route or global id; unreadable ones are "not found", never a hint. */
@Injectable()
export class AwardableLoader {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly issues: IssueLoader,
    private readonly targets: NoteTargetRegistry,
  ) {}

  /** An issue by project (id or path) and iid; 404 when the actor may not read it. */
  async issue(actor: Actor | null, project: string | number, iid: number | string): Promise<Awardable> {
    const loaded = await this.issues.findReadable(actor, project, iid);
    return this.ofIssue(actor, loaded);
  }

  ofIssue(actor: Actor | null, loaded: LoadedIssue): Awardable {
    return {
      type: 'Issue',
      id: loaded.issue.id,
      issue: loaded,
      actorUser: loaded.actorUser,
      noteable: issueNoteable(loaded.issue, loaded.project),
      canAward: issuePermissions(actor, loaded.projectFacts, loaded.facts).awardEmoji,
      internal: false,
    };
  }

  /** The noteable of a note target itself (an issue, or an epic the epic module loaded). */
  ofTarget(actor: Actor | null, t: NoteTarget): Awardable {
    if (t.issue) return this.ofIssue(actor, t.issue as LoadedIssue);
    return { type: t.noteable.type as 'Epic', id: t.noteable.id, actorUser: t.actorUser, noteable: t.noteable, canAward: t.abilities.awardEmoji, internal: false };
  }

  /** A note of a note target (an issue's, an epic's), by id; 404 when it is elsewhere or unreadable. */
  async noteOf(actor: Actor | null, t: NoteTarget, noteId: number | string): Promise<Awardable> {
    const id = typeof noteId === 'number' ? noteId : /^\d{1,10}$/.test(noteId) ? Number(noteId) : NaN;
    const [row] = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647
      ? ((await this.ds.query('SELECT id, system, internal, author_id, resolvable FROM notes WHERE id = $1 AND noteable_type = $2 AND noteable_id = $3', [id, t.noteable.type, t.noteable.id])) as NoteRow[])
      : [];
    if (!row) throw new AppError('NOTE_NOT_FOUND');
    const can = notePermissionsOn(actor, t.abilities)({ authorId: row.author_id, system: row.system, internal: row.internal, resolvable: row.resolvable });
    if (!can.readNote) throw new AppError('NOTE_NOT_FOUND');
    return { type: 'Note', id: Number(row.id), actorUser: t.actorUser, noteable: t.noteable, canAward: can.awardEmoji, internal: row.internal };
  }

  /** An awardable by GraphQL global id (Issue or Note); 404 when unknown or unreadable. */
  async byGlobalId(actor: Actor | null, gid: string): Promise<Awardable> {
    const epicId = parseGlobalId(gid, ['Epic']);
    if (epicId !== null) return this.ofTarget(actor, await this.targets.byId(actor, 'Epic', epicId));
    const issueId = parseGlobalId(gid, ['Issue']);
    if (issueId !== null) {
      const [row] = (await this.ds.query('SELECT i.iid, p.full_path FROM issues i JOIN projects p ON p.id = i.project_id WHERE i.id = $1', [issueId])) as Array<{ iid: number; full_path: string }>;
      if (!row) throw new AppError('NOT_FOUND');
      return this.issue(actor, row.full_path, row.iid);
    }
    const noteId = parseGlobalId(gid, ['Note']);
    if (noteId === null) throw new AppError('NOT_FOUND');
    const [other] = (await this.ds.query('SELECT noteable_type, noteable_id FROM notes WHERE id = $1', [noteId])) as Array<{ noteable_type: string; noteable_id: number }>;
    if (other && this.targets.has(other.noteable_type)) return this.noteOf(actor, await this.targets.byId(actor, other.noteable_type, other.noteable_id), noteId);
    const row = await this.noteRow(noteId);
    if (!row) throw new AppError('NOT_FOUND');
    return this.ofNote(actor, row);
  }

  private async ofNote(actor: Actor | null, row: NoteRow): Promise<Awardable> {
    const loaded = await this.issues.findReadable(actor, row.full_path, row.iid);
    const abilities = notePermissionsFor(actor, loaded.projectFacts, loaded.facts)({ authorId: row.author_id, system: row.system, internal: row.internal, resolvable: row.resolvable });
    if (!abilities.readNote) throw new AppError('NOTE_NOT_FOUND');
    return { type: 'Note', id: Number(row.id), issue: loaded, actorUser: loaded.actorUser, noteable: issueNoteable(loaded.issue, loaded.project), canAward: abilities.awardEmoji, internal: row.internal };
  }

  private async noteRow(noteId: number | string): Promise<NoteRow | null> {
    const id = typeof noteId === 'number' ? noteId : /^\d{1,10}$/.test(noteId) ? Number(noteId) : NaN;
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
    const [row] = (await this.ds.query(
      `SELECT n.id, n.system, n.internal, n.author_id, n.resolvable, i.iid, p.id AS project_id, p.full_path
       FROM notes n JOIN issues i ON n.noteable_type = 'Issue' AND i.id = n.noteable_id JOIN projects p ON p.id = i.project_id
       WHERE n.id = $1`,
      [id],
    )) as NoteRow[];
    return row ?? null;
  }
}
