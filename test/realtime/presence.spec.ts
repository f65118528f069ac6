import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep, startTwoNodes, tokenFor, updateIssue, waitFor, type NodeProc, type TwoNodes } from './support/harness';
import { RtClient } from './support/rt-client';

/**
 * Presence across two nodes: a tab's state reaches the issue's other watchers on the other
 * node, never its sender, never a socket that may not read the issue; 'left' follows at once
 * when the tab closes or loses access. Nothing is stored.
 */
const PROJECT = 'acme/tandem';

describe('presence on two nodes sharing Redis', () => {
  let nodes: TwoNodes;
  let a: NodeProc;
  let b: NodeProc;
  let alice: string;
  let pid: number;
  const clients: RtClient[] = [];

  beforeAll(async () => {
    nodes = await startTwoNodes('presence');
    ({ a, b, alice, pid } = nodes);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await nodes?.stop();
  });

  const as = async (user: string, node: NodeProc) => {
    const c = new RtClient([node.url], await tokenFor(node.url, user), { autoReconnect: false });
    clients.push(c);
    await c.connect();
    return c;
  };
  const say = (c: RtClient, iid: number, state: string) => c.socket!.emit('presence', { project_path: PROJECT, iid, state } as never);
  const heardFrom = (c: RtClient, username: string, iid: number) => c.presence.filter((p) => p.user.username === username && p.iid === iid);

  it('a state announced on node A reaches a watcher on node B, then "left" when the tab closes', async () => {
    const bob = await as('bob', b);
    const carol = await as('carol', a);
    expect(await bob.subscribe(PROJECT, 10)).toMatchObject({ ok: true });
    expect(await carol.subscribe(PROJECT, 10)).toMatchObject({ ok: true });

    say(carol, 10, 'editing');
    const [first] = await waitFor('carol editing, heard on node B', () => (heardFrom(bob, 'carol', 10).length ? heardFrom(bob, 'carol', 10) : null));
    expect(first).toMatchObject({ project_path: PROJECT, iid: 10, state: 'editing', hello: true, session: carol.socket!.id, user: { username: 'carol', name: expect.any(String) } });

    // a repeat within the minimum interval is not passed on; a change is, and is no hello
    say(carol, 10, 'editing');
    say(carol, 10, 'typing');
    await waitFor('carol typing', () => heardFrom(bob, 'carol', 10).some((p) => p.state === 'typing'));
    expect(heardFrom(bob, 'carol', 10).map((p) => [p.state, p.hello])).toEqual([['editing', true], ['typing', false]]);
    // the sender never hears itself
    expect(carol.presence.filter((p) => p.user.username === 'carol')).toEqual([]);

    const session = carol.socket!.id;
    const t0 = Date.now();
    carol.close();
    await waitFor('left after the tab closed', () => heardFrom(bob, 'carol', 10).some((p) => p.state === 'left' && p.session === session));
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  it("an answer to a newcomer's hello passes the repeat limit, once per interval, so the newcomer sees who is there at once", async () => {
    const bob = await as('bob', b);
    const carol = await as('carol', a);
    expect(await bob.subscribe(PROJECT, 11)).toMatchObject({ ok: true });
    expect(await carol.subscribe(PROJECT, 11)).toMatchObject({ ok: true });
    const answer = (c: RtClient, state: string) => c.socket!.emit('presence', { project_path: PROJECT, iid: 11, state, answer: true } as never);

    say(carol, 11, 'viewing');
    await waitFor('carol viewing', () => (heardFrom(bob, 'carol', 11).length ? true : null));
    // within the interval: a plain repeat is dropped; an answer goes; a second answer does not
    say(carol, 11, 'viewing');
    answer(carol, 'viewing');
    answer(carol, 'viewing');
    say(carol, 11, 'typing');
    await waitFor('carol typing', () => heardFrom(bob, 'carol', 11).some((p) => p.state === 'typing'));
    expect(heardFrom(bob, 'carol', 11).map((p) => p.state)).toEqual(['viewing', 'viewing', 'typing']);
  });

  it('only sockets subscribed to the issue hear it, and only subscribers may announce', async () => {
    const bob = await as('bob', a);
    expect(await bob.subscribe(PROJECT, 11)).toMatchObject({ ok: true });
    // erin watches another issue; her announcement for issue 11 without a subscription goes nowhere
    const erin = await as('erin', b);
    expect(await erin.subscribe(PROJECT, 12)).toMatchObject({ ok: true });
    say(erin, 11, 'viewing');
    // dave, a guest, cannot subscribe to the confidential issue 4, so cannot announce on it either
    const dave = await as('dave', b);
    expect(await dave.subscribe(PROJECT, 4)).toMatchObject({ ok: false });
    const carol = await as('carol', a);
    expect(await carol.subscribe(PROJECT, 4)).toMatchObject({ ok: true });
    say(dave, 4, 'typing');
    // bob's own announcement on 11 is not heard by erin (she is on issue 12)
    say(bob, 11, 'viewing');
    await sleep(800);
    expect(heardFrom(bob, 'erin', 11)).toEqual([]);
    expect(heardFrom(carol, 'dave', 4)).toEqual([]);
    expect(erin.presence).toEqual([]);
  });

  it('a watcher who loses access is announced as left to those who remain', async () => {
    const dave = await as('dave', b);
    const carol = await as('carol', a);
    expect(await dave.subscribe(PROJECT, 13)).toMatchObject({ ok: true });
    expect(await carol.subscribe(PROJECT, 13)).toMatchObject({ ok: true });
    say(dave, 13, 'viewing');
    await waitFor('dave viewing', () => heardFrom(carol, 'dave', 13).length === 1);
    await updateIssue(a.url, alice, pid, 13, { confidential: true });
    await waitFor('dave left when the issue turned confidential', () => heardFrom(carol, 'dave', 13).some((p) => p.state === 'left'));
    await updateIssue(a.url, alice, pid, 13, { confidential: false });
  });
});
