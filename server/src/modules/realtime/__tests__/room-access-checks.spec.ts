import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../core/policy/policy';
import type { NoteableAccess, NoteableAccessRegistry, NoteableGrant } from '../../../core/realtime/noteable-access';
import { RoomAccess } from '../room-access.service';
import type { RoomRegistry } from '../room-registry';

/**
 * The subscribe check's cache (RoomAccess.resolve): sockets of one user subscribing to one issue
 * at the same moment share one check; a check that was running when access changed is answered
 * to its caller but neither cached nor shared with a subscribe that comes after the change.
 */
const actor: Actor = { id: 7, username: 'bob', isAdmin: false, scopes: null };
const grant = (seq: number): NoteableGrant => ({
  noteable: { type: 'Issue', id: 42, ref: { id: 42, iid: 3, project_path: 'acme/tandem' } },
  projectId: 1,
  seq,
  abilities: { readInternalNotes: false },
});

/** A port whose checks finish when the test says, counting them. */
function port() {
  const calls: Array<(g: NoteableGrant) => void> = [];
  const access = {
    type: 'Issue',
    resolve: () => new Promise<NoteableGrant>((resolve) => calls.push(resolve)),
    targetKey: (t: { iid: number }) => `acme/tandem#${t.iid}`,
  } as unknown as NoteableAccess<{ iid: number }>;
  return { access, calls };
}

const roomAccess = (access: NoteableAccess<{ iid: number }>) =>
  new RoomAccess(new Map([['Issue', access]]) as unknown as NoteableAccessRegistry, { all: () => [] } as unknown as RoomRegistry);

describe('subscribe checks', () => {
  it('subscribes of one user to one issue at the same moment share one check, and the next one is cached', async () => {
    const { access, calls } = port();
    const rooms = roomAccess(access);
    const a = rooms.resolve(actor, access, { iid: 3 });
    const b = rooms.resolve(actor, access, { iid: 3 });
    expect(calls).toHaveLength(1);
    calls[0]!(grant(5));
    expect(await a).toEqual(grant(5));
    expect(await b).toEqual(grant(5));
    expect(await rooms.resolve(actor, access, { iid: 3 })).toEqual(grant(5));
    expect(calls).toHaveLength(1);
    // Another user's subscribe is checked on its own
    void rooms.resolve({ ...actor, id: 8 }, access, { iid: 3 });
    expect(calls).toHaveLength(2);
  });

  it('a check running when access to the issue changes is neither shared after the change nor cached', async () => {
    const { access, calls } = port();
    const rooms = roomAccess(access);
    const before = rooms.resolve(actor, access, { iid: 3 });
    rooms.forget('Issue', 42);
    const after = rooms.resolve(actor, access, { iid: 3 });
    expect(calls).toHaveLength(2);
    calls[0]!(grant(5));
    expect(await before).toEqual(grant(5));
    calls[1]!(grant(6));
    expect(await after).toEqual(grant(6));
    // The check begun after the change is the one kept
    expect(await rooms.resolve(actor, access, { iid: 3 })).toEqual(grant(6));
    expect(calls).toHaveLength(2);

    // A change while the only check runs: the next subscribe checks again
    rooms.forget('Issue', 42);
    const third = rooms.resolve(actor, access, { iid: 3 });
    rooms.forget('Issue', 42);
    calls[2]!(grant(7));
    expect(await third).toEqual(grant(7));
    void rooms.resolve(actor, access, { iid: 3 });
    expect(calls).toHaveLength(4);
  });
});
