import { Injectable } from '@nestjs/common';
import type { Actor } from '../../core/policy/policy';
import { crossReferencesOf, referenceKey, type CrossReference, type ReferenceBase } from './cross-references';

/** Which of `refs` (same kind) the actor may read, in order: a module's finder, through the policy module. */
export type ReferenceReader = (actor: Actor | null, refs: ReadonlyArray<{ path: string; iid: number }>) => Promise<boolean[]>;

/** A note as the rule reads it: whether it is a system note, and its markdown. */
export interface ReferencingNote {
  system: boolean;
  note: string;
}

/**
 * GitLab's `Note#cross_reference_not_visible_for?`: a system note that names an issue, epic or merge request
 * the viewer may not read (a confidential issue, a private project's, an epic of a private
 * group) is hidden from that viewer, wherever notes are served (NoteFinder, DiscussionFinder,
 * and the live stream through NoteEventAudience). The issue and epic modules register how
 * their references are read (they depend on this module, not the other way round); a kind
 * nobody registered reads as not readable, so the note stays hidden (fail closed).
 */
@Injectable()
export class CrossReferenceVisibility {
  private readonly readers = new Map<CrossReference['kind'], ReferenceReader>();

  register(kind: CrossReference['kind'], reader: ReferenceReader): void {
    this.readers.set(kind, reader);
  }

  /** `notes` without those the actor may not see. No query unless a note names something. */
  async visible<T extends ReferencingNote>(actor: Actor | null, base: ReferenceBase, notes: readonly T[]): Promise<T[]> {
    const hidden = await this.hidden(actor, base, notes);
    return hidden.size ? notes.filter((n) => !hidden.has(n)) : [...notes];
  }

  /** Whether the actor may see one note. */
  async canSee(actor: Actor | null, base: ReferenceBase, note: ReferencingNote): Promise<boolean> {
    return !(await this.hidden(actor, base, [note])).size;
  }

  /** The notes of `notes` that name something the actor may not read. */
  async hidden<T extends ReferencingNote>(actor: Actor | null, base: ReferenceBase, notes: readonly T[]): Promise<Set<T>> {
    const refsOf = new Map<T, CrossReference[]>();
    const wanted = new Map<string, CrossReference>();
    for (const n of notes) {
      const refs = crossReferencesOf(n, base);
      if (!refs.length) continue;
      refsOf.set(n, refs);
      for (const r of refs) wanted.set(referenceKey(r), r);
    }
    if (!refsOf.size) return new Set();
    const readable = await this.readable(actor, [...wanted.values()]);
    return new Set([...refsOf].filter(([, refs]) => refs.some((r) => !readable.has(referenceKey(r)))).map(([n]) => n));
  }

  /** Keys of the references the actor may read (one read per kind). */
  private async readable(actor: Actor | null, refs: CrossReference[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (const kind of ['issue', 'epic', 'merge_request', 'commit'] as const) {
      const ofKind = refs.filter((r) => r.kind === kind && r.path);
      const reader = this.readers.get(kind);
      if (!ofKind.length || !reader) continue;
      const answers = await reader(actor, ofKind);
      ofKind.forEach((r, i) => answers[i] && out.add(referenceKey(r)));
    }
    return out;
  }
}
