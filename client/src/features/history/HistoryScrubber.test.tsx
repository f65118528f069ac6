import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { emptyHistoryState, replayHistory, type AnyRealtimeEvent, type HistorySnapshotPage } from '@tandem/shared-types';
import { deferred, renderWithStores, stubFetch, type FetchCall } from '../../test/kit';
import { HistoryScrubber } from './HistoryScrubber';

const HEAD = 1203;
const actor = { id: 1, username: 'bob', name: 'Bob', state: 'active', locked: false, avatar_url: null, web_url: '' };
const log: AnyRealtimeEvent[] = Array.from({ length: HEAD }, (_, k) => {
  const seq = k + 1;
  const at = new Date(Date.UTC(2026, 10, 27, 14, 0, 0) + seq * 1000).toISOString();
  return { type: seq === 1 ? 'issue.created' : 'issue.updated', seq, issue: { id: 1, iid: 1, project_path: 'acme/tandem' }, payload: { fields: { title: `T${seq}`, lock_version: seq, updated_at: at } }, actor, at } as AnyRealtimeEvent;
});

/** The server's answer: the state before the step asked (or before the last per_page events), then the events from it. */
function snapshot(call: FetchCall): HistorySnapshotPage {
  const per = Number(call.query.get('per_page') ?? 250);
  const at = call.query.get('at_seq');
  const from = at !== null ? Math.max(0, Number(at) - 1) : Math.max(0, HEAD - per);
  const events = log.filter((e) => e.seq > from && e.seq <= from + per);
  const last = events.at(-1)?.seq ?? from;
  return { head_seq: HEAD, start_seq: 0, base: replayHistory(log.slice(0, from), emptyHistoryState()), events, next_after_seq: last < HEAD ? last : null };
}

describe('HistoryScrubber', () => {
  it('opens at the present from one snapshot page, then puts the earlier history in front without moving the user', async () => {
    const earlier = deferred();
    const fetch = stubFetch({
      'GET /api/v4/projects/acme%2Ftandem/issues/1/history/snapshot': async (call) => {
        if (call.query.get('at_seq') !== null) await earlier.handler();
        return snapshot(call);
      },
    });
    renderWithStores(<HistoryScrubber restBase="/api/v4/projects/acme%2Ftandem/issues/1" projectPath="acme/tandem" iid={1} kind="Issue" link={null} onClose={() => {}} />);
    // The present at once: the last 250 events behind the state before them
    expect((await screen.findByTestId('history-title')).textContent).toBe(`T${HEAD}`);
    expect((screen.getByTestId('history-step-count')).textContent).toBe('Step 251 of 251');
    expect(screen.getByTestId('history-loading-earlier')).not.toBeNull();
    expect(screen.queryByTestId('history-export')).toBeNull();
    expect(fetch.calls[0]!.query.get('at_seq')).toBeNull();
    // One step back while the rest loads
    fireEvent.keyDown(screen.getByTestId('history-step-label'), { key: 'ArrowLeft' });
    expect((screen.getByTestId('history-title')).textContent).toBe(`T${HEAD - 1}`);
    await act(async () => earlier.release(undefined));
    // The earlier page (back to the start: the checkpoint before 953 is 0) in front: same step, every step there
    await waitFor(() => expect((screen.getByTestId('history-step-count')).textContent).toBe(`Step ${HEAD - 1} of ${HEAD}`));
    expect((screen.getByTestId('history-title')).textContent).toBe(`T${HEAD - 1}`);
    expect(fetch.lastCall('GET /api/v4/projects/acme%2Ftandem/issues/1/history/snapshot').query.get('per_page')).toBe(String(HEAD - 250));
    expect(screen.queryByTestId('history-loading-earlier')).toBeNull();
    expect(screen.getByTestId('history-export')).not.toBeNull();
    fireEvent.change(screen.getByTestId('history-slider'), { target: { value: '0' } });
    expect((screen.getByTestId('history-title')).textContent).toBe('T1');
    expect((screen.getByTestId('history-step-label')).textContent).toMatch(/^bob created the issue at 14:00:01$/);
  }, 20_000);

  it('a step is one render and one commit; a description diff not computed yet follows its step, and shows with it when revisited', async () => {
    // Titles change on every step, the description on every tenth
    const events = Array.from({ length: 40 }, (_, k) => {
      const seq = k + 1;
      const at = new Date(Date.UTC(2026, 10, 27, 15, 0, 0) + seq * 1000).toISOString();
      const fields = seq % 10 === 0 ? { title: `S${seq}`, description: `Words of step ${seq}` } : { title: `S${seq}` };
      return { type: seq === 1 ? 'issue.created' : 'issue.updated', seq, issue: { id: 2, iid: 2, project_path: 'acme/tandem' }, payload: { fields: { ...fields, lock_version: seq, updated_at: at } }, actor, at } as AnyRealtimeEvent;
    });
    stubFetch({ 'GET /api/v4/projects/acme%2Ftandem/issues/2/history/snapshot': { head_seq: 40, start_seq: 0, base: emptyHistoryState(), events, next_after_seq: null } });
    let commits = 0;
    renderWithStores(
      <Profiler id="history" onRender={() => (commits += 1)}>
        <HistoryScrubber restBase="/api/v4/projects/acme%2Ftandem/issues/2" projectPath="acme/tandem" iid={2} kind="Issue" link={null} onClose={() => {}} />
      </Profiler>,
    );
    await waitFor(() => expect(screen.getByTestId('history-export')).not.toBeNull());
    expect(screen.getByTestId('history-step-count').textContent).toBe('Step 40 of 40');
    expect(screen.getByTestId('history-description-diff').querySelector('ins')?.textContent).toBe('40');
    const press = async (key: 'ArrowLeft' | 'ArrowRight') => {
      commits = 0;
      await act(async () => {
        fireEvent.keyDown(screen.getByTestId('history-step-label'), { key });
      });
      return commits;
    };
    await press('ArrowLeft');
    // Steps that change no description: one commit each, nothing deferred
    for (let seq = 38; seq > 30; seq--) {
      expect(await press('ArrowLeft')).toBe(1);
      expect(screen.getByTestId('history-title').textContent).toBe(`S${seq}`);
      expect(screen.queryByTestId('history-description-diff')).toBeNull();
    }
    // A diff not computed yet: the step, then its diff
    expect(await press('ArrowLeft')).toBe(2);
    expect(screen.getByTestId('history-description-diff').querySelector('ins')?.textContent).toBe('30');
    // Back at the last step: its diff was computed before and shows in the step's own commit
    for (let k = 0; k < 9; k++) await press('ArrowRight');
    expect(await press('ArrowRight')).toBe(1);
    expect(screen.getByTestId('history-title').textContent).toBe('S40');
    expect(screen.getByTestId('history-description-diff').querySelector('ins')?.textContent).toBe('40');
  });
});
