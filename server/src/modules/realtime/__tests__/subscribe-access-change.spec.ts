import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../core/policy/policy';
import type { EventLogService } from '../../../core/realtime/event-log.service';
import type { EventAudience } from '../../../core/realtime/event-audience';
import type { DeliveryAbilities, NoteableAccess, NoteableAccessRegistry, NoteableGrant } from '../../../core/realtime/noteable-access';
import type { TandemSocket } from '../noteable-room';
import { RoomAccess } from '../room-access.service';
import { RoomDelivery } from '../room-delivery.service';
import { RoomRegistry } from '../room-registry';
import { SubscribeService } from '../subscribe.service';

/**
 * A subscribe whose check was running when access changed (a member removed, the project made
 * private) is checked again before the socket gets anything: the check may have read the old
 * access, and the room's re-check may have run before this member was in it.
 */
const actor: Actor = { id: 7, username: 'bob', isAdmin: false, scopes: null };
const grant: NoteableGrant = {
  noteable: { type: 'Issue', id: 42, ref: { id: 42, iid: 3, project_path: 'acme/secret' } },
  projectId: 1,
  seq: 5,
  abilities: { readInternalNotes: false },
};

function setup() {
  const checks: Array<(g: NoteableGrant) => void> = [];
  let verified = 0;
  let stillReads: DeliveryAbilities | null = null;
  const port = {
    type: 'Issue',
    resolve: () => new Promise<NoteableGrant>((resolve) => checks.push(resolve)),
    targetKey: (t: { project_path: string; iid: number }) => `${t.project_path}#${t.iid}`,
    keyOf: (g: NoteableGrant) => `${g.noteable.ref.project_path}#${g.noteable.ref.iid}`,
    verify: async () => {
      verified++;
      return stillReads;
    },
  } as unknown as NoteableAccess;
  const log = { currentSeqs: async () => new Map([[42, 5]]), eventsAfter: async () => [] } as unknown as EventLogService;
  const rooms = new RoomRegistry();
  const access = new RoomAccess(new Map([['Issue', port]]) as unknown as NoteableAccessRegistry, rooms);
  const audience = { restrict: () => null } as unknown as EventAudience;
  const delivery = new RoomDelivery(log, rooms, access, audience);
  const service = new SubscribeService(log, rooms, access, delivery, audience);
  const heard: Array<[string, unknown]> = [];
  const joined: string[] = [];
  const handlers = new Map<string, (...a: unknown[]) => void>();
  const socket = {
    id: 's1',
    connected: true,
    data: { actor, subs: new Map() },
    on: (name: string, fn: (...a: unknown[]) => void) => handlers.set(name, fn),
    emit: (name: string, payload: unknown) => heard.push([name, payload]),
    join: (room: string) => joined.push(room),
    leave: () => undefined,
  } as unknown as TandemSocket;
  service.attach(socket);
  const subscribe = () =>
    new Promise<{ ok: boolean; code?: string }>((resolve) => handlers.get('subscribe')!.call(socket, { channel: 'IssuesChannel', project_path: 'acme/secret', iid: 3 }, resolve));
  return { access, checks, heard, joined, subscribe, verifiedCount: () => verified, setStillReads: (a: DeliveryAbilities | null) => (stillReads = a), rooms };
}

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 1));
};

describe('a subscribe across an access change', () => {
  it('is refused when the member lost access while its check ran, and joins nothing', async () => {
    const t = setup();
    const acked = t.subscribe();
    await until(() => t.checks.length === 1);
    // The removal is handled while the check, which read the old access, is still on its way
    t.access.forget('Issue', 42);
    t.checks[0]!(grant);
    expect(await acked).toMatchObject({ ok: false, code: 'not_found' });
    expect(t.verifiedCount()).toBe(1);
    expect(t.joined).toEqual([]);
    expect(t.heard.map(([name]) => name)).toEqual(['unsubscribed']);
    for (const r of t.rooms.all()) t.rooms.close(r);
  });

  it('goes on when the member still has access after the change, and is not checked again without one', async () => {
    const t = setup();
    t.setStillReads({ readInternalNotes: false });
    const acked = t.subscribe();
    await until(() => t.checks.length === 1);
    t.access.forget('Issue', 42);
    t.checks[0]!(grant);
    expect(await acked).toMatchObject({ ok: true });
    expect(t.verifiedCount()).toBe(1);
    expect(t.joined).toEqual(['Issue:42']);

    // No change while the next check runs: no second look
    const u = setup();
    const again = u.subscribe();
    await until(() => u.checks.length === 1);
    u.checks[0]!(grant);
    expect(await again).toMatchObject({ ok: true });
    expect(u.verifiedCount()).toBe(0);
    for (const r of t.rooms.all()) t.rooms.close(r);
    for (const r of u.rooms.all()) u.rooms.close(r);
  });
});
