import { Injectable } from '@nestjs/common';
import type { EventPayloads, UserBasic } from '@tandem/shared-types';
import { EventStatement, type PlannedEvent } from '../../core/realtime/event-append';
import type { Noteable, Tx } from '../../core/realtime/event-log.service';
import { NoteWriter } from '../note/note-writer';
import type { SystemNoteText } from '../note/system-notes';

/** One issue's share of a link change: its system notes and its `issue.links` event. */
export interface LinkSide {
  noteable: Noteable;
  projectId: number;
  notes: SystemNoteText[];
  links: EventPayloads['issue.links'];
}

/**
 * Writes one issue's system notes and events of a link change in ONE statement inside the
 * caller's transaction: the notes (ids drawn by the statement), the issue's next seqs and the
 * `note.created` + `issue.links` events (core/realtime's EventStatement fills the notes' ids
 * and time into the stored and the live events alike). Callers write the sides in issue-id
 * order, so two link changes over the same pair take the row locks in one order.
 */
@Injectable()
export class LinkNotes {
  constructor(private readonly notes: NoteWriter) {}

  async write(tx: Tx, side: LinkSide, actor: UserBasic): Promise<void> {
    const drafts = this.notes.systemNoteDrafts(side.noteable, side.projectId, actor, side.notes);
    const events: PlannedEvent[] = [...drafts.events, { type: 'issue.links', payload: side.links }];
    const st = new EventStatement({ noteable: side.noteable, actor, events, urlPrefix: drafts.urlPrefix });
    const out = await st.run(tx, 'issue-link.side', `WITH ${drafts.ctes(st.param)}, ${st.ctes()} SELECT ${st.columns}`);
    if (out?.events.length !== events.length) throw new Error(`issue ${side.noteable.id} is gone`);
  }
}
