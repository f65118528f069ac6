import { Injectable } from '@nestjs/common';
import type { NoteableType } from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import type { Actor } from '../../core/policy/policy';
import type { NoteTarget } from './note-target';

/** Finds a noteable of one type by its database id, as a note target for the actor (not found otherwise). */
export interface NoteTargetFinder {
  byId(actor: Actor | null, id: number): Promise<NoteTarget>;
  /** By the path its page names and its iid (a project's merge request); absent: not found that way. */
  byIid?(actor: Actor | null, path: string, iid: number): Promise<NoteTarget>;
}

/**
 * Where modules other than issues offer their noteables to the note module's global-id entry
 * points (GraphQL createNote, awards by AwardableID): the epic module registers epics at start.
 * The note module never imports them.
 */
@Injectable()
export class NoteTargetRegistry {
  private readonly finders = new Map<NoteableType, NoteTargetFinder>();

  register(type: NoteableType, finder: NoteTargetFinder): void {
    this.finders.set(type, finder);
  }

  async byId(actor: Actor | null, type: NoteableType, id: number | null): Promise<NoteTarget> {
    const f = this.finders.get(type);
    if (!f || id === null) throw new AppError('NOT_FOUND');
    return f.byId(actor, id);
  }

  /** By the path and iid its page names (the abuse report form's `project_path` and `iid`). */
  async byIid(actor: Actor | null, type: NoteableType, path: string, iid: number): Promise<NoteTarget> {
    const f = this.finders.get(type);
    if (!f?.byIid) throw new AppError('NOT_FOUND');
    return f.byIid(actor, path, iid);
  }

  /** The target a note of a registered noteable type belongs to (not found for issues' notes or unknown ones). */
  has(type: string): type is NoteableType {
    return this.finders.has(type as NoteableType);
  }
}
