import { Injectable } from '@nestjs/common';
import type { AnyRealtimeEvent, NoteableType } from '@tandem/shared-types';
import type { AudienceCheck, EventAudience } from '../../core/realtime/event-audience';
import { CrossReferenceVisibility } from './cross-reference-visibility';
import { crossReferencesOf, referenceBaseOfStream } from './cross-references';

/**
 * The live stream's side of the cross-reference rule (EventAudience): a note.created or
 * note.updated of a system note naming another issue or epic goes only to readers who may read
 * what it names, as the note finders serve it.
 */
@Injectable()
export class NoteEventAudience implements EventAudience {
  constructor(private readonly crossReferences: CrossReferenceVisibility) {}

  restrict(_type: NoteableType, e: AnyRealtimeEvent): AudienceCheck | null {
    if (e.type !== 'note.created' && e.type !== 'note.updated') return null;
    const note = { system: e.payload.note.system, note: e.payload.note.note };
    const base = referenceBaseOfStream(e.issue.project_path);
    if (!crossReferencesOf(note, base).length) return null;
    // Members of one user (several tabs) share one answer
    const answers = new Map<string, Promise<boolean>>();
    return (actor) => {
      const key = actor ? `${actor.id}:${actor.scopes?.join(',') ?? ''}` : '';
      let a = answers.get(key);
      if (!a) {
        a = this.crossReferences.canSee(actor, base, note);
        answers.set(key, a);
      }
      return a;
    };
  }
}
