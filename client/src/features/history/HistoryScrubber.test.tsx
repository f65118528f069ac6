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
});
