import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TabList } from './TabList';

function Bar() {
  const [tab, setTab] = useState<'open' | 'closed' | 'all'>('open');
  return (
    <>
      <TabList
        label="Issue state"
        tabs={[
          { id: 'open', label: 'Open' },
          { id: 'closed', label: 'Closed' },
          { id: 'all', label: 'All' },
        ]}
        selected={tab}
        onSelect={setTab}
      />
      <p>showing {tab}</p>
    </>
  );
}

describe('TabList', () => {
  it('is one tab stop; arrows, Home and End move, select and focus; clicks select', () => {
    render(<Bar />);
    expect(screen.getByRole('tablist', { name: 'Issue state' })).toBeTruthy();
    // Only the selected tab is in the Tab order
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    const key = (k: string) => fireEvent.keyDown(document.activeElement!, { key: k });
    screen.getByRole('tab', { name: 'Open' }).focus();
    key('ArrowRight');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Closed' }));
    expect(screen.getByRole('tab', { name: 'Closed' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Open' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByText('showing closed')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.getAttribute('tabindex'))).toEqual(['-1', '0', '-1']);
    key('End');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'All' }));
    key('ArrowRight');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Open' }));
    key('ArrowLeft');
    expect(screen.getByText('showing all')).toBeTruthy();
    key('Home');
    expect(screen.getByText('showing open')).toBeTruthy();
    // Other keys do nothing
    key('a');
    expect(screen.getByText('showing open')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    expect(screen.getByText('showing all')).toBeTruthy();
  });
});
