import { Injectable } from '@nestjs/common';
import type { NoteableType } from '@tandem/shared-types';
import { AppError } from '../../core/errors/app-error';
import type { Actor } from '../../core/policy/policy';
import type { NoteTarget } from './note-target';

/** Finds a noteable of one type by its database id, as a note target for the actor (not found otherwise). */
export interface NoteTargetFinder {
  byId(actor: Actor | null, id: number): Promise<NoteTarget>;
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

  /** The target a note of a registered noteable type belongs to (not found for issues' notes or unknown ones). */
  has(type: string): type is NoteableType {
    return this.finders.has(type as NoteableType);
  }
}
