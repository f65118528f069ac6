import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { NOTES_FILTER } from '@tandem/shared-types';
import { useNotesView } from './useNotesView';

describe('useNotesView', () => {
  it('timeline view shows comments only, and leaving it gives back the filter the user had', () => {
    const { result } = renderHook(() => useNotesView(NOTES_FILTER.all));
    act(() => result.current.toggleTimeline(true));
    expect(result.current).toMatchObject({ timeline: true, filter: NOTES_FILTER.comments, sort: 'desc', persist: false });
    act(() => result.current.toggleTimeline(false));
    expect(result.current).toMatchObject({ timeline: false, filter: NOTES_FILTER.all });
  });

  it('a filter chosen in timeline view ends it and stays', () => {
    const { result } = renderHook(() => useNotesView(NOTES_FILTER.all));
    act(() => result.current.toggleTimeline(true));
    act(() => result.current.setFilter(NOTES_FILTER.history));
    expect(result.current).toMatchObject({ timeline: false, filter: NOTES_FILTER.history, persist: true });
  });
});
