import { Logger } from '@nestjs/common';
import { describe, expect, it, vi } from 'vitest';
import type { NoteableType } from '@tandem/shared-types';
import type { EventLogService } from '../../../core/realtime/event-log.service';
import type { EventAudience } from '../../../core/realtime/event-audience';
import type { NoteableAccess, NoteableGrant } from '../../../core/realtime/noteable-access';
import type { RoomAccess } from '../room-access.service';
import { RoomDelivery } from '../room-delivery.service';
import { RoomRegistry } from '../room-registry';

/**
 * A room's head is read after the room exists; rooms opened in one turn of the event loop (a
 * restart's reconnections) share one read of their heads, and each room starts at its own.
 */
const grant = (id: number, seq: number): NoteableGrant => ({
  noteable: { type: 'Issue', id, ref: { id, iid: id, project_path: 'acme/tandem' } },
  projectId: 1,
  seq,
  abilities: { readInternalNotes: false },
});
const access = { type: 'Issue', keyOf: (g: NoteableGrant) => `acme/tandem#${g.noteable.ref.iid}` } as unknown as NoteableAccess;

function delivery(heads: Map<number, number>, fail = false) {
  const reads: Array<{ type: NoteableType; ids: number[] }> = [];
  const log = {
    currentSeqs: async (type: NoteableType, ids: readonly number[]) => {
      reads.push({ type, ids: [...ids] });
      if (fail) throw new Error('database down');
      return new Map(ids.flatMap((id) => (heads.has(id) ? [[id, heads.get(id)!] as const] : [])));
    },
  } as unknown as EventLogService;
  const rooms = new RoomRegistry();
  const d = new RoomDelivery(log, rooms, { recheckIfAsked: async () => undefined } as unknown as RoomAccess, {} as EventAudience);
  return { d, reads, rooms };
}

describe('room heads', () => {
  it('rooms opened in one turn read their heads in one statement, each starting at its own head', async () => {
    const { d, reads, rooms } = delivery(new Map([[1, 10], [2, 20], [3, 30]]));
    const opened = [d.roomFor(grant(1, 9), access), d.roomFor(grant(2, 19), access), d.roomFor(grant(3, 29), access), d.roomFor(grant(2, 19), access)];
    expect(opened[3]).toBe(opened[1]);
    await Promise.all(opened.map((r) => r.ready));
    expect(reads).toEqual([{ type: 'Issue', ids: [1, 2, 3] }]);
    expect(opened.map((r) => r.seq)).toEqual([10, 20, 30, 20]);
    // A room opened later reads on its own; a noteable the log no longer has starts at its grant
    const later = d.roomFor(grant(4, 40), access);
    await later.ready;
    expect(reads).toHaveLength(2);
    expect(later.seq).toBe(40);
    for (const r of rooms.all()) rooms.close(r);
  });

  it('a failed read starts every room of it at its grant, and says so in the log', async () => {
    const logged = vi.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const { d, rooms } = delivery(new Map(), true);
      const opened = [d.roomFor(grant(1, 9), access), d.roomFor(grant(2, 19), access)];
      await Promise.all(opened.map((r) => r.ready));
      expect(opened.map((r) => r.seq)).toEqual([9, 19]);
      expect(logged.mock.calls.filter(([, msg]) => msg === 'room init failed')).toHaveLength(2);
      for (const r of rooms.all()) rooms.close(r);
    } finally {
      logged.mockRestore();
    }
  });
});
